import { type Static, Type } from 'typebox';
import { IsoDateTime } from './patterns.ts';

/**
 * Public reference layers the authority loads into FAST (issue 37): published files that change
 * slowly, loaded like the register itself instead of asked for on the hot path. Each load makes a
 * new version of its layer, which replaces the active one at once (a reader sees the old or the
 * new, never a mix); the version it replaced is kept for a one-step rollback.
 *
 * GET  /api/v1/admin/reference-layers                          → ReferenceLayerSummary[]
 * POST /api/v1/admin/reference-layers/{layer}/imports?dryRun=   → ReferenceLayerImportReport
 * POST /api/v1/admin/reference-layers/{layer}/rollback          → ReferenceLayerSummary
 * and `npm run import-reference -- LAYER FILE` while the server is stopped.
 */

export const ReferenceLayerName = {
  /** Kartverket's "Matrikkelen – Adresse" (CSV, EPSG:25833), every address in Norway. */
  ADDRESSES: 'addresses',
  /** Schools, kindergartens, care homes and hospitals (GeoJSON or CSV; docs/reference-layers.md). */
  VULNERABLE_OBJECTS: 'vulnerable-objects',
  /** The ERG's tables in the documented CSV layout (the ERG 2016 dBASE file's field names and `Edition`). */
  HAZARD_TABLES: 'hazard-tables',
  /** ADR Table A (chapter 3.2) in the documented CSV layout: each UN number's class, codes, labels and `Edition`. */
  ADR_TABLE_A: 'adr-table-a',
} as const;
export type ReferenceLayerName = (typeof ReferenceLayerName)[keyof typeof ReferenceLayerName];
export const REFERENCE_LAYERS = Object.values(ReferenceLayerName);

/** What a load takes: Kartverket's zip as published, or the CSV inside it; GeoJSON for layers of points. */
export const REFERENCE_LAYER_MEDIA_TYPES = {
  csv: 'text/csv',
  zip: 'application/zip',
  geojson: 'application/geo+json',
} as const;
export type ReferenceLayerFormat = keyof typeof REFERENCE_LAYER_MEDIA_TYPES;

/** Kartverket's national address file is ~1 GB of CSV (~150 MB zipped). */
export const REFERENCE_LAYER_MAX_BYTES = 1536 * 1024 * 1024;

export const ReferenceLayerParams = Type.Object({ layer: Type.Enum(REFERENCE_LAYERS) }, { additionalProperties: false });
export type ReferenceLayerParams = Static<typeof ReferenceLayerParams>;

export const ReferenceLayerImportQuery = Type.Object(
  {
    /** Validate and count, write nothing. Default false. */
    dryRun: Type.Optional(Type.Enum(['true', 'false'])),
  },
  { additionalProperties: false },
);
export type ReferenceLayerImportQuery = Static<typeof ReferenceLayerImportQuery>;

export const ReferenceLayerVersion = Type.Object(
  {
    /** Counts up per layer: the first load is version 1. */
    version: Type.Integer({ minimum: 1 }),
    /** Who published the data and under which licence, e.g. "Kartverket, Matrikkelen – Adresse (CC BY 4.0)". */
    source: Type.String(),
    fileName: Type.Union([Type.String(), Type.Null()]),
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    sizeBytes: Type.Integer({ minimum: 0 }),
    rowCount: Type.Integer({ minimum: 0 }),
    loadedAt: IsoDateTime,
    /** The administrator's name, or "Kommandolinjen" for `npm run import-reference`, or "Demodata". */
    loadedBy: Type.String(),
  },
  { additionalProperties: false },
);
export type ReferenceLayerVersion = Static<typeof ReferenceLayerVersion>;

export const ReferenceLayerSummary = Type.Object(
  {
    layer: Type.Enum(REFERENCE_LAYERS),
    /** What every reader sees now; null before the first load. */
    active: Type.Union([ReferenceLayerVersion, Type.Null()]),
    /** The version the active one replaced: what a rollback brings back. */
    previous: Type.Union([ReferenceLayerVersion, Type.Null()]),
  },
  { additionalProperties: false },
);
export type ReferenceLayerSummary = Static<typeof ReferenceLayerSummary>;

/** Why a row of a layer file was refused, with the parameters its text needs. */
export const REFERENCE_ROW_REASONS = {
  /** A column the layer needs is empty. */
  missingValue: ['column'],
  /** Not a number where one is needed (a house number, a coordinate). */
  notANumber: ['column', 'value'],
  /** The municipality number is not one of Norway's (2024 division). */
  unknownMunicipality: ['value'],
  /** The position lies outside Norway and its sea areas. */
  outsideNorway: ['latitude', 'longitude'],
  /** A coordinate system the layer does not take (Kartverket's address file is EPSG:25833). */
  unsupportedCrs: ['value'],
  /** The row has another number of fields than the header. */
  wrongFieldCount: ['expected', 'actual'],
  /** The same id twice in one file. */
  duplicateId: ['value'],
  /** A vulnerable object's kind that FAST does not know (VULNERABLE_OBJECT_KINDS, or their Norwegian names). */
  unknownKind: ['value'],
  /** A GeoJSON feature whose geometry is not a Point. */
  notAPoint: ['type'],
  /** A yes/no column (the ERG's `TABLE3`, `BLEVE`, `ATM`, `POLYMERIZE`) that is neither `Yes`, `No` nor empty. */
  notAFlag: ['column', 'value'],
  /** A UN number that is not four digits ("1005"). */
  notAUnNumber: ['value'],
  /** An ADR class that is none of ADR's (1, 2, 3, 4.1 … 9). */
  unknownAdrClass: ['value'],
  /** A danger label that is none of ADR's (2.1, 2.3, 7A, 9A …). */
  unknownLabel: ['value'],
  /** A packing group other than I, II, III or empty. */
  unknownPackingGroup: ['value'],
  /** A hazard identification number (orange plate) that is not two or three digits, with an X before where water is forbidden. */
  notAHazardNumber: ['value'],
} as const satisfies Record<string, readonly string[]>;
export type ReferenceRowReasonCode = keyof typeof REFERENCE_ROW_REASONS;
export const REFERENCE_ROW_REASON_CODES = Object.keys(REFERENCE_ROW_REASONS) as ReferenceRowReasonCode[];

export const ReferenceRowProblem = Type.Object(
  {
    /** The file's line (1-based; the header is line 1). */
    line: Type.Integer({ minimum: 1 }),
    reasons: Type.Array(
      Type.Object(
        {
          code: Type.Enum(REFERENCE_ROW_REASON_CODES),
          params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ReferenceRowProblem = Static<typeof ReferenceRowProblem>;

/** At most this many refused rows are listed; `invalid` counts them all. */
export const REFERENCE_ROW_PROBLEMS_LISTED = 1000;

export const ReferenceLayerImportReport = Type.Object(
  {
    layer: Type.Enum(REFERENCE_LAYERS),
    dryRun: Type.Boolean(),
    /** Data rows read (the header not counted). */
    read: Type.Integer({ minimum: 0 }),
    /** Rows the new version holds (in a dry run: would hold). */
    loaded: Type.Integer({ minimum: 0 }),
    invalid: Type.Integer({ minimum: 0 }),
    /** Rows left out on purpose, not errors (e.g. Kartverket's cadastral addresses without a street). */
    skipped: Type.Integer({ minimum: 0 }),
    invalidRows: Type.Array(ReferenceRowProblem),
    /** The version this load made active; null in a dry run. */
    version: Type.Union([ReferenceLayerVersion, Type.Null()]),
    durationMs: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type ReferenceLayerImportReport = Static<typeof ReferenceLayerImportReport>;
