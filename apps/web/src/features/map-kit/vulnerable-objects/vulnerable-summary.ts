import { CAPACITY_UNIT_OF_KIND, VULNERABLE_OBJECT_KINDS, type VulnerableKindTotal, type VulnerableObject } from '@fast/contracts';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../lib/number-format.ts';
import './vulnerable-texts.ts';

/** "134 barn", "1 elev": a capacity with its kind's unit, singular or plural. */
export function capacityText(kind: VulnerableObject['kind'], capacity: number, t: TFunction): string {
  return t(`vulnerable.capacity.${CAPACITY_UNIT_OF_KIND[kind]}`, { count: capacity, number: formatNumber(capacity) });
}

/** One kind's total: "2 barnehager (134 barn)"; "minst" when some of them gave no capacity, none when none did. */
function totalText(total: VulnerableKindTotal, t: TFunction): string {
  const objects = t(`vulnerable.count.${total.kind}`, { count: total.count, number: formatNumber(total.count) });
  if (total.capacityKnown === 0) return objects;
  const sum = capacityText(total.kind, total.capacity, t);
  const capacity = total.capacityKnown < total.count ? t('vulnerable.atLeast', { capacity: sum }) : sum;
  return t('vulnerable.withCapacity', { objects, capacity });
}

/**
 * The line an operator reads first: "Innenfor 1 km: 2 barnehager (134 barn), 1 skole (412 elever)",
 * kinds in the contract's order (kindergartens first), or that there are none. `place` is where
 * ("Innenfor 1 km", "I sonen").
 */
export function vulnerableSummary(totals: readonly VulnerableKindTotal[], place: string, t: TFunction): string {
  const present = VULNERABLE_OBJECT_KINDS.flatMap((kind) => totals.filter((total) => total.kind === kind && total.count > 0));
  if (present.length === 0) return t('vulnerable.none', { place });
  return t('vulnerable.summary', { place, list: present.map((total) => totalText(total, t)).join(', ') });
}
