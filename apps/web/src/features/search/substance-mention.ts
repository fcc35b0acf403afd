import type { SearchCriteria, SearchCriteriaSubstance } from '@fast/contracts';
import { normalise, withinOneEdit } from '../../lib/normalise-text.ts';
import type { SearchState } from '../../routes/links.ts';
import { fromFirstPage } from './use-search-state.ts';

/**
 * The free text searches a facility's id, name, address, postcode and place (specification
 * section 2), not what it stores: "propan" finds the facilities called Propan-something, not the
 * many more that store propane. When the text names a substance of the catalogue — by name, with
 * one typo in a word of five letters or more as the search tolerates, or by UN number ("1978",
 * "UN 1978", "UN1978") — the screen says so and offers the substance filter instead.
 */
export interface SubstanceMention {
  /** The substances named: one, or several sharing the name ("Fyrverkeri") or the UN number (1971). */
  substances: { groupId: number; substance: SearchCriteriaSubstance }[];
  /** Named by UN number: the number; by name: null. */
  unNumber: string | null;
  /** The words of the query (indexes among its white-space separated words) that name them and nothing else. */
  words: number[];
}

const TYPO_MIN_LETTERS = 5;
// As the server parses the free text: separators at a word's edges are not part of it.
const EDGE_PUNCTUATION = /^[,.;:]+|[,.;:]+$/g;

interface Token {
  text: string;
  /** Index of the query word the token is part of. */
  word: number;
}

const queryWords = (query: string) =>
  query
    .trim()
    .split(/\s+/u)
    .map((word) => word.replace(EDGE_PUNCTUATION, ''));

const tokensOf = (text: string) =>
  normalise(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The names a substance goes by, as token lists: its whole name, the part before a comma or a
 * parenthesis ("Ammoniakk" of "Ammoniakk, vannfri"), each side of a slash ("Diesel / fyringsolje"),
 * a parenthesised alias ("CNG", "dynamitt"; not a description with a slash such as
 * "propan/butan-blanding"), and the first word of that part ("Sprengstoff" of "Sprengstoff type A").
 */
function namesOf(substance: SearchCriteriaSubstance): string[][] {
  const names = new Set<string>();
  for (const name of [substance.name, substance.nameNn]) {
    const head = name.split(/[,(]/u)[0] ?? '';
    const candidates = [name, head, ...head.split('/'), head.trim().split(/\s+/u)[0] ?? ''];
    for (const [, alias = ''] of name.matchAll(/\(([^)]*)\)/gu)) if (!alias.includes('/')) candidates.push(alias);
    for (const candidate of candidates) {
      const tokens = tokensOf(candidate);
      if (tokens.length > 0) names.add(tokens.join(' '));
    }
  }
  return [...names].map((name) => name.split(' '));
}

const letters = (token: string) => [...token].filter((c) => /\p{L}/u.test(c)).length;

function tokenMatches(typed: string, name: string): 'exact' | 'typo' | null {
  if (typed === name) return 'exact';
  return letters(typed) >= TYPO_MIN_LETTERS && withinOneEdit(typed, name) ? 'typo' : null;
}

interface Candidate {
  start: number;
  length: number;
  exact: boolean;
  unNumber: string | null;
  substance: { groupId: number; substance: SearchCriteriaSubstance };
}

function unNumberCandidates(tokens: Token[], substances: Candidate['substance'][]): Candidate[] {
  const found: Candidate[] = [];
  tokens.forEach((token, start) => {
    const spans: [number, string | undefined][] = [
      [1, /^un(\d{4})$/.exec(token.text)?.[1]],
      [1, /^\d{4}$/.test(token.text) ? token.text : undefined],
      [2, token.text === 'un' && /^\d{4}$/.test(tokens[start + 1]?.text ?? '') ? tokens[start + 1]?.text : undefined],
    ];
    for (const [length, unNumber] of spans) {
      if (unNumber === undefined) continue;
      for (const substance of substances) {
        if (substance.substance.unNumber === unNumber) found.push({ start, length, exact: true, unNumber, substance });
      }
    }
  });
  return found;
}

function nameCandidates(tokens: Token[], substances: Candidate['substance'][]): Candidate[] {
  const found: Candidate[] = [];
  for (const substance of substances) {
    for (const name of namesOf(substance.substance)) {
      for (let start = 0; start + name.length <= tokens.length; start++) {
        const matches = name.map((part, i) => tokenMatches(tokens[start + i]?.text ?? '', part));
        if (matches.some((m) => m === null)) continue;
        const exact = matches.every((m) => m === 'exact');
        found.push({ start, length: name.length, exact, unNumber: null, substance });
      }
    }
  }
  return found;
}

/**
 * The substances the query names, each span of words once: a longer name before a shorter one
 * within it ("flytende naturgass" is LNG, not natural gas), an exact name before a near one
 * ("metanol" is methanol, not ethanol), a UN number before a name. Mentions of the same
 * substances are one mention.
 */
export function findSubstanceMentions(query: string, criteria: SearchCriteria): SubstanceMention[] {
  const words = queryWords(query);
  const tokens: Token[] = words.flatMap((word, index) => tokensOf(word).map((text) => ({ text, word: index })));
  if (tokens.length === 0) return [];
  const substances = criteria.substanceGroups.flatMap((group) =>
    group.substances.map((substance) => ({ groupId: group.id, substance })),
  );

  // The candidates per span of tokens: the exact ones where there are any.
  const spans = new Map<string, Candidate[]>();
  for (const candidate of [...unNumberCandidates(tokens, substances), ...nameCandidates(tokens, substances)]) {
    const key = `${candidate.start}:${candidate.length}:${candidate.unNumber ?? ''}`;
    const list = spans.get(key) ?? [];
    if (!list.some((c) => c.substance.substance.id === candidate.substance.substance.id)) list.push(candidate);
    spans.set(key, list);
  }
  const ranked = [...spans.values()]
    .map((list) => (list.some((c) => c.exact) ? list.filter((c) => c.exact) : list))
    .sort((a, b) => {
      const [x, y] = [a[0] as Candidate, b[0] as Candidate];
      return (
        Number(y.unNumber !== null) - Number(x.unNumber !== null) ||
        y.length - x.length ||
        Number(y.exact) - Number(x.exact) ||
        x.start - y.start
      );
    });

  const claimed = new Set<number>();
  const mentions = new Map<string, SubstanceMention & { tokens: number[] }>();
  for (const list of ranked) {
    const { start, length, unNumber } = list[0] as Candidate;
    const span = Array.from({ length }, (_, i) => start + i);
    if (span.some((i) => claimed.has(i))) continue;
    for (const i of span) claimed.add(i);
    const key = list
      .map((c) => c.substance.substance.id)
      .sort((a, b) => a - b)
      .join(',');
    const mention = mentions.get(key) ?? { substances: list.map((c) => c.substance), unNumber, words: [], tokens: [] };
    mention.tokens.push(...span);
    mentions.set(key, mention);
  }

  // A word belongs to a mention when every token of it does ("UN", "1978"; not "propan/butan" for propane alone).
  return [...mentions.values()]
    .sort((a, b) => Math.min(...a.tokens) - Math.min(...b.tokens))
    .map(({ tokens: own, ...mention }) => ({
      ...mention,
      words: words
        .map((_, index) => index)
        .filter((index) => {
          const of = tokens.flatMap((token, i) => (token.word === index ? [i] : []));
          return of.length > 0 && of.every((i) => own.includes(i));
        }),
    }));
}

/** Whether the search filters by every substance of the mention already (as itself or as its whole group). */
export function isFilteredBy(state: SearchState, mention: SubstanceMention): boolean {
  return mention.substances.every(({ groupId, substance }) =>
    state.substanceGroups.some(
      (g) => g.substanceGroupId === groupId && (g.substanceIds.length === 0 || g.substanceIds.includes(substance.id)),
    ),
  );
}

/**
 * The search with the mention's substances as a filter instead of words of the free text: the
 * words that name them leave the query; other words and filters stay; page 1.
 */
export function filterBySubstances(state: SearchState, mention: SubstanceMention): SearchState {
  const query = queryWords(state.query ?? '')
    .filter((word, index) => word !== '' && !mention.words.includes(index))
    .join(' ');
  let substanceGroups = state.substanceGroups;
  for (const { groupId, substance } of mention.substances) {
    const group = substanceGroups.find((g) => g.substanceGroupId === groupId);
    if (!group) substanceGroups = [...substanceGroups, { substanceGroupId: groupId, substanceIds: [substance.id] }];
    else if (group.substanceIds.length > 0 && !group.substanceIds.includes(substance.id)) {
      substanceGroups = substanceGroups.map((g) =>
        g === group ? { substanceGroupId: groupId, substanceIds: [...g.substanceIds, substance.id] } : g,
      );
    }
  }
  return fromFirstPage({ ...state, query, substanceGroups });
}
