import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/database.ts';
import { REFERENCE_DIR } from '../../reference-dir.ts';
import { loadHazardCards } from './hazard-cards.ts';
import { upsertAdministrativeDivision } from './reference-data.repository.ts';

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
  await upsertAdministrativeDivision(db, counties, municipalities);
  await loadHazardCards(db);
}
