import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { PassThrough, type Readable } from 'node:stream';
import type { ReferenceLayerFormat } from '@fast/contracts';
import { Unzip, UnzipInflate } from 'fflate';

/** A file that is not what its layer takes (no CSV in the zip, a header without the layer's columns). */
export class LayerFileError extends Error {}

/**
 * The CSV inside a zip, as Kartverket publishes its downloads (a folder with one `.csv`):
 * inflated as the zip is read, never held whole (the national address file is ~1 GB of CSV).
 */
function csvInZip(path: string): Readable {
  const out = new PassThrough();
  const input = createReadStream(path);
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  let found = false;
  unzip.onfile = (entry) => {
    if (found || !entry.name.toLowerCase().endsWith('.csv')) return;
    found = true;
    entry.ondata = (error, chunk, final) => {
      if (error) {
        out.destroy(error);
        return;
      }
      out.write(chunk);
      if (final) out.end();
    };
    entry.start();
  };
  input.on('data', (chunk) => {
    try {
      unzip.push(chunk as Buffer);
    } catch (error) {
      out.destroy(new LayerFileError(`Filen er ikke en gyldig zip-fil (${(error as Error).message}).`));
      input.destroy();
      return;
    }
    // Inflating runs ahead of the reader otherwise: wait until it has taken what is written.
    if (out.writableNeedDrain) {
      input.pause();
      out.once('drain', () => input.resume());
    }
  });
  input.on('end', () => {
    if (!found) out.destroy(new LayerFileError('Zip-filen inneholder ingen CSV-fil.'));
  });
  input.on('error', (error) => out.destroy(error));
  return out;
}

/**
 * The lines of a CSV layer file, the first (the header) included, without their line ends and a
 * leading byte order mark; from the CSV inside it for a zip.
 */
export async function* csvLines(path: string, format: Extract<ReferenceLayerFormat, 'csv' | 'zip'>): AsyncGenerator<string> {
  const input = format === 'zip' ? csvInZip(path) : createReadStream(path);
  let first = true;
  for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    yield first ? line.replace(/^\uFEFF/, '') : line;
    first = false;
  }
}

/**
 * The fields of one line of a semicolon-separated file. Kartverket quotes no field, but a field in
 * double quotes (with "" for a quote) is read as CSV writes it.
 */
export function splitFields(line: string, separator = ';'): string[] {
  if (!line.includes('"')) return line.split(separator);
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === separator) {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}
