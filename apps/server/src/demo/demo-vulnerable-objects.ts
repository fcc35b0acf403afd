import type { VulnerableObjectKind } from '@fast/contracts';
import type { Db } from '../db/database.ts';
import type { Log } from '../logger.ts';
import { activateVersion, activeVersion } from '../modules/reference-layers/layer-versions.repository.ts';
import type { VulnerableObjectRow } from '../modules/reference-layers/vulnerable-objects-file.ts';
import { insertVulnerableObjects } from '../modules/vulnerable-objects/vulnerable-objects.repository.ts';
import { startDemoVersion } from './demo-layer-version.ts';
import { placeName, streetAddress } from './names.ts';
import { loadPlaces, type Places, pointIn } from './places.ts';
import { Random } from './random.ts';

/**
 * The demo installation's vulnerable objects (issue 37): clearly fictional, generated from a fixed
 * seed like the demo register, placed where people live (around each town centre, inside the
 * municipality), as many as Norway has per inhabitant: a kindergarten per ~1 000 inhabitants
 * (5 500 in the country), a school per ~1 900 (2 800), a care home per ~5 500 (1 000), and a
 * hospital in each town of 40 000 or more.
 */
export const DEMO_VULNERABLE_SOURCE = 'FAST demodata: fiktive skoler, barnehager, sykehjem og sykehus';

const SEED = 'fast-demo-vulnerable-objects-v1';

interface KindPlan {
  kind: VulnerableObjectKind;
  inhabitantsEach: number;
  /** The name after the place name: "Solbakken barnehage". */
  noun: string;
  capacity: [min: number, mode: number, max: number];
}

const PLANS: KindPlan[] = [
  { kind: 'kindergarten', inhabitantsEach: 1_000, noun: 'barnehage', capacity: [15, 60, 140] },
  { kind: 'school', inhabitantsEach: 1_900, noun: 'skole', capacity: [40, 280, 700] },
  { kind: 'care-home', inhabitantsEach: 5_500, noun: 'sykehjem', capacity: [16, 50, 140] },
];
const HOSPITAL_TOWN = 40_000;

/** Every demo object, deterministic for the reference data it is made from. */
export function demoVulnerableObjectRows(places: Places): VulnerableObjectRow[] {
  const random = new Random(SEED);
  const rows: VulnerableObjectRow[] = [];
  for (const m of places.municipalities) {
    const postal = places.postalCodes.get(m.id) ?? [];
    const add = (kind: VulnerableObjectKind, name: string, capacity: number) => {
      const [longitude, latitude] = pointIn(places, random, m, true);
      const code = postal.length > 0 ? random.pick(postal) : null;
      const street = streetAddress(random, m.countyId);
      rows.push({
        sourceId: `demo-${m.id}-${rows.length + 1}`,
        kind,
        name,
        address: code ? `${street}, ${code.postcode} ${code.place}` : street,
        municipalityId: m.id,
        capacity,
        latitude,
        longitude,
      });
    };
    for (const plan of PLANS) {
      const count = Math.max(1, Math.round(m.population / plan.inhabitantsEach));
      for (let i = 0; i < count; i++) {
        add(plan.kind, `${placeName(random)} ${plan.noun}`, Math.round(random.triangular(...plan.capacity)));
      }
    }
    if (m.population >= HOSPITAL_TOWN) {
      add('hospital', `${m.adminCentre} sykehus`, Math.round(random.triangular(80, 250, 1_200)));
    }
  }
  return rows;
}

const BATCH = 5_000;

/** Loads the demo layer when no vulnerable objects have been loaded (DEMO_DATA=auto, after the demo register). */
export async function loadDemoVulnerableObjectsIfEmpty(db: Db, log: Log): Promise<number | null> {
  if ((await activeVersion(db, 'vulnerable-objects')) !== null) return null;
  const rows = demoVulnerableObjectRows(await loadPlaces());
  const version = await startDemoVersion(db, 'vulnerable-objects', DEMO_VULNERABLE_SOURCE, rows);
  for (let i = 0; i < rows.length; i += BATCH) await insertVulnerableObjects(db, version.id, rows.slice(i, i + BATCH));
  await activateVersion(db, version.id, rows.length);
  log.info({ vulnerableObjects: rows.length }, 'demo vulnerable objects loaded');
  return rows.length;
}
