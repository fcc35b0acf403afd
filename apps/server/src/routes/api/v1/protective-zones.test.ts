import type { ErrorBody, FacilityDetail, HazardCard, ProtectiveZonesResponse } from '@fast/contracts';
import geographiclib from 'geographiclib-geodesic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../../../test/expectations.ts';
import { chlorineWaterworks, facilityRecord, importTestRecords } from '../../../../test/facility-factory.ts';
import { createTestApp, DEMO_ORGANISATIONS, type TestApp } from '../../../../test/test-app.ts';
import { type ErgSourceRecord, readErgSource } from '../../../modules/erg/erg-source.ts';
import { readHazardReference } from '../../../modules/reference/hazard-reference.ts';

const WGS84 = geographiclib.Geodesic.WGS84;
const OSLO = DEMO_ORGANISATIONS.osloBrann.organisation_number;
const SPILL = { latitude: 59.9139, longitude: 10.7522 };
const WATERWORKS = 64001; // 3 t of chlorine
const DOWNWIND = 64002; // 1 km north-east
const UPWIND = 64003; // 1 km south-west
const FOREIGN = 64004; // 1 km north-east, in Bærum: outside oslo.brann's scope
const NEAR = 64005; // 200 m east

function direct(azimuth: number, distance: number) {
  const r = WGS84.Direct(SPILL.latitude, SPILL.longitude, azimuth, distance);
  return { latitude: r.lat2 as number, longitude: r.lon2 as number };
}

let t: TestApp;
let headers: Record<string, string>;
let source: ErgSourceRecord[];

/** The source's record(s) of a UN number, and of a guide (IDNum 0), as the ERG's file holds them. */
const recordsOf = (unNumber: string) => source.filter((r) => r.IDNum === Number(unNumber));
const guideRecord = (guide: number) => source.find((r) => r.IDNum === 0 && r.GuideNum === guide) as ErgSourceRecord;
const zeroIsNull = (value: unknown) => (value === 0 ? null : value);

async function zones(body: Record<string, unknown>, extra = headers) {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/protective-zones', headers: extra, payload: body });
  return response;
}
async function zonesOk(body: Record<string, unknown>): Promise<ProtectiveZonesResponse> {
  const response = await zones(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProtectiveZonesResponse;
}
const ids = (list: { facilities: { id: number }[] } | null) => list?.facilities.map((f) => f.id) ?? [];

beforeAll(async () => {
  [t, source] = await Promise.all([createTestApp(), readErgSource()]);
  headers = await t.headersFor('oslo.brann', OSLO);
  const at = (id: number, position: { latitude: number; longitude: number }, municipalityId = '0301') =>
    facilityRecord(id, { position, address: { street: 'Testveien 1', postalCode: '0155', postalPlace: 'Oslo', municipalityId } });
  await importTestRecords(t.db, [
    chlorineWaterworks(WATERWORKS, SPILL),
    at(DOWNWIND, direct(45, 1_000)),
    at(UPWIND, direct(225, 1_000)),
    at(FOREIGN, direct(45, 1_000), '3201'),
    at(NEAR, direct(90, 200)),
  ]);
}, 120_000);
afterAll(async () => t?.close());

describe('every ERG figure the product shows equals the ERG 2016 file, field by field', () => {
  it('the cards: guide distances, Table 1, Table 3 and the BLEVE table of every UN number', async () => {
    const reference = await readHazardReference();
    let compared = 0;
    for (const { unNumber } of reference.cards) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/substances/${unNumber}`, headers });
      const card = response.json() as HazardCard;
      const figures = card.figures;
      if (!figures || !card.erg) throw new Error(`UN ${unNumber} has no figures`);
      expect(figures.edition).toBe('2016');
      const guide = guideRecord(card.erg.guide);
      expect(figures.guideDistances, `UN ${unNumber} guide ${card.erg.guide}`).toEqual({
        isolationM: guide.SM_ISO,
        largeSpillM: zeroIsNull(guide.LG_ISO),
        largeSpillAllDirections: [112, 114].includes(card.erg.guide),
        fireIsolationM: zeroIsNull(guide.FIRE_ISO),
      });
      const own = recordsOf(unNumber);
      if (own.length === 0) {
        expect([figures.table1, figures.table3, figures.bleve], `UN ${unNumber}`).toEqual([null, null, null]);
        expect(figures.fireIsolationM).toBe(zeroIsNull(guide.FIRE_ISO));
        compared += 4;
        continue;
      }
      // The record the card names (several names may share a UN number), else the only one.
      const record = figures.table1 ? own.find((r) => r.Material === figures.table1?.material) : own[0];
      if (!record) throw new Error(`UN ${unNumber}: ${figures.table1?.material} is not a record of the file`);
      if (!figures.table1)
        expect(
          own.every((r) => r.SM_DY === 0 && r.TABLE3 !== 'Yes'),
          `UN ${unNumber}`,
        ).toBe(true);
      expect(figures.fireIsolationM, `UN ${unNumber} fire`).toBe(zeroIsNull(record.FIRE_ISO));
      if (figures.table1) {
        expect(figures.table1, `UN ${unNumber} Table 1`).toEqual({
          material: record.Material,
          atmospheric: record.ATM === 'Yes',
          smallSpill: { isolationM: record.SM_ISO, dayM: record.SM_DY, nightM: record.SM_NTE },
          largeSpill: record.TABLE3 === 'Yes' ? null : { isolationM: record.LG_ISO, dayM: record.LG_DY, nightM: record.LG_NTE },
        });
        compared += 7;
      }
      const prefixes = { RAIL: 'rail-tank-car', SEMI: 'highway-tank-truck', AG: 'agricultural-nurse-tank' } as const;
      const more = {
        MTON: 'multiple-ton-cylinders',
        STON: 'multiple-small-cylinders-or-single-ton-cylinder',
        MSM: 'multiple-small-cylinders',
      } as const;
      const expected3 = Object.entries({ ...prefixes, ...more })
        .filter(([p]) => (record[`${p}_ISO`] as number) > 0)
        .map(([p, container]) => ({
          container,
          isolationM: record[`${p}_ISO`],
          day: { low: record[`${p}DYLOW`], moderate: record[`${p}DYMOD`], high: record[`${p}DYHI`] },
          night: { low: record[`${p}NTELOW`], moderate: record[`${p}NTEMOD`], high: record[`${p}NTEHI`] },
        }));
      expect(figures.table3, `UN ${unNumber} Table 3`).toEqual(record.TABLE3 === 'Yes' ? expected3 : null);
      compared += (figures.table3?.length ?? 0) * 7;
      const capacities = [100, 400, 2000, 4000, 8000, 22000, 42000, 82000, 140000];
      expect(figures.bleve, `UN ${unNumber} BLEVE`).toEqual(
        record.BLEVE === 'Yes' ? capacities.map((c) => ({ capacityLitres: c, evacuationM: record[`BLV${c}L`] })) : null,
      );
      compared += (figures.bleve?.length ?? 0) + 4;
    }
    // 152 cards; the six Table 3 gases alone carry 7 figures per container row.
    expect(compared).toBeGreaterThan(800);
  });

  it('the control values the issue names: chlorine and hydrogen sulphide', async () => {
    const chlorine = (await t.app.inject({ method: 'GET', url: '/api/v1/substances/1017', headers })).json() as HazardCard;
    expect(chlorine.figures?.table1?.smallSpill).toEqual({ isolationM: 60, dayM: 300, nightM: 1100 });
    expect(chlorine.figures?.table1?.largeSpill).toBeNull();
    const sulphide = (await t.app.inject({ method: 'GET', url: '/api/v1/substances/1053', headers })).json() as HazardCard;
    expect(sulphide.figures?.table1?.largeSpill).toEqual({ isolationM: 400, dayM: 2100, nightM: 5400 });
  });
});

describe('POST /api/v1/protective-zones', () => {
  it('chlorine, Table 3, multiple ton cylinders: the square lies north-east for wind from the south-west', async () => {
    const [record] = recordsOf('1017');
    const body = await zonesOk({
      unNumber: '1017',
      ...SPILL,
      spill: 'large',
      fire: false,
      container: 'multiple-ton-cylinders',
      windFromDegrees: 225,
      windSpeed: 'moderate',
      daylight: 'night',
    });
    expect(body.parameters).toMatchObject({
      unNumber: '1017',
      edition: '2016',
      table: '3',
      container: 'multiple-ton-cylinders',
      windFromDegrees: 225,
      downwindDegrees: 45,
      windSpeed: 'moderate',
      daylight: 'night',
      daylightBasis: 'given',
      isolation: { metres: record?.MTON_ISO, table: '3', allDirections: true },
      protectiveAction: { metres: record?.MTONNTEMOD, table: '3', allDirections: false },
      fireIsolation: null,
    });
    expect(body.parameters.isolation.metres).toBe(300);
    expect(body.parameters.protectiveAction?.metres).toBe(2400);
    // The square's centre lies downwind at half the side.
    const ring = body.protectiveAction?.coordinates[0] ?? [];
    const lon = ring.slice(0, -1).reduce((s, p) => s + p[0], 0) / (ring.length - 1);
    const lat = ring.slice(0, -1).reduce((s, p) => s + p[1], 0) / (ring.length - 1);
    const centre = WGS84.Inverse(SPILL.latitude, SPILL.longitude, lat, lon);
    expect(Math.abs((centre.azi1 as number) - 45)).toBeLessThan(1);
    expect(Math.abs((centre.s12 as number) - 1_200) / 1_200).toBeLessThan(0.01);
    expect(ids(body.facilitiesInside.protectiveAction)).toContain(DOWNWIND);
    expect(ids(body.facilitiesInside.protectiveAction)).toContain(NEAR);
    expect(ids(body.facilitiesInside.protectiveAction)).not.toContain(UPWIND);
    expect(ids(body.facilitiesInside.isolation)).toContain(NEAR);
    expect(ids(body.facilitiesInside.isolation)).not.toContain(DOWNWIND);
    // Nearest first, measured from the spill.
    const distances = body.facilitiesInside.protectiveAction?.facilities.map((f) => f.distanceMetres) ?? [];
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(body.fire).toBeNull();
  });

  it('never lists a facility outside the caller’s scope, in any zone', async () => {
    const body = await zonesOk({
      unNumber: '1017',
      ...SPILL,
      spill: 'large',
      fire: true,
      container: 'rail-tank-car',
      windFromDegrees: 225,
      windSpeed: 'low',
      daylight: 'night',
    });
    expect(ids(body.facilitiesInside.protectiveAction)).toContain(DOWNWIND);
    for (const zone of [body.facilitiesInside.isolation, body.facilitiesInside.protectiveAction, body.facilitiesInside.fire])
      expect(ids(zone)).not.toContain(FOREIGN);
    const other = await t.headersFor('vest.110', DEMO_ORGANISATIONS.vest110.organisation_number);
    const foreign = await zones({ unNumber: '1017', ...SPILL, spill: 'small', fire: false, windFromDegrees: 225 }, other);
    expect(foreign.statusCode, foreign.body).toBe(200);
    const seen = foreign.json() as ProtectiveZonesResponse;
    expect([...ids(seen.facilitiesInside.isolation), ...ids(seen.facilitiesInside.protectiveAction)]).toEqual([]);
  });

  it('ammonia, Table 3, tank truck by day and low wind', async () => {
    const [record] = recordsOf('1005');
    const body = await zonesOk({
      unNumber: '1005',
      ...SPILL,
      spill: 'large',
      fire: false,
      container: 'highway-tank-truck',
      windFromDegrees: 0,
      windSpeed: 'low',
      daylight: 'day',
    });
    expect(body.parameters.isolation).toEqual({ metres: record?.SEMI_ISO, table: '3', allDirections: true });
    expect(body.parameters.protectiveAction).toEqual({ metres: record?.SEMIDYLOW, table: '3', allDirections: false });
    expect([body.parameters.isolation.metres, body.parameters.protectiveAction?.metres]).toEqual([150, 900]);
    expect(body.parameters.downwindDegrees).toBe(180);
  });

  it('hydrogen sulphide, Table 1 large spill: day and night figures', async () => {
    const [record] = recordsOf('1053');
    const night = await zonesOk({
      unNumber: '1053',
      ...SPILL,
      spill: 'large',
      fire: false,
      windFromDegrees: 90,
      daylight: 'night',
    });
    expect(night.parameters).toMatchObject({
      table: '1',
      material: record?.Material,
      isolation: { metres: record?.LG_ISO, table: '1' },
      protectiveAction: { metres: record?.LG_NTE, table: '1', allDirections: false },
    });
    const day = await zonesOk({ unNumber: '1053', ...SPILL, spill: 'large', fire: false, windFromDegrees: 90, daylight: 'day' });
    expect(day.parameters.protectiveAction?.metres).toBe(record?.LG_DY);
    expect([
      night.parameters.isolation.metres,
      day.parameters.protectiveAction?.metres,
      night.parameters.protectiveAction?.metres,
    ]).toEqual([400, 2100, 5400]);
  });

  it('propane in fire: the guide’s circles and the BLEVE table’s 4 000 litre row', async () => {
    const [record] = recordsOf('1978');
    const guide = guideRecord(115);
    const body = await zonesOk({
      unNumber: '1978',
      ...SPILL,
      spill: 'large',
      fire: true,
      tankLitres: 4_000,
      windFromDegrees: 270,
      daylight: 'day',
    });
    expect(body.parameters).toMatchObject({
      table: 'guide',
      isolation: { metres: guide.SM_ISO, table: 'guide', allDirections: true },
      protectiveAction: { metres: guide.LG_ISO, table: 'guide', allDirections: false },
      fireIsolation: { metres: record?.FIRE_ISO, table: 'guide', allDirections: true },
      bleve: { metres: record?.BLV4000L, table: 'BLEVE', allDirections: true },
      bleveCapacityLitres: 4_000,
    });
    expect(body.parameters.bleve?.metres).toBe(1_050);
    // The fire circle is the larger of the two: 1 600 m of fire isolation.
    const [lon, lat] = body.fire?.coordinates[0]?.[0] ?? [0, 0];
    expect(Math.abs((WGS84.Inverse(SPILL.latitude, SPILL.longitude, lat, lon).s12 as number) - 1_600)).toBeLessThan(0.01);
    // A tank between two rows takes the larger row; beyond the table, its largest.
    const between = await zonesOk({ unNumber: '1978', ...SPILL, spill: 'small', fire: true, tankLitres: 4_001 });
    expect(between.parameters).toMatchObject({ bleveCapacityLitres: 8_000, bleve: { metres: record?.BLV8000L } });
    const beyond = await zonesOk({ unNumber: '1978', ...SPILL, spill: 'small', fire: true, tankLitres: 500_000 });
    expect(beyond.parameters.bleveCapacityLitres).toBe(140_000);
    expect(between.protectiveAction).toBeNull();
  });

  it('an emulsion explosive (guide 112): evacuation in all directions, no wind needed', async () => {
    const guide = guideRecord(112);
    const body = await zonesOk({ unNumber: '0241', ...SPILL, spill: 'large', fire: true });
    expect(body.parameters).toMatchObject({
      guide: 112,
      table: 'guide',
      isolation: { metres: guide.SM_ISO },
      protectiveAction: { metres: guide.LG_ISO, allDirections: true },
      fireIsolation: { metres: guide.FIRE_ISO },
      windFromDegrees: null,
    });
    const [lon, lat] = body.protectiveAction?.coordinates[0]?.[32] ?? [0, 0];
    expect(Math.abs((WGS84.Inverse(SPILL.latitude, SPILL.longitude, lat, lon).s12 as number) - 800)).toBeLessThan(0.01);
  });

  it('decides day or night from the sun at the point when not given', async () => {
    const tromso = { latitude: 69.6492, longitude: 18.9553 };
    const midnightSun = await zonesOk({
      unNumber: '1053',
      ...tromso,
      spill: 'small',
      fire: false,
      windFromDegrees: 0,
      at: '2026-06-21T00:00:00+02:00',
    });
    expect(midnightSun.parameters).toMatchObject({ daylight: 'day', daylightBasis: 'sun', at: '2026-06-20T22:00:00.000Z' });
    const polarNight = await zonesOk({
      unNumber: '1053',
      ...tromso,
      spill: 'small',
      fire: false,
      windFromDegrees: 0,
      at: '2026-12-21T12:00:00+01:00',
    });
    expect(polarNight.parameters.daylight).toBe('night');
  });

  it('answers bad input with 400 and the error body, and an unknown UN number with 404', async () => {
    const chlorine = {
      unNumber: '1017',
      ...SPILL,
      spill: 'large',
      fire: false,
      container: 'multiple-ton-cylinders',
      windSpeed: 'low',
    };
    const cases: [Record<string, unknown>, RegExp][] = [
      [chlorine, /vindretning/],
      [{ ...chlorine, windFromDegrees: 225, container: undefined }, /beholder/i],
      [{ ...chlorine, windFromDegrees: 225, container: 'agricultural-nurse-tank' }, /beholder/],
      [{ ...chlorine, windFromDegrees: 225, windSpeed: undefined }, /vindstyrke/],
      [{ unNumber: '1978', ...SPILL, spill: 'large', fire: false, windFromDegrees: 0, container: 'rail-tank-car' }, /tabell 3/],
      [{ ...chlorine, windFromDegrees: 225, latitude: 91 }, /./],
      [{ ...chlorine, windFromDegrees: 361 }, /./],
      [{ ...chlorine, windFromDegrees: 225, spill: 'huge' }, /./],
      [{ ...chlorine, windFromDegrees: 225, at: 'yesterday' }, /./],
      [{ ...chlorine, windFromDegrees: 225, extra: 1 }, /./],
    ];
    for (const [body, message] of cases) {
      const response = await zones(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = expectErrorBody(response, { type: 'VALIDATION_ERROR' }, JSON.stringify(body));
      expect(error.message, JSON.stringify(body)).toMatch(message);
    }
    const unknown = await zones({ unNumber: '9999', ...SPILL, spill: 'small', fire: false, windFromDegrees: 0 });
    expect(unknown.statusCode).toBe(404);
    expect((unknown.json() as ErrorBody).type).toBe('NOT_FOUND');
  });

  it('needs a signed-in user with an organisation', async () => {
    const body = { unNumber: '1017', ...SPILL, spill: 'small', fire: false, windFromDegrees: 0 };
    expect((await zones(body, {})).statusCode).toBe(401);
    expect((await zones(body, { authorization: headers.authorization as string })).statusCode).toBe(403);
  });
});

describe('the facility detail’s largest distances', () => {
  it('reads a waterworks’ 3 t of chlorine as multiple ton cylinders (ERG 2016 Table 3)', async () => {
    const [record] = recordsOf('1017');
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/v1/facilities/${WATERWORKS}`, headers })
    ).json() as FacilityDetail;
    expect(detail.hazardDistances.evacuation).toMatchObject({
      unNumber: '1017',
      table: '3',
      container: 'multiple-ton-cylinders',
      metres: record?.MTONNTELOW,
      dayMetres: record?.MTONDYLOW,
      edition: '2016',
      allDirections: false,
    });
    expect(detail.hazardDistances.isolation).toMatchObject({ metres: record?.MTON_ISO, table: '3' });
    expect(detail.hazardDistances.fire).toMatchObject({ metres: record?.FIRE_ISO });
  });
});
