/** A facility id from the URL: a positive whole number, or null (FacilityNaN). */
export function parseFacilityId(value: string | undefined): number | null {
  if (value === undefined || !/^[0-9]+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
