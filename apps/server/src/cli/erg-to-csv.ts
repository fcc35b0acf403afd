import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ergCsv } from '../modules/erg/erg-csv.ts';
import { ERG_SOURCE_EDITION, ERG_SOURCE_FILE, readErgSource } from '../modules/erg/erg-source.ts';

const USAGE = `usage: npm run erg-to-csv -- FILE [--dbf DBF] [--edition YEAR]
  Writes the ERG's tables from a dBASE file with the ERG 2016 file's fields (default: the bundled
  ${ERG_SOURCE_FILE}) as FILE, the hazard-tables layer's CSV (docs/reference-layers.md).
  --edition  the ERG edition the file holds, default ${ERG_SOURCE_EDITION}`;

/** `npm run erg-to-csv -- FILE`: the dBASE file converted 1:1, to be loaded as the hazard-tables layer. */
const { values, positionals } = parseArgs({
  options: {
    dbf: { type: 'string', default: ERG_SOURCE_FILE },
    edition: { type: 'string', default: ERG_SOURCE_EDITION },
    help: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const [file] = positionals;
if (values.help || !file || positionals.length > 1 || !/^\d{4}$/.test(values.edition)) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

const records = await readErgSource(values.dbf);
await writeFile(file, ergCsv(records, values.edition));
console.log(
  `${records.length} records of ERG ${values.edition} written to ${file}; load with: npm run import-reference -- hazard-tables ${file}`,
);
