import { Chip } from '@digdir/designsystemet-react';
import { useTranslation } from 'react-i18next';
import { useLocalisedName } from '../../i18n/use-localised-name.ts';
import type { SearchState } from '../../routes/links.ts';
import classes from './search-screen.module.css';
import { toggleChild } from './tree-selection.ts';
import { fromFirstPage, type SearchFilterProps } from './use-search-state.ts';

interface ChipItem {
  key: string;
  label: string;
  remove: (state: SearchState) => SearchState;
}

/**
 * The chosen query and filters as removable chips, one per selection (specification section 4):
 * a whole county or substance group is one chip, and so is each municipality or substance chosen
 * within one (its county or group gets none: it was not chosen). Removing the last municipality
 * or substance of a county or group lifts that county or group from the search.
 */
export function FilterChips(props: SearchFilterProps) {
  const { t } = useTranslation();
  const localised = useLocalisedName();
  const { state, update, counties, criteria } = props;
  const items: ChipItem[] = [];

  const query = state.query?.trim();
  if (query) items.push({ key: 'q', label: t('search.chips.query', { query }), remove: (s) => ({ ...s, query: '' }) });

  // A municipality's chip names its county only where another county has one of the same name.
  const municipalityNames = (counties ?? []).flatMap((c) => c.children.map((m) => m.name));
  const ambiguous = new Set(municipalityNames.filter((name, i) => municipalityNames.indexOf(name) !== i));
  for (const selected of state.counties) {
    const county = counties?.find((c) => c.id === selected.id);
    const countyName = county?.name ?? selected.id;
    if (selected.municipalityCodes.length === 0) {
      items.push({
        key: `area-${selected.id}`,
        label: t('search.chips.wholeCounty', { name: countyName }),
        remove: (s) => ({ ...s, counties: s.counties.filter((c) => c.id !== selected.id) }),
      });
    }
    for (const code of selected.municipalityCodes) {
      const name = county?.children.find((m) => m.id === code)?.name ?? code;
      items.push({
        key: `area-${selected.id}-${code}`,
        label: ambiguous.has(name) ? t('search.chips.municipalityInCounty', { name, county: countyName }) : name,
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
    if (selected.substanceIds.length === 0) {
      const name = group ? localised(group.name, group.nameNn) : String(selected.substanceGroupId);
      items.push({
        key: `group-${selected.substanceGroupId}`,
        label: t('search.chips.wholeGroup', { name }),
        remove: (s) => ({
          ...s,
          substanceGroups: s.substanceGroups.filter((g) => g.substanceGroupId !== selected.substanceGroupId),
        }),
      });
    }
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
