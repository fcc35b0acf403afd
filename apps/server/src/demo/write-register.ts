import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { ImportRecord } from '@fast/contracts';
import { type FileFormat, formatOf } from '../modules/register/record-reader.ts';

/** GeoJSON form of a record: the position or line becomes the geometry, the rest the properties. */
export function toFeature(record: ImportRecord): object {
  if (record.recordType === 'gasPipeline') {
    const { geometry, ...properties } = record;
    return { type: 'Feature', geometry, properties };
  }
  const { position, ...properties } = record;
  return {
    type: 'Feature',
    geometry: position ? { type: 'Point', coordinates: [position.longitude, position.latitude] } : null,
    properties,
  };
}

/** Writes records as NDJSON (one per line) or as a GeoJSON FeatureCollection (one feature per line). */
export async function writeRegister(
  records: AsyncIterable<ImportRecord>,
  path: string,
  format: FileFormat = formatOf(path),
  onRecord?: (count: number) => void,
): Promise<number> {
  const out = createWriteStream(path, { encoding: 'utf8' });
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  let count = 0;
  if (format === 'geojson') await write('{"type":"FeatureCollection","features":[\n');
  for await (const record of records) {
    const text = JSON.stringify(format === 'geojson' ? toFeature(record) : record);
    await write(format === 'geojson' ? `${count > 0 ? ',\n' : ''}${text}` : `${text}\n`);
    onRecord?.(++count);
  }
  if (format === 'geojson') await write('\n]}\n');
  out.end();
  await once(out, 'finish');
  return count;
}
