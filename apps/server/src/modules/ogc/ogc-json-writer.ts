import type { OgcLink } from '@fast/contracts';
import type { FeaturePage } from './ogc.service.ts';

/** About this many characters per piece written: large enough for few writes, small enough to stay young garbage. */
const PIECE_CHARS = 64 * 1024;

/**
 * An items page as GeoJSON text (OgcFeatureCollection), written piece by piece as its chunks are
 * read: the page never exists as one object or one string. `numberReturned` comes last, counted
 * as written: a facility that left the scope between the page's ids and its chunk is not written,
 * and not counted.
 */
export async function* featureCollectionText(
  page: FeaturePage,
  links: readonly OgcLink[],
  timeStamp: string,
): AsyncGenerator<string> {
  const matched = page.numberMatched === null ? '' : `"numberMatched":${page.numberMatched},`;
  let piece = `{"type":"FeatureCollection","timeStamp":${JSON.stringify(timeStamp)},${matched}"links":${JSON.stringify(links)},"features":[`;
  let returned = 0;
  for await (const features of page.chunks) {
    for (const feature of features) {
      piece += (returned === 0 ? '' : ',') + JSON.stringify(feature);
      returned++;
      if (piece.length >= PIECE_CHARS) {
        yield piece;
        piece = '';
      }
    }
  }
  yield `${piece}],"numberReturned":${returned}}`;
}
