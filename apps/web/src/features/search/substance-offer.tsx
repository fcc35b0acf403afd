import { Alert, Button, Paragraph } from '@digdir/designsystemet-react';
import type { SearchCriteria } from '@fast/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { searchQueries } from '../../api/search-queries.ts';
import { useLocalisedName } from '../../i18n/use-localised-name.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { type SearchState, searchPayload } from '../../routes/links.ts';
import classes from './search-screen.module.css';
import { filterBySubstances, findSubstanceMentions, isFilteredBy, type SubstanceMention } from './substance-mention.ts';
import type { SearchUpdate } from './use-search-state.ts';

/** At most this many substances named in one query are offered (a pasted list would fill the screen). */
const MAX_OFFERS = 3;

// Bokmål and Nynorsk join a list alike ("a, b og c", "a, b eller c").
const and = new Intl.ListFormat('nb', { type: 'conjunction' });
const or = new Intl.ListFormat('nb', { type: 'disjunction' });

/** A name inside a sentence: "Propan" → "propan", but "LPG" and "CNG" as they are. */
const inSentence = (name: string) => (/^\p{Lu}\p{Ll}/u.test(name) ? name[0]?.toLocaleLowerCase('nb') + name.slice(1) : name);

interface OfferProps {
  organisationNumber: string;
  state: SearchState;
  update: SearchUpdate;
}

/**
 * "Propan er et stoff …": for each substance the free text names (see substance-mention.ts), what
 * the free text does not search, and a button to the search with that substance filter instead,
 * with its number of facilities: the answer of that search (in the caller's scope, as every
 * search), which is also what the button's click shows at once.
 */
export function SubstanceOffers(props: OfferProps & { criteria: SearchCriteria | undefined }) {
  const { state, criteria } = props;
  const mentions = useMemo(
    () =>
      criteria && state.query
        ? findSubstanceMentions(state.query, criteria)
            .filter((mention) => !isFilteredBy(state, mention))
            .slice(0, MAX_OFFERS)
        : [],
    [criteria, state],
  );
  return mentions.map((mention) => (
    <SubstanceOffer
      key={mention.substances.map((s) => s.substance.id).join(',')}
      organisationNumber={props.organisationNumber}
      state={state}
      update={props.update}
      mention={mention}
    />
  ));
}

function SubstanceOffer({ organisationNumber, state, update, mention }: OfferProps & { mention: SubstanceMention }) {
  const { t } = useTranslation();
  const localised = useLocalisedName();
  const next = filterBySubstances(state, mention);
  // No previous answer in the meantime: that was another search's count.
  const count = useQuery({ ...searchQueries.search(organisationNumber, searchPayload(next)), placeholderData: undefined });
  if (!count.data) return null;

  const names = mention.substances.map(({ substance }) => localised(substance.name, substance.nameNn));
  const what = mention.unNumber
    ? t('search.substance.unNumber', { unNumber: mention.unNumber, names: and.format(names.map(inSentence)) })
    : names.length === 1
      ? t('search.substance.named', { name: names[0] ?? '' })
      : t('search.substance.namedMany', { names: and.format(names) });
  const substance = or.format(names.map(inSentence));
  const total = count.data.totalHits;
  // Other words or filters stay in the search the button leads to.
  const narrowed =
    next.query !== '' ||
    next.facilityTypes.length > 0 ||
    next.counties.length > 0 ||
    next.majorAccidentRelations.length > 0 ||
    state.substanceGroups.length > 0;

  return (
    <Alert data-color="info" data-size="sm" className={classes.substanceOffer}>
      <Paragraph data-size="sm">
        {what} {t('search.substance.freeTextNote')}
      </Paragraph>
      {total === 0 ? (
        <Paragraph data-size="sm">
          {t(narrowed ? 'search.substance.noneNarrowed' : 'search.substance.none', { substance })}
        </Paragraph>
      ) : (
        <Button variant="secondary" data-size="sm" onClick={() => update((current) => filterBySubstances(current, mention))}>
          {t(narrowed ? 'search.substance.showNarrowed' : 'search.substance.show', {
            count: total,
            number: formatNumber(total),
            substance,
          })}
        </Button>
      )}
    </Alert>
  );
}
