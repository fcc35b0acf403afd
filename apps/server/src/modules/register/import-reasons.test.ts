import { IMPORT_REASON_CODES, IMPORT_REASONS, type ImportReason } from '@fast/contracts';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { formatSummary } from './import.service.ts';
import { describeReason, schemaReasons } from './import-reasons.ts';
import { type ValidationContext, validateRecord } from './import-validation.ts';

const Sample = Type.Object(
  {
    name: Type.String({ minLength: 2, maxLength: 4 }),
    count: Type.Integer({ minimum: 0, maximum: 9 }),
    share: Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1 }),
    kind: Type.Enum(['A', 'B']),
    tags: Type.Array(Type.String(), { minItems: 1, maxItems: 2 }),
    day: Type.String({ format: 'date' }),
    code: Type.String({ pattern: '^[0-9]{4}$' }),
    either: Type.Union([Type.Literal(1), Type.Literal('one')]),
    odd: Type.Integer({ multipleOf: 2 }),
  },
  { additionalProperties: false },
);
const check = Compile(Sample);
const reasonsOf = (value: unknown) => [...check.Errors(value)].flatMap(schemaReasons);
const valid = { name: 'abc', count: 1, share: 0.5, kind: 'A', tags: ['x'], day: '2024-01-31', code: '0301', either: 1, odd: 2 };

describe('schemaReasons', () => {
  it('maps each kind of TypeBox error to a code naming the field and the limit', () => {
    expect(reasonsOf(valid)).toEqual([]);
    const cases: [Record<string, unknown>, ImportReason][] = [
      [{ name: 'a' }, { code: 'tooShort', params: { field: '/name', limit: 2 } }],
      [{ name: 'abcde' }, { code: 'tooLong', params: { field: '/name', limit: 4 } }],
      [{ name: 7 }, { code: 'wrongType', params: { field: '/name', expected: 'string' } }],
      [{ count: -1 }, { code: 'belowMinimum', params: { field: '/count', comparison: '>=', limit: 0 } }],
      [{ count: 10 }, { code: 'aboveMaximum', params: { field: '/count', comparison: '<=', limit: 9 } }],
      [{ share: 0 }, { code: 'belowMinimum', params: { field: '/share', comparison: '>', limit: 0 } }],
      [{ share: 1 }, { code: 'aboveMaximum', params: { field: '/share', comparison: '<', limit: 1 } }],
      [{ kind: 'C' }, { code: 'notAllowedValue', params: { field: '/kind' } }],
      [{ tags: [] }, { code: 'tooFewItems', params: { field: '/tags', limit: 1 } }],
      [{ tags: ['a', 'b', 'c'] }, { code: 'tooManyItems', params: { field: '/tags', limit: 2 } }],
      [{ day: '31.01.2024' }, { code: 'badFormat', params: { field: '/day', format: 'date' } }],
      [{ code: '301' }, { code: 'badFormat', params: { field: '/code', format: '^[0-9]{4}$' } }],
      [{ either: 2 }, { code: 'notAllowedValue', params: { field: '/either' } }],
      [{ odd: 3 }, { code: 'invalidValue', params: { field: '/odd' } }],
      [{ extra: true }, { code: 'unknownField', params: { field: '/extra' } }],
    ];
    for (const [change, expected] of cases) expect(reasonsOf({ ...valid, ...change })).toContainEqual(expected);
    const { name: _, count: __, ...missing } = valid;
    expect(reasonsOf(missing)).toEqual([
      { code: 'missingField', params: { field: '/name' } },
      { code: 'missingField', params: { field: '/count' } },
    ]);
  });
});

describe('describeReason', () => {
  it('words every code in English with all its parameters', () => {
    for (const code of IMPORT_REASON_CODES) {
      const names: readonly string[] = IMPORT_REASONS[code];
      const params = Object.fromEntries(names.map((name, i) => [name, `${name.toUpperCase()}${i}`]));
      const sentence = describeReason({ code, params } as ImportReason);
      expect(sentence).not.toMatch(/undefined/);
      for (const value of Object.values(params)) expect(sentence, code).toContain(value);
    }
  });

  it("is what the command's report prints, by line", () => {
    const counts = { read: 2, written: 1, unchanged: 0, invalid: 1, warnings: 0, warningRecords: [] };
    const flags = { dryRun: false, strict: false, aborted: false, durationMs: 1200 };
    const invalidRecords = [
      {
        line: 3,
        id: 7,
        reasons: [
          { code: 'unknownMunicipality', params: { value: '9999' } },
          { code: 'missingField', params: { field: '/name' } },
        ] satisfies ImportReason[],
      },
    ];
    expect(
      formatSummary({ ...counts, ...flags, invalidRecords })
        .split('\n')
        .slice(0, 2),
    ).toEqual(['Invalid records (not written):', '  line 3, facility 7: unknown municipality 9999; /name is required']);
  });
});

describe('validateRecord', () => {
  // Reading a line fails before the reference data is consulted.
  const ctx = {} as ValidationContext;
  const reasonFor = (text: string, geojson = false) => {
    const result = validateRecord({ line: 1, text, geojson }, ctx);
    return result.kind === 'invalid' ? result.errors : [];
  };

  it('gives a code for each way a line cannot be read as a record', () => {
    expect(reasonFor('{"id": 1,')).toEqual([{ code: 'invalidJson', params: { detail: expect.any(String) } }]);
    expect(reasonFor('[1]')).toEqual([{ code: 'notObject', params: {} }]);
    expect(reasonFor('{"type": "Point"}', true)).toEqual([{ code: 'notFeature', params: {} }]);
    expect(reasonFor('{"type": "Feature"}', true)).toEqual([{ code: 'featureWithoutProperties', params: {} }]);
    const feature = (geometry: unknown) => JSON.stringify({ type: 'Feature', properties: { id: 1 }, geometry });
    expect(reasonFor(feature(5), true)).toEqual([{ code: 'geometryNotObject', params: {} }]);
    expect(reasonFor(feature({ type: 'Point', coordinates: [] }), true)).toEqual([
      { code: 'pointWithoutCoordinates', params: {} },
    ]);
    expect(reasonFor(feature({ type: 'Polygon', coordinates: [] }), true)).toEqual([
      { code: 'unsupportedGeometry', params: { value: 'Polygon' } },
    ]);
  });
});
