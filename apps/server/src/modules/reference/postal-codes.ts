import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REFERENCE_DIR } from '../../reference-dir.ts';

export interface PostalCodeRecord {
  postcode: string;
  place: string;
  municipalityId: string;
}

let cached: Promise<PostalCodeRecord[]> | undefined;

/** Posten's postcodes with their primary municipality (reference data). */
export function loadPostalCodeRecords(): Promise<PostalCodeRecord[]> {
  cached ??= readFile(join(REFERENCE_DIR, 'postal-codes.json'), 'utf8').then((text) => JSON.parse(text) as PostalCodeRecord[]);
  return cached;
}

/** postcode → municipality id */
export async function loadPostalCodes(): Promise<Map<string, string>> {
  return new Map((await loadPostalCodeRecords()).map((p) => [p.postcode, p.municipalityId]));
}
