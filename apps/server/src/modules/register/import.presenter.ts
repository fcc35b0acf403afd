import type { AdminImportProblem, AdminImportReport } from '@fast/contracts';
import type { ImportProblem, ImportSummary } from './import.service.ts';

type Param = string | number;

/** A reason's parameter as the report carries it: a finite number, or text (an Infinity or NaN read from a file included). */
const param = (value: unknown): Param => (typeof value === 'number' && Number.isFinite(value) ? value : String(value));

function presentProblem(problem: ImportProblem): AdminImportProblem {
  const { id } = problem;
  return {
    line: problem.line,
    // An id the reader could not take as an integer keeps its own text (the validation keeps the file's).
    id: id === null || typeof id === 'string' || Number.isSafeInteger(id) ? id : String(id),
    reasons: problem.reasons.map((r) => ({
      code: r.code,
      params: Object.fromEntries(Object.entries(r.params).map(([name, value]) => [name, param(value)])),
    })),
  };
}

/**
 * The import's report as the API answers it. Whatever a record of the file holds, the report fits
 * its schema (AdminImportReport): an answer that could not be serialised would be a 500 after the
 * import had written.
 */
export function presentImportReport(summary: ImportSummary): AdminImportReport {
  return {
    read: summary.read,
    written: summary.written,
    unchanged: summary.unchanged,
    invalid: summary.invalid,
    warnings: summary.warnings,
    invalidRecords: summary.invalidRecords.map(presentProblem),
    warningRecords: summary.warningRecords.map(presentProblem),
    dryRun: summary.dryRun,
    strict: summary.strict,
    aborted: summary.aborted,
    durationMs: Math.max(0, summary.durationMs),
  };
}
