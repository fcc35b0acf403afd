import type { BleveRow, ErgFigures, GuideDistances, Table1Row, Table3Container, Table3Row } from '@fast/contracts';
import { ERG_SOURCE_EDITION, type ErgSourceRecord } from './erg-source.ts';

/**
 * The ERG's figures by UN number, derived field by field from the source records (erg-source.ts).
 * Which field holds what is the data dictionary's (reference/erg-2016); a 0 in the source means the
 * ERG gives no such distance.
 */
export interface ErgTables {
  edition: string;
  figuresFor(unNumber: string, guide: number): ErgFigures | null;
}

/** The guides whose large-spill evacuation is in all directions (the explosives guides' own words). */
export const ALL_DIRECTIONS_GUIDES: ReadonlySet<number> = new Set([112, 114]);

/** Table 3's container rows by the source's field prefix (see the data dictionary's notes). */
export const TABLE3_FIELD_PREFIXES: Readonly<Record<Table3Container, string>> = {
  'rail-tank-car': 'RAIL',
  'highway-tank-truck': 'SEMI',
  'agricultural-nurse-tank': 'AG',
  'multiple-ton-cylinders': 'MTON',
  'multiple-small-cylinders-or-single-ton-cylinder': 'STON',
  'multiple-small-cylinders': 'MSM',
};

/** The BLEVE table's tank capacities, litres, as the source's BLV{n}L fields name them. */
export const BLEVE_CAPACITIES_LITRES = [100, 400, 2_000, 4_000, 8_000, 22_000, 42_000, 82_000, 140_000] as const;

const metres = (record: ErgSourceRecord, field: string): number => {
  const value = record[field];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new Error(`ERG field ${field} is not a distance`);
  return value;
};
const orNull = (value: number) => (value > 0 ? value : null);
const flag = (record: ErgSourceRecord, field: string) => record[field] === 'Yes';

function guideDistances(record: ErgSourceRecord, guide: number): GuideDistances {
  return {
    isolationM: metres(record, 'SM_ISO'),
    largeSpillM: orNull(metres(record, 'LG_ISO')),
    largeSpillAllDirections: ALL_DIRECTIONS_GUIDES.has(guide),
    fireIsolationM: orNull(metres(record, 'FIRE_ISO')),
  };
}

/** A material is in Table 1 when it has protective-action distances or is sent to Table 3. */
function table1Of(record: ErgSourceRecord): Table1Row | null {
  const table3 = flag(record, 'TABLE3');
  if (!table3 && metres(record, 'SM_DY') === 0) return null;
  const spill = (prefix: 'SM' | 'LG') => ({
    isolationM: metres(record, `${prefix}_ISO`),
    dayM: metres(record, `${prefix}_DY`),
    nightM: metres(record, `${prefix}_NTE`),
  });
  return {
    material: String(record.Material),
    atmospheric: flag(record, 'ATM'),
    smallSpill: spill('SM'),
    largeSpill: table3 ? null : spill('LG'),
  };
}

function table3Of(record: ErgSourceRecord): Table3Row[] | null {
  if (!flag(record, 'TABLE3')) return null;
  const rows: Table3Row[] = [];
  for (const [container, prefix] of Object.entries(TABLE3_FIELD_PREFIXES) as [Table3Container, string][]) {
    const isolationM = metres(record, `${prefix}_ISO`);
    if (isolationM === 0) continue;
    const winds = (time: 'DY' | 'NTE') => ({
      low: metres(record, `${prefix}${time}LOW`),
      moderate: metres(record, `${prefix}${time}MOD`),
      high: metres(record, `${prefix}${time}HI`),
    });
    rows.push({ container, isolationM, day: winds('DY'), night: winds('NTE') });
  }
  return rows;
}

function bleveOf(record: ErgSourceRecord): BleveRow[] | null {
  if (!flag(record, 'BLEVE')) return null;
  return BLEVE_CAPACITIES_LITRES.map((capacityLitres) => ({
    capacityLitres,
    evacuationM: metres(record, `BLV${capacityLitres}L`),
  }));
}

const largestNight = (record: ErgSourceRecord) => [metres(record, 'LG_NTE'), metres(record, 'SM_NTE'), metres(record, 'SM_ISO')];

/**
 * The record that stands for a UN number. The index may list one number under several names
 * (hydrogen cyanide, and "AC (Weaponized …)"; bromine and its solutions): weaponised agents are
 * not stored in fixed installations, so they are passed over, and of the rest the one with the
 * largest distances (large spill at night, then small spill) stands, so no figure is understated.
 */
export function representativeRecord(records: readonly ErgSourceRecord[]): ErgSourceRecord | null {
  const civil = records.filter((r) => !/weaponized/i.test(String(r.Material)));
  let best: ErgSourceRecord | null = null;
  for (const record of civil.length > 0 ? civil : records) {
    if (best === null) {
      best = record;
      continue;
    }
    const [a, b] = [largestNight(record), largestNight(best)];
    const i = a.findIndex((value, k) => value !== b[k]);
    if (i >= 0 && (a[i] ?? 0) > (b[i] ?? 0)) best = record;
  }
  return best;
}

export function ergTablesOf(records: readonly ErgSourceRecord[], edition = ERG_SOURCE_EDITION): ErgTables {
  const guides = new Map<number, ErgSourceRecord>();
  const materials = new Map<string, ErgSourceRecord[]>();
  for (const record of records) {
    const id = Number(record.IDNum);
    const guide = Number(record.GuideNum);
    if (id === 0) guides.set(guide, record);
    else {
      const unNumber = String(id).padStart(4, '0');
      materials.set(unNumber, [...(materials.get(unNumber) ?? []), record]);
    }
  }
  return {
    edition,
    figuresFor(unNumber, guide) {
      const guideRecord = guides.get(guide);
      if (!guideRecord) return null;
      const own = materials.get(unNumber) ?? [];
      // The UN number's records under the card's guide; another guide's (a later edition moved it) still carry its figures.
      const underGuide = own.filter((r) => Number(r.GuideNum) === guide);
      const record = representativeRecord(underGuide.length > 0 ? underGuide : own);
      const distances = guideDistances(guideRecord, guide);
      return {
        edition,
        guide,
        guideDistances: distances,
        table1: record ? table1Of(record) : null,
        table3: record ? table3Of(record) : null,
        bleve: record ? bleveOf(record) : null,
        fireIsolationM: record ? orNull(metres(record, 'FIRE_ISO')) : distances.fireIsolationM,
      };
    },
  };
}
