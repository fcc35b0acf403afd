import type { Db } from '../../db/database.ts';
import { readHazardReference } from './hazard-reference.ts';
import { findLoadedHazardCardsVersion, replaceHazardCards } from './reference-data.repository.ts';

/**
 * Replaces the hazard guides and cards with the reference file's when its version differs from
 * the loaded one; cheap to call on every start.
 */
export async function loadHazardCards(db: Db): Promise<void> {
  const reference = await readHazardReference();
  if ((await findLoadedHazardCardsVersion(db)) === reference.version) return;
  await replaceHazardCards(db, reference);
}
