import * as SunCalc from 'suncalc';

/**
 * The sun's altitude at sunrise and sunset as SunCalc's getPosition reports it (apparent, with its
 * refraction model): −0.349° is what it reads at the instants getTimes gives for sunrise and sunset
 * (a true altitude of −0.833°, the upper limb on the horizon), checked in daylight.test.ts.
 */
const HORIZON_APPARENT_DEGREES = -0.349;

/**
 * Day or night at a point and time, as the ERG means them: day between sunrise and sunset. Norway
 * has polar day and night, so the sun's altitude decides, not a clock: the midnight sun is day.
 */
export function daylightAt(at: Date, latitude: number, longitude: number): 'day' | 'night' {
  return SunCalc.getPosition(at, latitude, longitude).altitude > HORIZON_APPARENT_DEGREES ? 'day' : 'night';
}
