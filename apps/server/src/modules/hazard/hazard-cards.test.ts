import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { generateRegister } from '../../demo/generate-register.ts';
import { type HazardReference, readHazardReference } from '../reference/hazard-reference.ts';

let reference: HazardReference;
let database: TestDatabase;

beforeAll(async () => {
  reference = await readHazardReference();
  database = await createTestDatabase();
});
afterAll(async () => database?.destroy());

const card = (un: string) => {
  const found = reference.cards.find((c) => c.unNumber === un);
  if (!found) throw new Error(`no card for UN${un}`);
  return found;
};

describe('the hazard-card reference file', () => {
  it('has a card for at least 120 UN numbers, each once', () => {
    const numbers = reference.cards.map((c) => c.unNumber);
    expect(numbers.length).toBeGreaterThanOrEqual(120);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('checks every card: UN format, an existing guide, labels matching the class, ordered distances', () => {
    for (const c of reference.cards) {
      const where = `UN${c.unNumber}`;
      expect(c.unNumber, where).toMatch(/^[0-9]{4}$/);
      expect(c.name.nb.length, where).toBeGreaterThan(0);
      expect(c.name.nn.length, where).toBeGreaterThan(0);
      expect(c.name.en.length, where).toBeGreaterThan(0);
      // The first (primary) label is the class itself; gases show their division (2.1/2.2/2.3).
      const primary = c.adr.labels[0] ?? '';
      expect(primary === c.adr.class || primary.startsWith(`${c.adr.class}.`), where).toBe(true);
      expect(
        c.adr.labels.every((l) => /^[1-9](\.[1-6])?$/.test(l)),
        where,
      ).toBe(true);
      if (c.adr.class === '1') {
        expect(c.adr.hazardNumber, `${where}: class 1 has no orange-plate number`).toBeNull();
        expect(c.adr.classificationCode, where).toMatch(/^1\.[1-6][A-S]$/);
      } else if (c.adr.hazardNumber !== null) {
        // Null only where ADR allows no tank carriage (e.g. hydrogen cyanide, hydrazine).
        expect(c.adr.hazardNumber, where).toMatch(/^X?[0-9]{2,3}$/);
        // For gases, flammable liquids and corrosives the plate's first digit is the class.
        if (['2', '3', '8'].includes(c.adr.class)) expect(c.adr.hazardNumber.replace('X', '')[0], where).toBe(c.adr.class);
      }
      if (c.adr.packingGroup !== null) expect(['I', 'II', 'III'], where).toContain(c.adr.packingGroup);
      // Every card, explosives included, has a guide (its distances come from the ERG's tables: erg-figures.test.ts).
      expect(c.erg, `${where} has a guide`).not.toBeNull();
      if (c.erg) {
        expect(reference.guides[String(c.erg.guide)], `${where}: guide ${c.erg.guide} exists`).toBeDefined();
        expect(c.erg.guide, where).toBeGreaterThanOrEqual(111);
        expect(c.erg.guide, where).toBeLessThanOrEqual(175);
      }
    }
  });

  it('sends every explosive to guide 112 (divisions 1.1, 1.2, 1.3, 1.5) or 114 (1.4, 1.6)', () => {
    const explosives = reference.cards.filter((c) => c.adr.class === '1');
    // The explosives stored in Norwegian depots, quarries, gun shops and fireworks shops (domain.md § 9).
    const common = [
      '0081',
      '0082',
      '0241',
      '0332',
      '0065',
      '0360',
      '0361',
      '0500',
      '0030',
      '0255',
      '0456',
      '0161',
      '0027',
      '0336',
      '0335',
      '0012',
    ];
    expect(explosives.map((c) => c.unNumber)).toEqual(expect.arrayContaining(common));
    for (const c of explosives) {
      const where = `UN${c.unNumber} ${c.adr.classificationCode}`;
      const division = c.adr.classificationCode.slice(0, 3);
      expect(c.erg?.guide, where).toBe(['1.4', '1.6'].includes(division) ? 114 : 112);
      expect(c.erg?.basis, where).toBe('title');
    }
    expect(card('0241').erg).toMatchObject({ guide: 112 });
    expect(card('0336').erg).toMatchObject({ guide: 114 });
  });

  it("names the ERG edition each guide's essentials were written from: 2024, but 2016 for the explosives guides", () => {
    for (const [guide, g] of Object.entries(reference.guides)) {
      // The card dialog and the briefing say this in words: keep them in step with the data.
      expect(g.edition, guide).toBe(['112', '114'].includes(guide) ? '2016' : '2024');
      expect(g.readIn.length, guide).toBeGreaterThan(0);
    }
  });

  it('writes every guide used in both written forms, with all five headings', () => {
    for (const [guide, g] of Object.entries(reference.guides)) {
      for (const lang of ['nb', 'nn'] as const) {
        expect(g.title[lang].length, `${guide} ${lang}`).toBeGreaterThan(0);
        for (const heading of ['fire', 'health', 'publicSafety', 'protection', 'firstActions'] as const)
          expect(g.essentials[lang][heading].length, `${guide} ${lang} ${heading}`).toBeGreaterThan(0);
      }
      expect(
        reference.cards.some((c) => c.erg?.guide === Number(guide)),
        `guide ${guide} is used`,
      ).toBe(true);
    }
  });

  it('holds the control values: propane and chlorine', () => {
    expect(card('1978')).toMatchObject({
      adr: { classificationCode: '2F', hazardNumber: '23', labels: ['2.1'] },
      erg: { guide: 115 },
    });
    const chlorine = card('1017');
    expect(chlorine).toMatchObject({ adr: { hazardNumber: '265' }, erg: { guide: 124 } });
    expect(card('1005')).toMatchObject({ adr: { hazardNumber: '268', labels: ['2.3', '8'] }, erg: { guide: 125 } });
  });

  it("writes every explosive of the demo register with ADR Table A's classification code for its UN number", async () => {
    const { db } = database;
    const unOf = new Map(
      (await db.selectFrom('substance').select(['code', 'un_number']).execute()).map((s) => [s.code, s.un_number]),
    );
    const seen = new Map<string, string>();
    for await (const record of generateRegister({ facilities: 3_000, seed: 'explosives', documents: false })) {
      if (record.recordType === 'gasPipeline') continue;
      for (const s of record.units.flatMap((u) => u.substances))
        if (s.hazardDivision) seen.set(`${s.substance} ${s.hazardDivision}`, unOf.get(s.substance) ?? '?');
    }
    expect(seen.size).toBeGreaterThan(5);
    for (const [stored, unNumber] of seen)
      expect(`${stored.split(' ')[0]} ${card(unNumber).adr.classificationCode}`).toBe(stored);
  });

  it('is loaded at start and covers every substance of the register', async () => {
    const { db } = database;
    const register = await db.selectFrom('substance').select('un_number').execute();
    const loaded = await db.selectFrom('hazard_card').select(['un_number', 'reference_version']).execute();
    expect(loaded).toHaveLength(reference.cards.length);
    expect(new Set(loaded.map((r) => r.reference_version))).toEqual(new Set([reference.version]));
    const covered = new Set(loaded.map((r) => r.un_number));
    expect(register.filter((s) => !covered.has(s.un_number))).toEqual([]);
  });
});
