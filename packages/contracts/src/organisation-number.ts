const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];

/** The MOD11 check digit of the first eight digits, or null where none exists (remainder 1). */
export function organisationNumberCheckDigit(firstEight: string): number | null {
  const sum = WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(firstEight[i]), 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? null : check;
}

/** A Norwegian organisation number: nine digits whose last is the MOD11 check digit. */
export function isValidOrganisationNumber(value: string): boolean {
  if (!/^[0-9]{9}$/.test(value)) return false;
  return organisationNumberCheckDigit(value.slice(0, 8)) === Number(value[8]);
}
