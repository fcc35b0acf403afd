/**
 * `@fastify/compress`'s options for the routes that answer with large JSON (the map's pages, the
 * facilities around a point): gzip only, which every browser takes and in which the map's pages
 * are kept; bodies under 1 kB leave as they are. A client that asks for no encoding (the API tests,
 * the benchmarks) gets the plain body.
 */
export const GZIP_ONLY = { encodings: ['gzip' as const] };
