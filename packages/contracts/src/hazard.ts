import { type Static, Type } from 'typebox';
import { Nullable } from './schema.ts';

/**
 * Hazard cards (farekort) per UN number: GET /api/v1/substances/{unNumber}, and the summaries the
 * facility detail and the map popup carry. Reference data from apps/server/reference/hazard-cards
 * (ADR 2017 Table A, or the `adr-table-a` layer the authority loads; ERG 2024, guides 112/114 from
 * ERG 2016: each guide names its edition); distances are metres unless the name says km.
 */

const Metres = Type.Integer({ minimum: 0 });
const UnNumber = Type.String({ pattern: '^[0-9]{4}$' });
const Texts = Type.Array(Type.String());

export const UN_NUMBER_PATTERN = '^[0-9]{4}$';

export const GuideEssentials = Type.Object(
  { fire: Texts, health: Texts, publicSafety: Texts, protection: Texts, firstActions: Texts },
  { additionalProperties: false },
);
export type GuideEssentials = Static<typeof GuideEssentials>;

/** The ERG edition every distance comes from (PHMSA's tables as released with ERG 2016; see the reference data's README). */
export const ERG_FIGURES_EDITION = '2016';

/** Table 3's containers (large spills of six toxic-inhalation gases); each gas has only some of them. */
export const TABLE3_CONTAINERS = [
  'rail-tank-car',
  'highway-tank-truck',
  'agricultural-nurse-tank',
  'multiple-ton-cylinders',
  'multiple-small-cylinders-or-single-ton-cylinder',
  'multiple-small-cylinders',
] as const;
export type Table3Container = (typeof TABLE3_CONTAINERS)[number];
export const Table3ContainerSchema = Type.Union([
  Type.Literal('rail-tank-car'),
  Type.Literal('highway-tank-truck'),
  Type.Literal('agricultural-nurse-tank'),
  Type.Literal('multiple-ton-cylinders'),
  Type.Literal('multiple-small-cylinders-or-single-ton-cylinder'),
  Type.Literal('multiple-small-cylinders'),
]);

/** Table 3's wind classes: low < 10 km/h, moderate 10–20 km/h, high > 20 km/h. */
export const WIND_CLASSES = ['low', 'moderate', 'high'] as const;
export type WindClass = (typeof WIND_CLASSES)[number];
export const WindClassSchema = Type.Union([Type.Literal('low'), Type.Literal('moderate'), Type.Literal('high')]);

/** The wind class of a speed in km/h, as Table 3 defines the classes. */
export function windClassOf(kilometresPerHour: number): WindClass {
  if (kilometresPerHour < 10) return 'low';
  return kilometresPerHour <= 20 ? 'moderate' : 'high';
}

const SpillDistances = Type.Object({ isolationM: Metres, dayM: Metres, nightM: Metres }, { additionalProperties: false });
/** ERG Table 1 (toxic-inhalation hazards): the row the figures were read from, by its ERG name. */
export const Table1Row = Type.Object(
  {
    material: Type.String(),
    /** "+" in the ERG: the distance can be larger in certain atmospheric conditions. */
    atmospheric: Type.Boolean(),
    smallSpill: SpillDistances,
    /** Null where the ERG sends large spills to Table 3. */
    largeSpill: Nullable(SpillDistances),
  },
  { additionalProperties: false },
);
export type Table1Row = Static<typeof Table1Row>;

const WindDistances = Type.Object({ low: Metres, moderate: Metres, high: Metres }, { additionalProperties: false });
/** One container row of ERG Table 3: isolation, and protective action downwind by day and night per wind class. */
export const Table3Row = Type.Object(
  { container: Table3ContainerSchema, isolationM: Metres, day: WindDistances, night: WindDistances },
  { additionalProperties: false },
);
export type Table3Row = Static<typeof Table3Row>;

/** One row of the ERG's BLEVE table: the preferred evacuation distance for a tank of this capacity. */
export const BleveRow = Type.Object(
  { capacityLitres: Type.Integer({ minimum: 1 }), evacuationM: Metres },
  { additionalProperties: false },
);
export type BleveRow = Static<typeof BleveRow>;

/** The guide's own distances (its "Public safety", "Evacuation" and "Fire" paragraphs). */
export const GuideDistances = Type.Object(
  {
    /** Immediate precautionary isolation, in all directions. */
    isolationM: Metres,
    /** Large spill: initial evacuation; null where the guide sends large spills to Table 1. */
    largeSpillM: Nullable(Metres),
    /** True where the large-spill evacuation is in all directions (explosives), not downwind. */
    largeSpillAllDirections: Type.Boolean(),
    /** Tank, rail car or tank truck in fire: isolation in all directions; null where the guide gives none. */
    fireIsolationM: Nullable(Metres),
  },
  { additionalProperties: false },
);
export type GuideDistances = Static<typeof GuideDistances>;

/** Every ERG figure of one UN number, from one edition's tables, field by field as the source holds them. */
export const ErgFigures = Type.Object(
  {
    edition: Type.String({ pattern: '^[0-9]{4}$' }),
    guide: Type.Integer(),
    guideDistances: GuideDistances,
    table1: Nullable(Table1Row),
    table3: Nullable(Type.Array(Table3Row)),
    bleve: Nullable(Type.Array(BleveRow)),
    /** The material's own fire isolation (Table 1 and BLEVE rows carry one), else the guide's. */
    fireIsolationM: Nullable(Metres),
  },
  { additionalProperties: false },
);
export type ErgFigures = Static<typeof ErgFigures>;

/**
 * What a substance row shows of its card, all from ErgFigures of one edition. `isolationM` is the
 * larger of the guide's immediate isolation and Table 1's isolation (large spill, else small);
 * `evacuationM` the guide's large-spill evacuation or Table 1's large-spill protective distance at
 * night; null for a Table 3 gas (the distance depends on the container: see FacilityHazardDistances)
 * and where the source gives none.
 */
export const HazardSummary = Type.Object(
  {
    unNumber: UnNumber,
    adrClass: Type.String(),
    /** Danger labels in ADR order, e.g. ["2.3", "8"]. */
    labels: Type.Array(Type.String()),
    /** The orange plate's hazard identification number (Kemler); null for class 1. */
    hazardNumber: Nullable(Type.String()),
    guide: Nullable(Type.Integer()),
    toxicInhalation: Type.Boolean(),
    /** Large spills go by ERG Table 3 (container, wind, day or night). */
    table3: Type.Boolean(),
    /** The ERG's BLEVE table applies (a flammable gas in a tank). */
    bleve: Type.Boolean(),
    isolationM: Nullable(Metres),
    evacuationM: Nullable(Metres),
    /** Table 1's large-spill protective distance by day where `evacuationM` is its night figure; else null. */
    evacuationDayM: Nullable(Metres),
    /** The evacuation is in all directions (explosives), not downwind. */
    evacuationAllDirections: Type.Boolean(),
    fireIsolationM: Nullable(Metres),
    /** The ERG edition of these figures. */
    edition: Nullable(Type.String()),
    /** The ADR edition of `adrClass`, `labels` and `hazardNumber` (HazardCard's `adr.edition`). */
    adrEdition: Type.String({ pattern: '^[0-9]{4}$' }),
  },
  { additionalProperties: false },
);
export type HazardSummary = Static<typeof HazardSummary>;

const Names = Type.Object({ nb: Type.String(), nn: Type.String(), en: Type.String() }, { additionalProperties: false });

export const HazardCard = Type.Object(
  {
    unNumber: UnNumber,
    /** Norwegian names are FAST's; the English name is ADR's. */
    name: Names,
    adr: Type.Object(
      {
        class: Type.String(),
        classificationCode: Type.String(),
        packingGroup: Nullable(Type.Union([Type.Literal('I'), Type.Literal('II'), Type.Literal('III')])),
        labels: Type.Array(Type.String()),
        hazardNumber: Nullable(Type.String()),
        /**
         * The ADR edition these facts (and the English name) come from: the loaded `adr-table-a`
         * version's ("2025") where it has the UN number, else the bundled ADR 2017's ("2017").
         */
        edition: Type.String({ pattern: '^[0-9]{4}$' }),
      },
      { additionalProperties: false },
    ),
    erg: Nullable(
      Type.Object(
        {
          guide: Type.Integer(),
          /** The ERG edition the guide's essentials were written from (see the reference data's README). */
          edition: Type.String({ pattern: '^[0-9]{4}$' }),
          /** "P" in the ERG index: may polymerise violently when heated. */
          polymerisation: Type.Boolean(),
          title: Type.Object({ nb: Type.String(), nn: Type.String() }, { additionalProperties: false }),
          essentials: Type.Object({ nb: GuideEssentials, nn: GuideEssentials }, { additionalProperties: false }),
        },
        { additionalProperties: false },
      ),
    ),
    /** Every distance of the card, from one edition's tables; null where the ERG has none for the UN number. */
    figures: Nullable(ErgFigures),
    summary: HazardSummary,
    /** The edition of the reference file the card comes from. */
    referenceVersion: Type.String(),
  },
  { additionalProperties: false },
);
export type HazardCard = Static<typeof HazardCard>;

export const SubstanceCardParams = Type.Object({ unNumber: Type.String({ maxLength: 16 }) }, { additionalProperties: false });

/** Which ERG table a figure was read from: Table 1, Table 3, the guide page, or the BLEVE table. */
export const ErgTable = Type.Union([Type.Literal('1'), Type.Literal('3'), Type.Literal('guide'), Type.Literal('BLEVE')]);
export type ErgTable = Static<typeof ErgTable>;

/**
 * The substance that sets one of a facility's largest distances, and where the figure comes from.
 * `dayMetres`: where the distance is a protective-action distance at night, the figure by day. A
 * Table 3 gas is read for the container proposed from the stored quantity, at low wind (the row's
 * largest); `allDirections` where the distance is all-around (isolation, fire, explosives).
 */
export const DistanceSetter = Type.Object(
  {
    metres: Metres,
    dayMetres: Type.Optional(Metres),
    unNumber: UnNumber,
    name: Type.String(),
    nameNn: Type.String(),
    edition: Type.String(),
    table: ErgTable,
    container: Type.Optional(Table3ContainerSchema),
    allDirections: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type DistanceSetter = Static<typeof DistanceSetter>;

/**
 * A facility's largest distances over its substances: isolation, protective action (downwind, or
 * evacuation in all directions for explosives) and fire. Among equal figures the larger stored
 * quantity sets it, then the lower UN number.
 */
export const FacilityHazardDistances = Type.Object(
  { isolation: Nullable(DistanceSetter), evacuation: Nullable(DistanceSetter), fire: Nullable(DistanceSetter) },
  { additionalProperties: false },
);
export type FacilityHazardDistances = Static<typeof FacilityHazardDistances>;

export const substanceCardPath = (unNumber: string) => `/substances/${unNumber}`;
export const briefingPath = (facilityId: number) => `/facilities/${facilityId}/briefing`;

/** Languages of made documents (briefing, substance report): `?lang=nb|nn`, Bokmål by default. */
export const DocumentLanguage = Type.Object(
  { lang: Type.Optional(Type.Union([Type.Literal('nb'), Type.Literal('nn')])) },
  { additionalProperties: false },
);
export type DocumentLanguageValue = 'nb' | 'nn';

/**
 * The briefing's query: its language, and the zones the user set on the screen (see
 * ProtectiveZonesRequest; the facility gives the point and the substance). Without
 * `windFromDegrees` the page draws no downwind zone and gives its distance in words. Query
 * strings arrive as text (the server does not coerce types): the degrees and the flag are patterns.
 */
export const BriefingQuery = Type.Object(
  {
    lang: Type.Optional(Type.Union([Type.Literal('nb'), Type.Literal('nn')])),
    windFromDegrees: Type.Optional(
      Type.String({
        pattern: '^(360(\\.0{1,6})?|(3[0-5][0-9]|[12][0-9]{2}|[1-9]?[0-9])(\\.[0-9]{1,6})?)$',
        description: 'Where the wind blows from, degrees clockwise from true north, 0 to 360',
      }),
    ),
    windSpeed: Type.Optional(WindClassSchema),
    daylight: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('night')])),
    spill: Type.Optional(Type.Union([Type.Literal('small'), Type.Literal('large')], { default: 'large' })),
    fire: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { default: 'true' })),
    container: Type.Optional(Table3ContainerSchema),
  },
  { additionalProperties: false },
);
export type BriefingQuery = Static<typeof BriefingQuery>;
