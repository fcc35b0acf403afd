import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/database.ts';
import { REFERENCE_DIR } from '../../reference-dir.ts';
import { loadHazardCards } from './hazard-cards.ts';


interface CountyRecord {
  id: string;
  name: string;
}
interface MunicipalityRecord {
  id: string;
  name: string;
  displayName: string;
  countyId: string;
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(join(REFERENCE_DIR, file), 'utf8')) as T;
}

/** Upserts the counties and municipalities and loads the hazard cards; cheap enough to run on every start. */
export async function loadReferenceData(db: Db): Promise<void> {
  const counties = await readJson<CountyRecord[]>('counties.json');
  const municipalities = await readJson<MunicipalityRecord[]>('municipalities.json');
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
  await loadHazardCards(db);
}
