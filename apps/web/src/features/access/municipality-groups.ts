import type { Municipality, MunicipalityAccessEntry } from '@fast/contracts';
import { normalise } from '../../lib/normalise-text.ts';

export interface CountyGroup {
  id: string;
  name: string;
  municipalities: Municipality[];
}

/** A municipality may be requested unless it is active or pending; denied and revoked ones may be asked for again. */
export function requestableMunicipalities(
  municipalities: readonly Municipality[],
  entries: readonly MunicipalityAccessEntry[],
): Municipality[] {
  const blocked = new Set(
    entries.filter((entry) => entry.status === 'ACTIVE' || entry.status === 'PENDING').map((entry) => entry.municipalityCode),
  );
  return municipalities.filter((municipality) => !blocked.has(municipality.id));
}

/**
 * The municipalities grouped by county, both sorted by name, keeping those whose name, number
 * or county matches the filter (a county's name keeps all of its municipalities).
 */
export function groupByCounty(municipalities: readonly Municipality[], filter: string): CountyGroup[] {
  const needle = normalise(filter.trim());
  const groups = new Map<string, CountyGroup>();
  for (const municipality of municipalities) {
    const matches =
      needle === '' ||
      normalise(municipality.name).includes(needle) ||
      municipality.id.startsWith(needle) ||
      normalise(municipality.countyName).includes(needle);
    if (!matches) continue;
    let group = groups.get(municipality.countyId);
    if (!group) {
      group = { id: municipality.countyId, name: municipality.countyName, municipalities: [] };
      groups.set(municipality.countyId, group);
    }
    group.municipalities.push(municipality);
  }
  const collator = new Intl.Collator('nb');
  const sorted = [...groups.values()].sort((a, b) => collator.compare(a.name, b.name));
  for (const group of sorted) group.municipalities.sort((a, b) => collator.compare(a.name, b.name));
  return sorted;
}
