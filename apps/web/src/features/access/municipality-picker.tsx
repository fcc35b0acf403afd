import { Button, Checkbox, Details, Fieldset, Paragraph, Textfield } from '@digdir/designsystemet-react';
import type { Municipality } from '@fast/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './access.module.css';
import { groupByCounty } from './municipality-groups.ts';

interface MunicipalityPickerProps {
  municipalities: readonly Municipality[];
  filter: string;
  onFilterChange: (filter: string) => void;
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: Set<string>) => void;
}

/**
 * The municipalities the user may request, grouped by county, with a filter box. "Velg alle"
 * selects every municipality the filter shows; "Nullstill valg" clears the selection.
 */
export function MunicipalityPicker({
  municipalities,
  filter,
  onFilterChange,
  selected,
  onSelectedChange,
}: MunicipalityPickerProps) {
  const { t } = useTranslation();
  const groups = useMemo(() => groupByCounty(municipalities, filter), [municipalities, filter]);
  const filtering = filter.trim() !== '';

  const toggle = (id: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };
  const handleSelectAll = () => {
    const next = new Set(selected);
    for (const group of groups) for (const municipality of group.municipalities) next.add(municipality.id);
    onSelectedChange(next);
  };

  return (
    <div className={classes.picker}>
      <Textfield
        label={t('access.filterLabel')}
        description={t('access.filterDescription')}
        value={filter}
        onChange={(event) => onFilterChange(event.target.value)}
        autoComplete="off"
        type="search"
      />
      <div className={classes.pickerActions}>
        <Button variant="secondary" data-size="sm" onClick={handleSelectAll} disabled={groups.length === 0}>
          {t('access.selectAll')}
        </Button>
        <Button variant="tertiary" data-size="sm" onClick={() => onSelectedChange(new Set())} disabled={selected.size === 0}>
          {t('access.resetSelection')}
        </Button>
      </div>
      {municipalities.length === 0 && <Paragraph>{t('access.nothingToRequest')}</Paragraph>}
      {municipalities.length > 0 && groups.length === 0 && <Paragraph>{t('access.noMatch', { filter })}</Paragraph>}
      <div className={classes.counties}>
        {groups.map((group) => {
          const chosen = group.municipalities.filter((municipality) => selected.has(municipality.id)).length;
          return (
            // Open while filtering, so that what matches is visible; keyed on it so the state resets.
            <Details key={`${group.id}-${filtering}`} defaultOpen={filtering}>
              <Details.Summary>
                {group.name}
                {chosen > 0 && (
                  <span className={classes.countyCount}>
                    {' '}
                    ({t('access.countySelected', { selected: chosen, total: group.municipalities.length })})
                  </span>
                )}
              </Details.Summary>
              <Details.Content>
                <Fieldset>
                  <Fieldset.Legend className="visually-hidden">{group.name}</Fieldset.Legend>
                  <div className={classes.municipalityGrid}>
                    {group.municipalities.map((municipality) => (
                      <Checkbox
                        key={municipality.id}
                        label={municipality.name}
                        value={municipality.id}
                        checked={selected.has(municipality.id)}
                        onChange={(event) => toggle(municipality.id, event.target.checked)}
                      />
                    ))}
                  </div>
                </Fieldset>
              </Details.Content>
            </Details>
          );
        })}
      </div>
    </div>
  );
}
