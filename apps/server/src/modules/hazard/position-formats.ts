import mgrs from 'mgrs';

/** "32V NM 97868 42682": the MGRS reference at 1 m, grouped as it is read out on the radio. */
export function mgrsReference(longitude: number, latitude: number): string {
  const raw = mgrs.forward([longitude, latitude], 5);
  const match = raw.match(/^(\d{1,2}[C-X])([A-Z]{2})(\d{5})(\d{5})$/);
  return match ? `${match[1]} ${match[2]} ${match[3]} ${match[4]}` : raw;
}

/** 59° 54,600′ N: degrees and decimal minutes, with a decimal comma as Norwegian writes it. */
export function degreesMinutes(value: number, positive: string, negative: string): string {
  const hemisphere = value < 0 ? negative : positive;
  const abs = Math.abs(value);
  let degrees = Math.floor(abs);
  let minutes = Math.round((abs - degrees) * 60 * 1000) / 1000;
  if (minutes >= 60) {
    degrees += 1;
    minutes -= 60;
  }
  return `${degrees}° ${minutes.toFixed(3).replace('.', ',')}′ ${hemisphere}`;
}
