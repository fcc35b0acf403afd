import { Chip } from '@digdir/designsystemet-react';
import { useTranslation } from 'react-i18next';
import { useLocalisedName } from '../../i18n/use-localised-name.ts';
import classes from './search-screen.module.css';
import type { SearchState } from './search-url.ts';
import { toggleChild } from './tree-selection.ts';
import { fromFirstPage, type SearchFilterProps } from './use-search-state.ts';

interface ChipItem {
  key: string;
  label: string;
  remove: (state: SearchState) => SearchState;
}

/**
 * The chosen query and filters as removable chips. Removing a county or a substance group removes
 * the municipalities or substances chosen under it; removing the last of those removes it too.
 */
export function FilterChips(props: SearchFilterProps) {
  const { t } = useTranslation();
  const localised = useLocalisedName();
  const { state, update, counties, criteria } = props;
  const items: ChipItem[] = [];

  const query = state.query?.trim();
  if (query) items.push({ key: 'q', label: t('search.chips.query', { query }), remove: (s) => ({ ...s, query: '' }) });

  for (const selected of state.counties) {
    const county = counties?.find((c) => c.id === selected.id);
    const name = county?.name ?? selected.id;
    const whole = selected.municipalityCodes.length === 0;
    items.push({
      key: `area-${selected.id}`,
      label: whole ? t('search.chips.wholeCounty', { name }) : t('search.chips.county', { name }),
      remove: (s) => ({ ...s, counties: s.counties.filter((c) => c.id !== selected.id) }),
    });
    for (const code of selected.municipalityCodes) {
      items.push({
        key: `area-${selected.id}-${code}`,
        label: county?.children.find((m) => m.id === code)?.name ?? code,
        remove: (s) => {
          const entries = s.counties.map((c) => ({ parent: c.id, children: c.municipalityCodes }));
          const next = toggleChild(entries, selected.id, code, false, []);
          return { ...s, counties: next.map((e) => ({ id: e.parent, municipalityCodes: e.children })) };
        },
      });
    }
  }

  for (const id of state.facilityTypes) {
    const type = criteria?.facilityTypes.find((f) => f.id === id);
    items.push({
      key: `type-${id}`,
      label: type ? localised(type.description, type.descriptionNn) : String(id),
      remove: (s) => ({ ...s, facilityTypes: s.facilityTypes.filter((v) => v !== id) }),
    });
  }

  for (const selected of state.substanceGroups) {
    const group = criteria?.substanceGroups.find((g) => g.id === selected.substanceGroupId);
    const name = group ? localised(group.name, group.nameNn) : String(selected.substanceGroupId);
    const whole = selected.substanceIds.length === 0;
    items.push({
      key: `group-${selected.substanceGroupId}`,
      label: whole ? t('search.chips.wholeGroup', { name }) : name,
      remove: (s) => ({
        ...s,
        substanceGroups: s.substanceGroups.filter((g) => g.substanceGroupId !== selected.substanceGroupId),
      }),
    });
    for (const substanceId of selected.substanceIds) {
      const substance = group?.substances.find((s) => s.id === substanceId);
      items.push({
        key: `group-${selected.substanceGroupId}-${substanceId}`,
        label: substance ? localised(substance.name, substance.nameNn) : String(substanceId),
        remove: (s) => {
          const entries = s.substanceGroups.map((g) => ({ parent: g.substanceGroupId, children: g.substanceIds }));
          const next = toggleChild(entries, selected.substanceGroupId, substanceId, false, []);
          return { ...s, substanceGroups: next.map((e) => ({ substanceGroupId: e.parent, substanceIds: e.children })) };
        },
      });
    }
  }

  for (const value of state.majorAccidentRelations) {
    items.push({
      key: `ma-${value}`,
      label: t(`search.majorAccident.${value}`),
      remove: (s) => ({ ...s, majorAccidentRelations: s.majorAccidentRelations.filter((v) => v !== value) }),
    });
  }

  if (items.length === 0) return null;
  return (
    <ul className={classes.chips} aria-label={t('search.chips.label')}>
      {items.map((item) => (
        <li key={item.key}>
          <Chip.Removable
            data-size="sm"
            aria-label={t('search.chips.remove', { name: item.label })}
            onClick={() => update((s) => fromFirstPage(item.remove(s)))}
          >
            {item.label}
          </Chip.Removable>
        </li>
      ))}
    </ul>
  );
}
