import { type Static, Type } from 'typebox';
import { Nullable } from './schema.ts';

/**
 * Hazard cards (farekort) per UN number: GET /api/v1/substances/{unNumber}, and the summaries the
 * facility detail and the map popup carry. Reference data from apps/server/reference/hazard-cards
 * (ADR Table A; ERG 2024, guides 112/114 from ERG 2016: each guide names its edition); distances
 * are metres unless the name says km.
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

const SpillDistances = Type.Object(
  { isolationM: Metres, protectDayKm: Type.Number({ minimum: 0 }), protectNightKm: Type.Number({ minimum: 0 }) },
  { additionalProperties: false },
);
/** ERG table 1 (toxic-inhalation hazards): initial isolation and protective-action distances. */
export const TihDistances = Type.Object(
  { smallSpill: SpillDistances, largeSpill: SpillDistances },
  { additionalProperties: false },
);
export type TihDistances = Static<typeof TihDistances>;

/**
 * What a substance row shows of its card. `isolationM` is the larger of the guide's immediate
 * isolation and, for a toxic-inhalation hazard, table 1's large-spill isolation; `evacuationM` is
 * the guide's large-spill evacuation or, where the guide sends large spills to table 1, table 1's
 * large-spill protective distance at night. Null where the source gives none (e.g. explosives).
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
    isolationM: Nullable(Metres),
    evacuationM: Nullable(Metres),
    /** Table 1's large-spill protective distance by day where `evacuationM` is its night figure; else null. */
    evacuationDayM: Nullable(Metres),
    fireIsolationM: Nullable(Metres),
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
      },
      { additionalProperties: false },
    ),
    erg: Nullable(
      Type.Object(
        {
          guide: Type.Integer(),
          /** The ERG edition the guide's figures were read from (see the reference data's README). */
          edition: Type.String({ pattern: '^[0-9]{4}$' }),
          /** "P" in the ERG index: may polymerise violently when heated. */
          polymerisation: Type.Boolean(),
          title: Type.Object({ nb: Type.String(), nn: Type.String() }, { additionalProperties: false }),
          isolationM: Metres,
          /** Where the guide gives solids their own, shorter isolation. */
          isolationSolidM: Nullable(Metres),
          /** Null where the guide sends large spills to table 1. */
          largeSpillEvacuationM: Nullable(Metres),
          fireIsolationM: Metres,
          essentials: Type.Object({ nb: GuideEssentials, nn: GuideEssentials }, { additionalProperties: false }),
        },
        { additionalProperties: false },
      ),
    ),
    tih: Nullable(TihDistances),
    summary: HazardSummary,
    /** The edition of the reference file the card comes from. */
    referenceVersion: Type.String(),
  },
  { additionalProperties: false },
);
export type HazardCard = Static<typeof HazardCard>;

export const SubstanceCardParams = Type.Object({ unNumber: Type.String({ maxLength: 16 }) }, { additionalProperties: false });

/**
 * The substance that sets one of a facility's largest distances. `dayMetres`: where that distance
 * is table 1's protective-action distance at night, the card's figure by day.
 */
export const DistanceSetter = Type.Object(
  {
    metres: Metres,
    dayMetres: Type.Optional(Metres),
    unNumber: UnNumber,
    name: Type.String(),
    nameNn: Type.String(),
  },
  { additionalProperties: false },
);
export type DistanceSetter = Static<typeof DistanceSetter>;

/** A facility's largest isolation and evacuation distances over its substances. */
export const FacilityHazardDistances = Type.Object(
  { isolation: Nullable(DistanceSetter), evacuation: Nullable(DistanceSetter) },
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
