// The mgrs package (proj4js) ships no types; this is the part FAST uses.
declare module 'mgrs' {
  const mgrs: {
    /** [longitude, latitude] in WGS84 → an MGRS reference; accuracy 5 = 1 m. */
    forward(lonLat: [number, number], accuracy?: number): string;
  };
  export default mgrs;
}
