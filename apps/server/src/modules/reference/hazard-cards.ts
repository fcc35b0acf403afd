import { readHazardReference } from './hazard-reference.ts';
import type { Db } from '../../db/database.ts';

/**
 * Replaces the hazard guides and cards with the reference file's when its version differs from
 * the loaded one; cheap to call on every start. Nothing else refers to these rows by key but the
 * cards to their guides, so a whole replacement in one transaction is safe.
 */
export async function loadHazardCards(db: Db): Promise<void> {
  const reference = await readHazardReference();
  const loaded = await db.selectFrom('hazard_card').select('reference_version').limit(1).executeTakeFirst();
  if (loaded?.reference_version === reference.version) return;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('hazard_card').execute();
    await trx.deleteFrom('hazard_guide').execute();
    await trx
      .insertInto('hazard_guide')
      .values(
        Object.entries(reference.guides).map(([guide, g]) => ({
          guide: Number(guide),
          edition: g.edition,
          title_nb: g.title.nb,
          title_nn: g.title.nn,
          essentials_nb: JSON.stringify(g.essentials.nb),
          essentials_nn: JSON.stringify(g.essentials.nn),
        })),
      )
      .execute();
    await trx
      .insertInto('hazard_card')
      .values(
        reference.cards.map((c) => ({
          un_number: c.unNumber,
          name_nb: c.name.nb,
          name_nn: c.name.nn,
          name_en: c.name.en,
          adr_class: c.adr.class,
          classification_code: c.adr.classificationCode,
          packing_group: c.adr.packingGroup,
          labels: JSON.stringify(c.adr.labels),
          hazard_number: c.adr.hazardNumber,
          guide: c.erg?.guide ?? null,
          guide_polymerisation: c.erg?.polymerisation ?? false,
          guide_basis: c.erg?.basis ?? null,
          reference_version: reference.version,
        })),
      )
      .execute();
  });
}
