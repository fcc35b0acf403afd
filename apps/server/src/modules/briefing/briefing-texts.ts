import type { DocumentLanguageValue, GuideEssentials, Table3Container, WindClass } from '@fast/contracts';

/** The briefing's own words in Bokmål; `nn` below has the same keys (the type checks it). */
const nb = {
  title: 'Innsatsark',
  facility: 'Anlegg',
  id: 'Anleggs-ID',
  address: 'Adresse',
  notGiven: 'Ikke oppgitt',
  municipality: 'Kommune',
  utm: (zone: number) => `UTM sone ${zone} (EUREF89)`,
  wgs84: 'WGS84 (desimal)',
  wgs84Dm: 'WGS84 (grader, minutter)',
  mgrs: 'MGRS',
  noPosition: 'Anlegget har ingen registrert posisjon.',
  owner: 'Eier',
  client: 'Innmelder',
  orgNo: 'org.nr.',
  units: 'Anleggsenheter',
  majorAccident: 'Storulykke',
  lastInspection: 'Siste tilsyn',
  noInspection: 'Ingen registrert',

  // The zones' assumptions, as the user set them on the screen.
  spill: 'Utslipp',
  spillValue: { small: 'lite', large: 'stort' },
  fire: 'Brann',
  fireValue: (on: boolean): string => (on ? 'ja, tatt med' : 'nei, ikke tatt med'),
  wind: 'Vind',
  windFrom: (degrees: string, direction: string) => `fra ${degrees}° (${direction})`,
  windNotGiven: 'vindretning ikke oppgitt',
  windClass: { low: 'svak vind', moderate: 'moderat vind', high: 'sterk vind' } satisfies Record<WindClass, string>,
  windClassAssumed: (wind: string) => `${wind} (ikke oppgitt: tabellens største avstand)`,
  daylight: 'Dag eller natt',
  daylightValue: { day: 'dag', night: 'natt' },
  daylightBySun: 'etter solen da arket ble laget',
  daylightGiven: 'valgt',

  zonesFor: (name: string, un: string) => `Soner for ${name} (UN ${un}), stoffet med anleggets største beskyttelsesavstand`,
  isolate: 'Isoler i alle retninger',
  protect: 'Beskytt personer nedvinds',
  evacuateAll: 'Evakuer i alle retninger',
  fireIsolate: (distance: string) => `Brann: isoler ${distance} i alle retninger`,
  bleve: 'BLEVE, tank med brannfarlig gass i brann: evakuer i alle retninger etter tankvolum',
  drawnTowards: (degrees: string, direction: string) => `tegnet nedvinds mot ${direction} (${degrees}°)`,
  drawnFor: (daylight: string) => `sonen er tegnet for ${daylight}`,
  largestIsolation: 'Største isolasjonsavstand på anlegget',
  largestFire: 'Største brannavstand på anlegget',
  notDrawn: 'ikke tegnet',
  atmospheric: '+ Avstanden kan være større under visse værforhold.',
  noDistance: 'Kildene gir ingen avstand for stoffene på anlegget.',
  noMap: 'Ingen posisjon: sonene kan ikke tegnes.',
  vulnerable: 'Sårbare objekter',
  vulnerableIn: { isolation: 'I isolasjonssonen', protectiveAction: 'i sonen nedvinds', fire: 'i brannsonen' },
  vulnerableNearest: (name: string, distance: string, direction: string) => `nærmest: ${name}, ${distance} ${direction}`,

  source: {
    table1: (edition: string) => `ERG ${edition}, tabell 1`,
    table3: (edition: string, container: string | null, wind: string | null) =>
      [`ERG ${edition}, tabell 3`, container, wind].filter(Boolean).join(', '),
    guide: (edition: string, guide: number | null) =>
      `ERG ${edition}, ${guide === null ? 'veiledningen' : `veiledning ${guide}`}`,
    bleve: (edition: string) => `ERG ${edition}, BLEVE-tabellen`,
  },
  containers: {
    'rail-tank-car': 'jernbanetankvogn',
    'highway-tank-truck': 'tankbil eller tanktilhenger',
    'agricultural-nurse-tank': 'landbrukstank',
    'multiple-ton-cylinders': 'flere tonnsylindere',
    'multiple-small-cylinders-or-single-ton-cylinder': 'flere små sylindere eller én tonnsylinder',
    'multiple-small-cylinders': 'flere små sylindere',
  } satisfies Record<Table3Container, string>,

  essentials: (guide: number, title: string) => `Hva skal gjøres: ERG-veiledning ${guide}, ${title}`,
  essentialsSource: (edition: string) => `Tekst skrevet for FAST etter ERG ${edition}`,
  essentialLabels: {
    fire: 'Brann og eksplosjon',
    health: 'Helse',
    publicSafety: 'Sikkerhet for publikum',
    protection: 'Verneutstyr',
    firstActions: 'Første tiltak',
  } satisfies Record<keyof GuideEssentials, string>,
  noGuide: 'Kildene gir ingen ERG-veiledning for stoffene på anlegget.',

  substances: 'Stoffer',
  substance: 'Stoff',
  quantity: 'Mengde',
  un: 'UN',
  cls: 'Klasse',
  plate: 'Skilt',
  guide: 'ERG',
  noSubstances: 'Ingen stoffer er registrert på anlegget.',
  omitted: (n: number) => `${n} stoffer fikk ikke plass på siden – se stoffrapporten for hele listen.`,

  mapIsolation: 'Isolasjon',
  mapProtect: 'Beskytt nedvinds',
  mapEvacuate: 'Evakuer',
  mapFire: 'Brann',
  mapOverview: 'Oversikt',
  mapWindFrom: (direction: string) => `Vind fra ${direction}`,
  mapNoWind: 'Vindretning ikke oppgitt',
  north: 'N',
  restricted: 'Skjermet / begrenset tilgang',
  made: (when: string, who: string) => `Laget ${when} av ${who} i FAST – anlegg og kart.`,
  /**
   * `ergEdition`: the edition of the page's distances (the loaded ERG tables', else ERG 2016); null
   * on a page without any. `adrEditions`: those of its substances' classes and labels (the loaded
   * ADR Table A's, else ADR 2017), newest first; none on a page without any.
   */
  sources: (ergEdition: string | null, adrEditions: readonly string[]) =>
    `Kilder: ${ergEdition ? `alle avstander fra ERG ${ergEdition} (PHMSA), tabeller og veiledninger; ` : ''}veiledningsnummer og veiledningstekst etter ERG 2024 ` +
    `(veiledning 112 og 114: ERG 2016), teksten skrevet for FAST${adrEditions.length > 0 ? `; klasse og skilt: ${adrEditions.map((e) => `ADR ${e}`).join(' og ')}` : ''}. Kart: © Kartverket.`,
};

export type BriefingText = typeof nb;

const nn: BriefingText = {
  title: 'Innsatsark',
  facility: 'Anlegg',
  id: 'Anleggs-ID',
  address: 'Adresse',
  notGiven: 'Ikkje oppgitt',
  municipality: 'Kommune',
  utm: (zone: number) => `UTM sone ${zone} (EUREF89)`,
  wgs84: 'WGS84 (desimal)',
  wgs84Dm: 'WGS84 (gradar, minutt)',
  mgrs: 'MGRS',
  noPosition: 'Anlegget har ingen registrert posisjon.',
  owner: 'Eigar',
  client: 'Innmeldar',
  orgNo: 'org.nr.',
  units: 'Anleggseiningar',
  majorAccident: 'Storulykke',
  lastInspection: 'Siste tilsyn',
  noInspection: 'Ikkje registrert',

  spill: 'Utslepp',
  spillValue: { small: 'lite', large: 'stort' },
  fire: 'Brann',
  fireValue: (on: boolean) => (on ? 'ja, teke med' : 'nei, ikkje teke med'),
  wind: 'Vind',
  windFrom: (degrees: string, direction: string) => `frå ${degrees}° (${direction})`,
  windNotGiven: 'vindretning ikkje oppgitt',
  windClass: { low: 'svak vind', moderate: 'moderat vind', high: 'sterk vind' },
  windClassAssumed: (wind: string) => `${wind} (ikkje oppgitt: den største avstanden i tabellen)`,
  daylight: 'Dag eller natt',
  daylightValue: { day: 'dag', night: 'natt' },
  daylightBySun: 'etter sola då arket vart laga',
  daylightGiven: 'valt',

  zonesFor: (name: string, un: string) => `Soner for ${name} (UN ${un}), stoffet med den største vernavstanden på anlegget`,
  isolate: 'Isoler i alle retningar',
  protect: 'Vern personar nedvinds',
  evacuateAll: 'Evakuer i alle retningar',
  fireIsolate: (distance: string) => `Brann: isoler ${distance} i alle retningar`,
  bleve: 'BLEVE, tank med brannfarleg gass i brann: evakuer i alle retningar etter tankvolum',
  drawnTowards: (degrees: string, direction: string) => `teikna nedvinds mot ${direction} (${degrees}°)`,
  drawnFor: (daylight: string) => `sona er teikna for ${daylight}`,
  largestIsolation: 'Største isolasjonsavstand på anlegget',
  largestFire: 'Største brannavstand på anlegget',
  notDrawn: 'ikkje teikna',
  atmospheric: '+ Avstanden kan vere større under visse vêrforhold.',
  noDistance: 'Kjeldene gjev ingen avstand for stoffa på anlegget.',
  noMap: 'Ingen posisjon: sonene kan ikkje teiknast.',
  vulnerable: 'Sårbare objekt',
  vulnerableIn: { isolation: 'I isolasjonssona', protectiveAction: 'i sona nedvinds', fire: 'i brannsona' },
  vulnerableNearest: (name: string, distance: string, direction: string) => `nærast: ${name}, ${distance} ${direction}`,

  source: {
    table1: (edition: string) => `ERG ${edition}, tabell 1`,
    table3: (edition: string, container: string | null, wind: string | null) =>
      [`ERG ${edition}, tabell 3`, container, wind].filter(Boolean).join(', '),
    guide: (edition: string, guide: number | null) => `ERG ${edition}, ${guide === null ? 'rettleiinga' : `rettleiing ${guide}`}`,
    bleve: (edition: string) => `ERG ${edition}, BLEVE-tabellen`,
  },
  containers: {
    'rail-tank-car': 'jernbanetankvogn',
    'highway-tank-truck': 'tankbil eller tanktilhengar',
    'agricultural-nurse-tank': 'landbrukstank',
    'multiple-ton-cylinders': 'fleire tonnsylindrar',
    'multiple-small-cylinders-or-single-ton-cylinder': 'fleire små sylindrar eller éin tonnsylinder',
    'multiple-small-cylinders': 'fleire små sylindrar',
  },

  essentials: (guide: number, title: string) => `Kva som skal gjerast: ERG-rettleiing ${guide}, ${title}`,
  essentialsSource: (edition: string) => `Tekst skriven for FAST etter ERG ${edition}`,
  essentialLabels: {
    fire: 'Brann og eksplosjon',
    health: 'Helse',
    publicSafety: 'Tryggleik for publikum',
    protection: 'Verneutstyr',
    firstActions: 'Første tiltak',
  },
  noGuide: 'Kjeldene gjev inga ERG-rettleiing for stoffa på anlegget.',

  substances: 'Stoff',
  substance: 'Stoff',
  quantity: 'Mengd',
  un: 'UN',
  cls: 'Klasse',
  plate: 'Skilt',
  guide: 'ERG',
  noSubstances: 'Det er ikkje registrert stoff på anlegget.',
  omitted: (n: number) => `${n} stoff fekk ikkje plass på sida – sjå stoffrapporten for heile lista.`,

  mapIsolation: 'Isolasjon',
  mapProtect: 'Vern nedvinds',
  mapEvacuate: 'Evakuer',
  mapFire: 'Brann',
  mapOverview: 'Oversikt',
  mapWindFrom: (direction: string) => `Vind frå ${direction}`,
  mapNoWind: 'Vindretning ikkje oppgitt',
  north: 'N',
  // The security marking in Nynorsk, as the rest of the page.
  restricted: 'Skjerma / avgrensa tilgang',
  made: (when: string, who: string) => `Laga ${when} av ${who} i FAST – anlegg og kart.`,
  sources: (ergEdition: string | null, adrEditions: readonly string[]) =>
    `Kjelder: ${ergEdition ? `alle avstandar frå ERG ${ergEdition} (PHMSA), tabellar og rettleiingar; ` : ''}rettleiingsnummer og rettleiingstekst etter ERG 2024 ` +
    `(rettleiing 112 og 114: ERG 2016), teksten skriven for FAST${adrEditions.length > 0 ? `; klasse og skilt: ${adrEditions.map((e) => `ADR ${e}`).join(' og ')}` : ''}. Kart: © Kartverket.`,
};

export const BRIEFING_TEXT: Record<DocumentLanguageValue, BriefingText> = { nb, nn };
