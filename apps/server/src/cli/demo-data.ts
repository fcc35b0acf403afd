import { parseArgs } from 'node:util';
import { DEFAULT_FACILITIES, DEFAULT_SEED, generateRegister } from '../demo/generate-register.ts';
import { writeRegister } from '../demo/write-register.ts';

const USAGE =
  'usage: npm run demo-data -- --out FILE [--facilities N] [--seed S] [--no-documents]\n' +
  '  FILE ending in .geojson or .json is written as a GeoJSON FeatureCollection, anything else as NDJSON.';

/** `npm run demo-data`: writes a synthetic, deterministic facility register for `npm run import`. */
const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    facilities: { type: 'string', default: String(DEFAULT_FACILITIES) },
    seed: { type: 'string', default: DEFAULT_SEED },
    'no-documents': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
const facilities = Number(values.facilities);
if (values.help || !values.out || !Number.isInteger(facilities) || facilities < 1) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

const started = performance.now();
const count = await writeRegister(
  generateRegister({ facilities, seed: values.seed, documents: !values['no-documents'] }),
  values.out,
  undefined,
  (n) => {
    if (process.stderr.isTTY && n % 1000 === 0) process.stderr.write(`\r${n} records`);
  },
);
if (process.stderr.isTTY) process.stderr.write('\r');
console.log(
  `wrote ${count} records (${facilities} facilities and the gas pipelines) to ${values.out} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
