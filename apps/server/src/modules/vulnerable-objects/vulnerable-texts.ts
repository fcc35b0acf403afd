import {
  CAPACITY_UNIT_OF_KIND,
  type DocumentLanguageValue,
  type VulnerableKindTotal,
  type VulnerableObjectKind,
} from '@fast/contracts';

type Forms = readonly [one: string, many: string];

/** The documents' words for vulnerable objects (exports, briefing), in Bokmål and Nynorsk; the web app has its own in i18next. */
export const VULNERABLE_TEXT = {
  nb: {
    kinds: {
      kindergarten: ['barnehage', 'barnehager'],
      school: ['skole', 'skoler'],
      'care-home': ['sykehjem', 'sykehjem'],
      hospital: ['sykehus', 'sykehus'],
    } satisfies Record<VulnerableObjectKind, Forms>,
    units: {
      children: ['barn', 'barn'],
      pupils: ['elev', 'elever'],
      places: ['plass', 'plasser'],
      beds: ['seng', 'senger'],
    } satisfies Record<string, Forms>,
    atLeast: 'minst',
    none: 'Ingen skoler, barnehager, sykehjem eller sykehus',
    notLoaded: 'Sårbare objekter (skoler, barnehager, sykehjem, sykehus) er ikke lastet inn.',
    within: (radius: string) => `Innenfor ${radius}`,
    sheet: 'Sårbare objekter',
    headers: { kind: 'Type', name: 'Navn', address: 'Adresse', capacity: 'Kapasitet', unit: 'Enhet', sourceId: 'Kilde-ID' },
    source: 'Sårbare objekter',
    version: 'versjon',
  },
  nn: {
    kinds: {
      kindergarten: ['barnehage', 'barnehagar'],
      school: ['skule', 'skular'],
      'care-home': ['sjukeheim', 'sjukeheimar'],
      hospital: ['sjukehus', 'sjukehus'],
    } satisfies Record<VulnerableObjectKind, Forms>,
    units: {
      children: ['born', 'born'],
      pupils: ['elev', 'elevar'],
      places: ['plass', 'plassar'],
      beds: ['seng', 'senger'],
    } satisfies Record<string, Forms>,
    atLeast: 'minst',
    none: 'Ingen skular, barnehagar, sjukeheimar eller sjukehus',
    notLoaded: 'Sårbare objekt (skular, barnehagar, sjukeheimar, sjukehus) er ikkje lasta inn.',
    within: (radius: string) => `Innanfor ${radius}`,
    sheet: 'Sårbare objekt',
    headers: { kind: 'Type', name: 'Namn', address: 'Adresse', capacity: 'Kapasitet', unit: 'Eining', sourceId: 'Kjelde-ID' },
    source: 'Sårbare objekt',
    version: 'versjon',
  },
} satisfies Record<DocumentLanguageValue, unknown>;

const form = (forms: Forms, count: number) => (count === 1 ? forms[0] : forms[1]);

export const kindName = (kind: VulnerableObjectKind, lang: DocumentLanguageValue, count = 1) =>
  form(VULNERABLE_TEXT[lang].kinds[kind], count);

export const capacityUnit = (kind: VulnerableObjectKind, lang: DocumentLanguageValue, count: number) =>
  form(VULNERABLE_TEXT[lang].units[CAPACITY_UNIT_OF_KIND[kind]], count);

/**
 * "2 barnehager (134 barn), 1 skole (412 elever)": each kind's count and summed capacity, "minst"
 * where some of them gave none, no capacity where none did; the "none" text for no objects.
 */
export function vulnerableSummary(totals: readonly VulnerableKindTotal[], lang: DocumentLanguageValue): string {
  const t = VULNERABLE_TEXT[lang];
  if (totals.length === 0) return t.none;
  return totals
    .map(({ kind, count, capacity, capacityKnown }) => {
      const counted = `${count} ${kindName(kind, lang, count)}`;
      if (capacityKnown === 0) return counted;
      const atLeast = capacityKnown < count ? `${t.atLeast} ` : '';
      return `${counted} (${atLeast}${capacity} ${capacityUnit(kind, lang, capacity)})`;
    })
    .join(', ');
}
