import type { Db } from '../../db/database.ts';
import type { HazardReference } from './hazard-reference.ts';

/** Upserts the counties and municipalities (their ids are kept; names and counties follow the file). */
export async function upsertAdministrativeDivision(
  db: Db,
  counties: readonly { id: string; name: string }[],
  municipalities: readonly { id: string; countyId: string; name: string; displayName: string }[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('county')
      .values(counties.map((c) => ({ id: c.id, name: c.name })))
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
      .execute();
    await trx
      .insertInto('municipality')
      .values(municipalities.map((m) => ({ id: m.id, county_id: m.countyId, name: m.name, display_name: m.displayName })))
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          county_id: eb.ref('excluded.county_id'),
          name: eb.ref('excluded.name'),
          display_name: eb.ref('excluded.display_name'),
        })),
      )
      .execute();
  });
}

/** The version of the hazard-card file the loaded cards came from; undefined before any is loaded. */
export async function findLoadedHazardCardsVersion(db: Db): Promise<string | undefined> {
  const loaded = await db.selectFrom('hazard_card').select('reference_version').limit(1).executeTakeFirst();
  return loaded?.reference_version;
}

/**
 * Replaces the hazard guides and cards with the file's, in one transaction. Nothing else refers to
 * these rows by key but the cards to their guides, so a whole replacement is safe.
 */
export async function replaceHazardCards(db: Db, reference: HazardReference): Promise<void> {
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
