import type { Db } from '../db/database.ts';
import type { Log } from '../logger.ts';
import { insertAddresses, insertStreets } from '../modules/reference-layers/addresses.repository.ts';
import type { AddressRow } from '../modules/reference-layers/kartverket-addresses.ts';
import { activateVersion, activeVersion } from '../modules/reference-layers/layer-versions.repository.ts';
import { withIndexesDeferred } from '../modules/register/deferred-indexes.repository.ts';
import { demoRegisterAddresses } from './demo-addresses.repository.ts';
import { startDemoVersion } from './demo-layer-version.ts';

/**
 * The demo installation's address layer (issue 37): clearly fictional, like the demo register it
 * is made from, so that a street address is found offline on a fresh `npm start`, whatever the
 * user's municipalities: every placed address of a demo facility, once, at the facility's
 * position. (Neighbouring numbers along each street tripled the rows and added seconds to the
 * first start, which issue 39 holds to 30 s.)
 */
export const DEMO_ADDRESS_SOURCE = 'FAST demodata: fiktive adresser fra demoregisteret';

/** "Kirkeveien 52B" → street, number, letter; null for an address without a house number. */
function parseStreetAddress(text: string): { street: string; number: number; letter: string | null } | null {
  const match = /^(.+?)\s+(\d+)\s*([A-Za-z])?$/.exec(text.trim());
  if (!match?.[1] || !match[2]) return null;
  return { street: match[1], number: Number(match[2]), letter: match[3]?.toUpperCase() ?? null };
}

export function demoAddressRows(facilities: Awaited<ReturnType<typeof demoRegisterAddresses>>): AddressRow[] {
  const rows: AddressRow[] = [];
  const seen = new Set<string>();
  for (const f of facilities) {
    const address = parseStreetAddress(f.street_address ?? '');
    if (!address || f.latitude === null || f.longitude === null) continue;
    const key = `${address.street}|${address.number}|${address.letter ?? ''}|${f.postal_code ?? ''}`.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({
      id: rows.length + 1,
      municipalityId: f.municipality_id,
      ...address,
      postalCode: f.postal_code,
      postalPlace: f.postal_place,
      latitude: f.latitude,
      longitude: f.longitude,
    });
  }
  return rows;
}

/** Loads the demo address layer when no address layer has been loaded (DEMO_DATA=auto, after the demo register). */
export async function loadDemoAddressesIfEmpty(db: Db, log: Log): Promise<number | null> {
  if ((await activeVersion(db, 'addresses')) !== null) return null;
  const rows = demoAddressRows(await demoRegisterAddresses(db));
  if (rows.length === 0) return null;
  const version = await startDemoVersion(db, 'addresses', DEMO_ADDRESS_SOURCE, rows);
  // In the start's own process, before anyone reads: the house index is built once, at the end.
  await withIndexesDeferred(db, async () => {
    for (let i = 0; i < rows.length; i += BATCH) await insertAddresses(db, version.id, rows.slice(i, i + BATCH));
    await insertStreets(db, version.id);
    await activateVersion(db, version.id, rows.length);
  }, ['address']);
  log.info({ addresses: rows.length }, 'demo address layer loaded');
  return rows.length;
}

const BATCH = 5_000;
