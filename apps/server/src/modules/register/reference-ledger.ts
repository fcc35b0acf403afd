import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { findAccidentReferences, freeAccidentReferences } from './register.repository.ts';

/** What PostgreSQL says when an accident's reference number is already another facility's. */
const REFERENCE_TAKEN = 'duplicate key value violates unique constraint "accident_reference_number_key"';

/** A facility about to be written, as far as its accidents' reference numbers go. */
export interface LedgerEntry {
  id: number;
  references: readonly string[];
}

/**
 * A dry run's memory of what its earlier batches would have written, for the one constraint that
 * spans records: an accident's reference number is unique in the register. A dry run writes each
 * batch and rolls it back (the database judges every record as the import would), so a batch no
 * longer sees the batches before it; this ledger does. It holds only what accidents need (who
 * holds which number as the file leaves it, and which numbers the rewritten facilities let go),
 * so its size follows the accidents, not the register.
 *
 * A unit is what the import writes in one transaction: a batch, or a single record when the
 * database refused the batch. Within a unit the import first deletes the children of every
 * facility it rewrites, so a number held by a facility of the same unit is free for the others;
 * two records of one unit with the same number are for the database to refuse.
 */
export class ReferenceLedger {
  /** Reference number → the facility that holds it once the accepted records so far are written. */
  readonly #holder = new Map<string, number>();
  /** Facility → its reference numbers as the file's last accepted record of it has them. */
  readonly #heldBy = new Map<number, readonly string[]>();
  /** Numbers the database holds for a facility that the file has since rewritten without them. */
  readonly #released = new Set<string>();
  /** For the batch at hand: who holds its numbers in the database (as it was before the dry run)... */
  #inDatabase = new Map<string, number>();
  /** ...and which numbers its facilities hold there now. */
  #ownedInDatabase = new Map<number, string[]>();

  /** Reads what the database holds for one batch, before its units are judged. */
  async prepare(db: Db, entries: readonly LedgerEntry[]): Promise<void> {
    const references = [...new Set(entries.flatMap((e) => e.references))];
    const ids = entries.map((e) => e.id);
    const [holders, owned] = await Promise.all([
      findAccidentReferences(db, { references }),
      findAccidentReferences(db, { facilityIds: ids }),
    ]);
    this.#inDatabase = new Map(holders.map((r) => [r.reference_number, r.facility_id]));
    this.#ownedInDatabase = new Map();
    for (const row of owned) {
      const list = this.#ownedInDatabase.get(row.facility_id) ?? [];
      list.push(row.reference_number);
      this.#ownedInDatabase.set(row.facility_id, list);
    }
  }

  /** Why the database would refuse `entry` written in `unit` after the accepted records so far; null: it would not (on this count). */
  conflict(entry: LedgerEntry, unit: ReadonlySet<number>): string | null {
    for (const reference of entry.references) {
      const holder = this.#holder.get(reference) ?? (this.#released.has(reference) ? undefined : this.#inDatabase.get(reference));
      if (holder !== undefined && holder !== entry.id && !unit.has(holder)) {
        return `${REFERENCE_TAKEN} (reference number ${reference} belongs to facility ${holder})`;
      }
    }
    return null;
  }

  /**
   * In the unit's transaction (rolled back afterwards): frees the unit's numbers where the database
   * still has them for other facilities. The ledger has judged those (conflict() found none), so
   * the rows stand for what earlier batches would have changed; what the database then refuses is
   * the unit's own doing.
   */
  async stage(trx: Transaction<Database>, entries: readonly LedgerEntry[]): Promise<void> {
    const references = [...new Set(entries.flatMap((e) => e.references))];
    await freeAccidentReferences(
      trx,
      references,
      entries.map((e) => e.id),
    );
  }

  /** Records that the database accepted these entries: their numbers are theirs from now on. */
  accept(entries: readonly LedgerEntry[]): void {
    for (const { id, references } of entries) {
      for (const reference of this.#heldBy.get(id) ?? []) {
        this.#holder.delete(reference);
        this.#released.add(reference);
      }
      for (const reference of this.#ownedInDatabase.get(id) ?? []) this.#released.add(reference);
      for (const reference of references) this.#holder.set(reference, id);
      if (references.length > 0) this.#heldBy.set(id, references);
      else this.#heldBy.delete(id);
    }
  }
}
