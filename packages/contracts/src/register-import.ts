import { type Static, Type } from 'typebox';

/**
 * `POST /api/v1/admin/imports` (realm role fast-admin): a register file (see docs/import.md) sent as
 * the request body, validated and written by the running server with the same rules and the same
 * line-numbered report as `npm run import`. Flags travel in the query string as 'true'/'false'.
 */

/** The largest file the endpoint takes (the README states it); bigger registers go through the CLI. */
export const IMPORT_MAX_BYTES = 256 * 1024 * 1024;
/** How long the server may work on one import after the upload has arrived. */
export const IMPORT_TIMEOUT_MS = 30 * 60 * 1000;

/** The body's media type says which of the two file formats it is. */
export const IMPORT_MEDIA_TYPES = { ndjson: 'application/x-ndjson', geojson: 'application/geo+json' } as const;
export type ImportFormat = keyof typeof IMPORT_MEDIA_TYPES;

const Flag = (description: string) => Type.Optional(Type.Enum(['true', 'false'], { description }));

export const AdminImportQuery = Type.Object(
  {
    dryRun: Flag('Validate everything, write nothing (default false)'),
    strict: Flag('Write nothing if any record is invalid (default false)'),
  },
  { additionalProperties: false },
);
export type AdminImportQuery = Static<typeof AdminImportQuery>;

export const AdminImportProblem = Type.Object(
  {
    /** The line of the file the record starts on (1-based). */
    line: Type.Integer({ minimum: 1 }),
    /** The record's id, when it could be read. */
    id: Type.Union([Type.Integer(), Type.String(), Type.Null()]),
    reasons: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
export type AdminImportProblem = Static<typeof AdminImportProblem>;

const Count = Type.Integer({ minimum: 0 });
export const AdminImportReport = Type.Object(
  {
    read: Count,
    /** New or changed records written (in a dry run: that would have been written). */
    written: Count,
    unchanged: Count,
    invalid: Count,
    /** Records written with at least one warning. */
    warnings: Count,
    /** The first invalid records (at most 1000), in file order; `invalid` counts them all. */
    invalidRecords: Type.Array(AdminImportProblem),
    warningRecords: Type.Array(AdminImportProblem),
    dryRun: Type.Boolean(),
    strict: Type.Boolean(),
    /** Strict mode found invalid records and wrote nothing. */
    aborted: Type.Boolean(),
    durationMs: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type AdminImportReport = Static<typeof AdminImportReport>;
