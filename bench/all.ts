/**
 * `npm run bench`: every benchmark of DESIGN.md section 8, one after the other (never at once:
 * they would time each other). Each prints its own figures; a benchmark that misses its target or
 * fails is listed at the end, and the run exits 1.
 */
import { spawnSync } from 'node:child_process';

const BENCHMARKS = [
  'bench:facility',
  'bench:search',
  'bench:nearby',
  'bench:places',
  'bench:ogc',
  'bench:zones',
  'bench:map',
  'bench:import',
  'bench:load',
];

const failed: string[] = [];
for (const name of BENCHMARKS) {
  console.log(`\n=== npm run ${name}`);
  const { status } = spawnSync('npm', ['run', '--silent', name], { stdio: 'inherit' });
  if (status !== 0) failed.push(`${name} (exit ${status})`);
}
console.log(failed.length === 0 ? '\nEvery benchmark met its target.' : `\nMissed or failed: ${failed.join(', ')}`);
process.exitCode = failed.length === 0 ? 0 : 1;
