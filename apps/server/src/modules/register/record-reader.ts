import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';

/** One record's raw JSON text and the line it starts on (1-based). */
export interface RawRecord {
  line: number;
  text: string;
  /** Set for GeoJSON features: the record is built from properties and geometry. */
  geojson: boolean;
}

export type FileFormat = 'ndjson' | 'geojson';

export function formatOf(path: string): FileFormat {
  return /\.(geo)?json$/i.test(path) && !/\.ndjson$/i.test(path) ? 'geojson' : 'ndjson';
}

export interface RecordSource {
  records: AsyncIterable<RawRecord>;
  /** Bytes consumed so far, for progress. */
  bytesRead(): number;
}

/** A file that cannot be read as records at all: not UTF-8 text, or not a GeoJSON FeatureCollection. */
export class ImportFileError extends Error {}

export class GeoJsonStructureError extends ImportFileError {}

export class EncodingError extends ImportFileError {
  /** How many bytes were read as text before the chunk that is not. */
  readonly afterByte: number;

  constructor(afterByte: number) {
    super(`not UTF-8 text (in the bytes after byte ${afterByte})`);
    this.afterByte = afterByte;
  }
}

/**
 * The file's text, chunk by chunk. Bytes that are not UTF-8 (a file saved as Windows-1252, say)
 * are an error: read leniently they would become U+FFFD in names and addresses, stored over the
 * good ones.
 */
async function* utf8Text(path: string, counted: { bytes: number }): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    try {
      yield decoder.decode(chunk, { stream: true });
    } catch {
      throw new EncodingError(counted.bytes);
    }
    counted.bytes += chunk.length;
  }
  try {
    yield decoder.decode();
  } catch {
    throw new EncodingError(counted.bytes);
  }
}

/** Streams the records of a file, one at a time, in constant memory whatever the file's size. */
export function readRecords(path: string, format: FileFormat = formatOf(path)): RecordSource {
  const counted = { bytes: 0 };
  const text = Readable.from(utf8Text(path, counted));
  return {
    records: format === 'ndjson' ? readNdjson(text) : readFeatureCollection(text),
    bytesRead: () => counted.bytes,
  };
}

/**
 * Reads the whole file once without parsing its records, so that what makes all of it unreadable
 * (bytes that are not UTF-8, a FeatureCollection cut off or unbalanced) is found before anything
 * is written: found half-way through the import, the batches before it would already be stored.
 */
export async function assertReadable(path: string, format: FileFormat = formatOf(path)): Promise<void> {
  for await (const _record of readRecords(path, format).records) {
    // Only the reading counts.
  }
}

async function* readNdjson(stream: Readable): AsyncGenerator<RawRecord> {
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (text.trim() === '') continue;
    yield { line, text, geojson: false };
  }
}

/**
 * Yields the elements of the top-level "features" array of a GeoJSON FeatureCollection without
 * parsing the whole document: a small scanner tracks strings, nesting and the top-level key, and
 * cuts out each feature's text. Only one feature is held in memory at a time.
 */
async function* readFeatureCollection(stream: Readable): AsyncGenerator<RawRecord> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let line = 1;
  let stringStart = -1;
  let pendingString = '';
  let lastString = '';
  let key = '';
  let inFeatures = false;
  let sawFeatures = false;
  let capture: string[] | null = null;
  let captureStart = 0;
  let captureLine = 0;

  for await (const chunk of stream as AsyncIterable<string>) {
    if (capture) captureStart = 0;
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk.charCodeAt(i);
      if (ch === 10) line++;
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === 92) escaped = true;
        else if (ch === 34) {
          inString = false;
          if (depth === 1 && stringStart >= 0) lastString = pendingString + chunk.slice(stringStart, i);
          stringStart = -1;
          pendingString = '';
        }
        continue;
      }
      switch (ch) {
        case 34: // "
          inString = true;
          if (depth === 1) {
            stringStart = i + 1;
            pendingString = '';
          }
          break;
        case 58: // :
          if (depth === 1) key = lastString;
          break;
        case 123: // {
        case 91: // [
          depth++;
          if (depth === 2 && ch === 91 && key === 'features') {
            inFeatures = true;
            sawFeatures = true;
          } else if (depth === 3 && inFeatures && ch === 123) {
            capture = [];
            captureStart = i;
            captureLine = line;
          }
          break;
        case 125: // }
        case 93: // ]
          depth--;
          if (depth === 2 && capture && ch === 125) {
            capture.push(chunk.slice(captureStart, i + 1));
            yield { line: captureLine, text: capture.join(''), geojson: true };
            capture = null;
          } else if (depth === 1 && inFeatures) {
            inFeatures = false;
          }
          if (depth < 0) throw new GeoJsonStructureError(`line ${line}: unbalanced brackets`);
          break;
        default:
          break;
      }
    }
    if (capture) capture.push(chunk.slice(captureStart));
    if (inString && stringStart >= 0) {
      pendingString += chunk.slice(stringStart);
      stringStart = 0;
    }
  }
  if (depth !== 0 || inString) throw new GeoJsonStructureError(`line ${line}: the file ends inside a value`);
  if (!sawFeatures) throw new GeoJsonStructureError('not a FeatureCollection: no "features" array');
}
