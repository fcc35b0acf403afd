import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ImportFacilityRecord,
  type ImportGasPipelineRecord,
  type ImportRecord,
  isValidOrganisationNumber,
} from '@fast/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMunicipalityGeometry, type MunicipalityGeometry } from '../modules/reference/municipality-geometry.ts';
import { loadPostalCodes } from '../modules/reference/postal-codes.ts';
import { ARCHETYPES } from './archetypes.ts';
import { generateRegister } from './generate-register.ts';
import { writeRegister } from './write-register.ts';

async function collect(facilities: number, seed: string, documents = false) {
  const all: ImportRecord[] = [];
  for await (const r of generateRegister({ facilities, seed, documents })) all.push(r);
  const isPipeline = (r: ImportRecord): r is ImportGasPipelineRecord => r.recordType === 'gasPipeline';
  return {
    facilities: all.filter((r): r is ImportFacilityRecord => !isPipeline(r)),
    pipelines: all.filter(isPipeline),
  };
}

const share = (key: string) => ARCHETYPES.find((a) => a.key === key)?.share ?? 0;
const count = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length;
const primary = (f: ImportFacilityRecord) => f.units[0]?.type;
const substancesOf = (f: ImportFacilityRecord) => f.units.flatMap((u) => u.substances.map((s) => s.substance));

describe('demo register generator', () => {
  it('is deterministic: the same seed gives the same bytes, another seed other bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fast-demo-'));
    const hash = async (seed: string, name: string) => {
      const file = join(dir, name);
      await writeRegister(generateRegister({ facilities: 150, seed, documents: true }), file);
      return createHash('sha256').update(readFileSync(file)).digest('hex');
    };
    const first = await hash('seed-a', 'a1.ndjson');
    expect(await hash('seed-a', 'a2.ndjson')).toBe(first);
    expect(await hash('seed-b', 'b.ndjson')).not.toBe(first);
  });

  describe('the shape of a 2 000-facility register', () => {
    let facilities: ImportFacilityRecord[];
    let geometry: MunicipalityGeometry;
    let postalCodes: Map<string, string>;
    beforeAll(async () => {
      ({ facilities } = await collect(2000, 'shape'));
      geometry = await loadMunicipalityGeometry();
      postalCodes = await loadPostalCodes();
    });

    it('has the archetype mix of domain.md § 16', () => {
      expect(facilities).toHaveLength(2000);
      const explosives = count(facilities, (f) => f.explosives);
      expect(explosives).toBe(Math.round((2000 * 2000) / 18000));
      const others = 2000 - explosives;
      const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1);
      near(
        count(facilities, (f) => f.ownerType === 'PRIVATE_PERSON'),
        share('PRIVATE_PROPANE') * others,
      );
      near(
        count(facilities, (f) => f.ownerType === 'HOUSING_COOPERATIVE'),
        share('HOUSING_COOP') * others,
      );
      near(
        count(facilities, (f) => primary(f) === 'DRIVSTOFF'),
        share('FUEL_STATION') * others,
      );
      near(
        count(facilities, (f) => primary(f) === 'KULDE'),
        share('AMMONIA') * others,
      );
      near(
        count(facilities, (f) => primary(f) === 'FYLLE_GASS' && f.units[1]?.type === 'LAGER'),
        share('FILLING_DEPOT') * others,
      );
      near(
        count(facilities, (f) => substancesOf(f).includes('AN_GJODSEL')),
        share('FERTILISER') * others,
      );
      // Private persons: one unit, propane only, no organisation number.
      for (const f of facilities.filter((x) => x.ownerType === 'PRIVATE_PERSON')) {
        expect(substancesOf(f)).toEqual(['PROPAN']);
        expect(f.owner.organisationNumber).toBeNull();
      }
    });

    it('has about 2 % major-accident sites, about 40 % of them § 9, on the kinds of site that have them', () => {
      const ma = facilities.filter((f) => f.majorAccident !== 'NOT_AFFECTED');
      expect(ma).toHaveLength(Math.round((2000 * 350) / 18000));
      const nine = count(ma, (f) => f.majorAccident === 'PARAGRAPH_NINE');
      expect(nine / ma.length).toBeGreaterThan(0.3);
      expect(nine / ma.length).toBeLessThan(0.5);
      for (const f of ma)
        expect(['TANK', 'PROSESS', 'LAGER', 'FYLLE_GASS', 'EKSPLOSIVLAGER', 'EKSPLOSIVTILVIRKNING']).toContain(primary(f));
    });

    it('puts every point inside its municipality, with a postal code of that municipality, and leaves a few without position', () => {
      const withoutPosition = count(facilities, (f) => f.position === null);
      expect(withoutPosition).toBeGreaterThan(0);
      expect(withoutPosition).toBeLessThan(20);
      for (const f of facilities) {
        if (f.position) expect(geometry.contains(f.address.municipalityId, f.position.longitude, f.position.latitude)).toBe(true);
        expect(postalCodes.get(f.address.postalCode ?? '')).toBe(f.address.municipalityId);
      }
    });

    it('gives every business a valid organisation number and positioning accuracy as domain.md § 8 says', () => {
      for (const f of facilities) {
        for (const party of [f.owner, f.client]) {
          if (party?.organisationNumber) expect(isValidOrganisationNumber(party.organisationNumber)).toBe(true);
        }
        if (f.ownerType !== 'PRIVATE_PERSON') expect(f.owner.organisationNumber).toMatch(/^[89][0-9]{8}$/);
      }
      const positioned = facilities.filter((f) => f.position);
      const shareOf = (a: string) => count(positioned, (f) => f.positionAccuracy === a) / positioned.length;
      expect(shareOf('EXACT')).toBeGreaterThan(0.5);
      expect(shareOf('EXACT')).toBeLessThan(0.65);
      expect(shareOf('PROPERTY')).toBeGreaterThan(0.27);
      expect(shareOf('PROPERTY')).toBeLessThan(0.4);
      expect(shareOf('UNSPECIFIED')).toBeGreaterThan(0.05);
      expect(shareOf('UNSPECIFIED')).toBeLessThan(0.11);
      const closed = count(facilities, (f) => f.status === 'CLOSED') / facilities.length;
      expect(closed).toBeGreaterThan(0.05);
      expect(closed).toBeLessThan(0.11);
    });

    it('has inspections, notification histories and a few accidents, with petrol, propane and oxygen over-represented', () => {
      const inspections = facilities.flatMap((f) => f.inspections);
      expect(inspections.length).toBeGreaterThan(200);
      for (const i of inspections) {
        expect(i.year).toBeGreaterThanOrEqual(2012);
        if (i.status === 'PLANNED') expect(i.year).toBeGreaterThanOrEqual(2026);
        expect(i.contactPerson).toBeTruthy();
      }
      const done = inspections.filter((i) => i.status === 'DONE');
      expect(count(done, (i) => i.deviations > 0) / done.length).toBeGreaterThan(0.6);
      for (const f of facilities) {
        expect(f.notifications.length).toBeGreaterThanOrEqual(1);
        expect(f.notifications[0]?.submittedOn).toBe(f.registeredOn);
      }
      const accidents = facilities.flatMap((f) => f.accidents);
      // About 25 a year over 17 years in an 18 000-facility register, scaled to 2 000.
      expect(accidents.length).toBeGreaterThan(20);
      expect(accidents.length).toBeLessThan(90);
      expect(
        count(accidents, (a) => ['BENSIN', 'PROPAN', 'OKSYGEN'].includes(a.substance ?? '')) / accidents.length,
      ).toBeGreaterThan(0.5);
      expect(new Set(accidents.map((a) => a.referenceNumber)).size).toBe(accidents.length);
    });
  });

  it("gives the default-size register about 350 major-accident sites and plenty in the demo users' municipalities", async () => {
    const { facilities, pipelines } = await collect(18_000, 'fast-demo');
    expect(count(facilities, (f) => f.majorAccident !== 'NOT_AFFECTED')).toBe(350);
    expect(count(facilities, (f) => f.explosives)).toBe(2000);
    const inMunicipality = (id: string) => facilities.filter((f) => f.address.municipalityId === id);
    for (const id of ['0301', '4601', '1103', '1108', '1124', '3203', '3205', '3201']) {
      const here = inMunicipality(id);
      expect(
        count(here, (f) => substancesOf(f).includes('PROPAN')),
        id,
      ).toBeGreaterThan(10);
      expect(
        count(here, (f) => f.majorAccident !== 'NOT_AFFECTED'),
        id,
      ).toBeGreaterThan(0);
    }
    for (const id of ['4601', '4624', '4626', '4627', '4631', '4630', '4625', '4623', '4621', '4632', '4634', '4628']) {
      expect(
        count(inMunicipality(id), (f) => substancesOf(f).includes('PROPAN')),
        id,
      ).toBeGreaterThan(0);
    }
    expect(count(facilities, (f) => f.address.municipalityId.startsWith('11'))).toBeGreaterThan(800);
    expect(pipelines.length).toBeGreaterThan(30);
  });

  it('draws the gas networks of Rogaland, Haugaland and Grenland as connected lines in all three pressure classes', async () => {
    const { pipelines } = await collect(1, 'pipes');
    expect(new Set(pipelines.map((p) => p.id.slice(0, 3)))).toEqual(new Set(['ROG', 'HAU', 'GRE']));
    expect(new Set(pipelines.map((p) => p.pressureClass))).toEqual(new Set(['HIGH', 'MEDIUM', 'LOW']));
    for (const p of pipelines) {
      if (p.geometry.type !== 'LineString') throw new Error('expected LineStrings');
      const points = p.geometry.coordinates;
      // No jumps: consecutive vertices at most about 1 km apart.
      for (let i = 1; i < points.length; i++) {
        const [x0 = 0, y0 = 0] = points[i - 1] ?? [];
        const [x1 = 0, y1 = 0] = points[i] ?? [];
        expect(Math.hypot((x1 - x0) * 55, (y1 - y0) * 111)).toBeLessThan(1.2);
      }
      expect(p.mopBar).toBeGreaterThan(p.pressureClass === 'HIGH' ? 16 : 0);
    }
  });
});
