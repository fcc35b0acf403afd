import type { ImportFacilityRecord, ImportRecord } from '@fast/contracts';
import type { Db } from '../src/db/database.ts';
import { type ImportSummary, importRecords } from '../src/modules/register/import.service.ts';

type RecordOverrides = Partial<Omit<ImportFacilityRecord, 'address'>> & { address?: Partial<ImportFacilityRecord['address']> };

/**
 * A valid facility record: a propane consumer installation in Oslo, unless overridden. Tests
 * state only what matters to them; everything else is plausible and passes the import's checks.
 */
export function facilityRecord(id: number, overrides: RecordOverrides = {}): ImportFacilityRecord {
  const { address, ...rest } = overrides;
  return {
    id,
    name: `Testanlegg ${id}`,
    ownerType: 'BUSINESS',
    owner: { name: 'Testeier AS', organisationNumber: '910000020', info: null },
    client: null,
    address: { street: 'Storgata 1', postalCode: '0155', postalPlace: 'Oslo', municipalityId: '0301', ...address },
    position: { longitude: 10.7522, latitude: 59.9139 },
    positionAccuracy: 'EXACT',
    majorAccident: 'NOT_AFFECTED',
    explosives: false,
    status: 'ACTIVE',
    registeredOn: '2015-03-02',
    updatedOn: '2023-06-01',
    firstSubstanceNotificationOn: '2015-03-02',
    units: [{ type: 'FORBRUK', name: null, substances: [{ substance: 'PROPAN', quantity: 2.5, unit: 'tonn' }] }],
    inspections: [],
    notifications: [],
    accidents: [],
    ...rest,
  };
}

/** A waterworks storing 3 t of chlorine (UN 1017) at `position` in Oslo: the hazard tests' spill. */
export function chlorineWaterworks(
  id: number,
  position: ImportFacilityRecord['position'],
  address: RecordOverrides['address'] = {},
): ImportFacilityRecord {
  return {
    ...facilityRecord(id, { position, address: { street: 'Testveien 1', ...address } }),
    units: [{ type: 'LAGER', name: null, substances: [{ substance: 'KLOR', quantity: 3, unit: 'tonn' }] }],
  };
}

/** Imports records through the real import path (validation included) and fails loudly on any invalid one. */
export async function importTestRecords(db: Db, records: ImportRecord[]): Promise<ImportSummary> {
  const summary = await importRecords(db, () => ({
    records: (async function* () {
      for (const [index, record] of records.entries()) {
        yield { line: index + 1, text: JSON.stringify(record), geojson: false };
      }
    })(),
    bytesRead: () => 0,
  }));
  if (summary.invalid > 0) {
    throw new Error(`Invalid test records: ${JSON.stringify(summary.invalidRecords.slice(0, 5))}`);
  }
  return summary;
}
