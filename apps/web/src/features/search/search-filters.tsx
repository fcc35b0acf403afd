import { Badge, Checkbox, Details, Fieldset, Heading, Paragraph, Spinner } from '@digdir/designsystemet-react';
import { MajorAccidentValue } from '@fast/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalisedName } from '../../i18n/use-localised-name.ts';
import classes from './search-filters.module.css';
import { isChildSelected, isWhole, type TreeEntry, toggleChild, toggleWhole } from './tree-selection.ts';
import { fromFirstPage, type SearchFilterProps } from './use-search-state.ts';

interface TreeNode<P, C> {
  id: P;
  name: string;
  children: { id: C; name: string }[];
}

function TreeFilter<P extends string | number, C extends string | number>(props: {
  nodes: TreeNode<P, C>[];
  entries: TreeEntry<P, C>[];
  wholeLabel: (name: string) => string;
  onChange: (entries: TreeEntry<P, C>[]) => void;
}) {
  const { t } = useTranslation();
  const { nodes, entries, onChange } = props;
  return (
    <div className={classes.tree}>
      {nodes.map((node) => {
        const entry = entries.find((e) => e.parent === node.id);
        const count = entry ? (entry.children.length === 0 ? node.children.length : entry.children.length) : 0;
        const allChildren = node.children.map((c) => c.id);
        return (
          <Details key={node.id} className={classes.node} defaultOpen={entry !== undefined}>
            <Details.Summary>
              <span className={classes.nodeSummary}>
                {node.name}
                {count > 0 && (
                  <Badge
                    data-color="accent"
                    data-size="sm"
                    count={count}
                    aria-label={t('search.filters.selectedCount', { count })}
                  />
                )}
              </span>
            </Details.Summary>
            <Details.Content>
              <Fieldset className={classes.children}>
                <Fieldset.Legend className="visually-hidden">{node.name}</Fieldset.Legend>
                <Checkbox
                  data-size="sm"
                  label={props.wholeLabel(node.name)}
                  checked={isWhole(entries, node.id)}
                  onChange={(event) => onChange(toggleWhole(entries, node.id, event.target.checked))}
                />
                {node.children.map((child) => (
                  <Checkbox
                    key={child.id}
                    data-size="sm"
                    label={child.name}
                    checked={isChildSelected(entries, node.id, child.id)}
                    onChange={(event) => onChange(toggleChild(entries, node.id, child.id, event.target.checked, allChildren))}
                  />
                ))}
              </Fieldset>
            </Details.Content>
          </Details>
        );
      })}
    </div>
  );
}

function FlatFilter<V extends string | number>(props: {
  legend: string;
  options: { id: V; label: string }[];
  selected: V[];
  onChange: (selected: V[]) => void;
}) {
  return (
    <Fieldset>
      <Fieldset.Legend className="visually-hidden">{props.legend}</Fieldset.Legend>
      {props.options.map((option) => (
        <Checkbox
          key={option.id}
          data-size="sm"
          label={option.label}
          checked={props.selected.includes(option.id)}
          onChange={(event) =>
            props.onChange(
              event.target.checked ? [...props.selected, option.id] : props.selected.filter((value) => value !== option.id),
            )
          }
        />
      ))}
    </Fieldset>
  );
}

function Category(props: { title: string; count: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Details className={classes.category} defaultOpen={props.count > 0}>
      <Details.Summary>
        <span className={classes.nodeSummary}>
          {props.title}
          {props.count > 0 && (
            <Badge
              data-color="accent"
              data-size="sm"
              count={props.count}
              aria-label={t('search.filters.selectedCount', { count: props.count })}
            />
          )}
        </span>
      </Details.Summary>
      <Details.Content>{props.children}</Details.Content>
    </Details>
  );
}

const MAJOR_ACCIDENT_VALUES = Object.values(MajorAccidentValue);

/** Area, facility unit type, substance group (with substances) and major-accident relation. */
export function SearchFilters(props: SearchFilterProps) {
  const { t } = useTranslation();
  const localised = useLocalisedName();
  const { state, update, counties, criteria } = props;

  const countyEntries: TreeEntry<string, string>[] = state.counties.map((c) => ({ parent: c.id, children: c.municipalityCodes }));
  const groupEntries: TreeEntry<number, number>[] = state.substanceGroups.map((g) => ({
    parent: g.substanceGroupId,
    children: g.substanceIds,
  }));

  return (
    <section className={classes.filters} aria-labelledby="search-filters-heading">
      <Heading level={2} data-size="xs" id="search-filters-heading">
        {t('search.filters.heading')}
      </Heading>
      {!counties || !criteria ? (
        <Paragraph data-size="sm" className={classes.loading}>
          <Spinner aria-hidden data-size="sm" />
          {t('search.filters.loading')}
        </Paragraph>
      ) : (
        <div className={classes.categories}>
          <Category title={t('search.filters.area')} count={state.counties.length}>
            {counties.length === 0 ? (
              <Paragraph data-size="sm">{t('search.filters.noArea')}</Paragraph>
            ) : (
              <TreeFilter
                nodes={counties.map((c) => ({ id: c.id, name: c.name, children: c.children }))}
                entries={countyEntries}
                wholeLabel={(name) => t('search.filters.wholeCounty', { name })}
                onChange={(entries) =>
                  update((s) =>
                    fromFirstPage({ ...s, counties: entries.map((e) => ({ id: e.parent, municipalityCodes: e.children })) }),
                  )
                }
              />
            )}
          </Category>
          <Category title={t('search.filters.facilityTypes')} count={state.facilityTypes.length}>
            <FlatFilter
              legend={t('search.filters.facilityTypes')}
              options={criteria.facilityTypes.map((type) => ({
                id: type.id,
                label: localised(type.description, type.descriptionNn),
              }))}
              selected={state.facilityTypes}
              onChange={(facilityTypes) => update((s) => fromFirstPage({ ...s, facilityTypes }))}
            />
          </Category>
          <Category title={t('search.filters.substanceGroups')} count={state.substanceGroups.length}>
            <TreeFilter
              nodes={criteria.substanceGroups.map((g) => ({
                id: g.id,
                name: localised(g.name, g.nameNn),
                children: g.substances.map((s) => ({ id: s.id, name: localised(s.name, s.nameNn) })),
              }))}
              entries={groupEntries}
              wholeLabel={(name) => t('search.filters.wholeGroup', { name })}
              onChange={(entries) =>
                update((s) =>
                  fromFirstPage({
                    ...s,
                    substanceGroups: entries.map((e) => ({ substanceGroupId: e.parent, substanceIds: e.children })),
                  }),
                )
              }
            />
          </Category>
          <Category title={t('search.filters.majorAccident')} count={state.majorAccidentRelations.length}>
            <FlatFilter
              legend={t('search.filters.majorAccident')}
              options={MAJOR_ACCIDENT_VALUES.map((value) => ({ id: value, label: t(`search.majorAccident.${value}`) }))}
              selected={state.majorAccidentRelations}
              onChange={(majorAccidentRelations) => update((s) => fromFirstPage({ ...s, majorAccidentRelations }))}
            />
          </Category>
        </div>
      )}
    </section>
  );
}
