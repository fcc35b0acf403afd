import { parseArgs } from 'node:util';
import { fetchUdirObjects, NBR_URL, NSR_URL, writeUdirGeoJson } from '../modules/reference-layers/udir-registers.ts';

const USAGE = `usage: npm run fetch-vulnerable-objects -- FILE [--nsr-url URL] [--nbr-url URL] [--timeout SECONDS]
  Reads the schools of Udir's school register (NSR) and the kindergartens of its kindergarten
  register (NBR) from their public APIs and writes FILE, a vulnerable-objects GeoJSON file.
  Needs the network; load the file with: npm run import-reference -- vulnerable-objects FILE
  --nsr-url  default ${NSR_URL}
  --nbr-url  default ${NBR_URL}
  --timeout  per request, default 30`;

/** `npm run fetch-vulnerable-objects -- FILE`: an administrator's command; nothing at run time fetches. */
const { values, positionals } = parseArgs({
  options: {
    'nsr-url': { type: 'string', default: NSR_URL },
    'nbr-url': { type: 'string', default: NBR_URL },
    timeout: { type: 'string', default: '30' },
    help: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const [file] = positionals;
const timeoutSeconds = Number(values.timeout);
if (values.help || !file || positionals.length > 1 || !(timeoutSeconds > 0)) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

try {
  const fetchedAt = new Date();
  const { objects, counts } = await fetchUdirObjects({
    nsrUrl: values['nsr-url'],
    nbrUrl: values['nbr-url'],
    timeoutMs: timeoutSeconds * 1000,
    onProgress: (message) => console.error(message),
  });
  await writeUdirGeoJson(file, objects, fetchedAt);
  for (const [register, c] of Object.entries(counts)) {
    const s = c.skipped;
    console.log(
      `${register}: ${c.listed} listed, ${c.fetched} read, ${c.kept} kept; left out ${s.inactive} inactive, ` +
        `${s.notThisKind} of another kind, ${s.abroad} abroad, ${s.noPosition} without a position, ${c.gone} gone`,
    );
  }
  console.log(`${objects.length} objects written to ${file}; load with: npm run import-reference -- vulnerable-objects ${file}`);
} catch (error) {
  console.error(`fetch-vulnerable-objects failed: ${(error as Error).message}`);
  process.exitCode = 2;
}
