/**
 * The console's reference data tab (issue 37), under `admin.referenceLayers`. Its Bokmål comes with
 * the admin screen (features/admin/reference-layers-texts.ts), not with the landing page, whose
 * JavaScript budget it would otherwise take; Nynorsk keeps it in nn/admin.ts (nn.json is fetched whole).
 */
export const referenceLayers = {
  heading: 'Referansedata',
  intro:
    'Offentlige datasett som FAST slår opp i, for eksempel alle adresser i Norge. Hver innlasting blir en ny versjon som erstatter den aktive med en gang. Versjonen før blir tatt vare på, så du kan rulle tilbake ett steg.',
  caption: 'Lag med referansedata',
  empty: 'Ingen lag med referansedata.',
  layers: {
    addresses: 'Adresser (Kartverket, Matrikkelen – Adresse)',
    'vulnerable-objects': 'Sårbare objekter (skoler, barnehager, sykehjem, sykehus)',
    'hazard-tables': 'Faretabeller (ERG-tabellene)',
    'adr-table-a': 'ADR Tabell A (klasse, fareetiketter og farenummer)',
  },
  columns: {
    layer: 'Lag',
    version: 'Aktiv versjon',
    loadedAt: 'Lastet inn',
    rows: 'Rader',
    source: 'Kilde',
    loadedBy: 'Lastet inn av',
    fileName: 'Fil',
    previous: 'Forrige versjon',
  },
  notLoaded: 'Ikke lastet inn',
  noPrevious: 'Ingen',
  previous: 'Versjon {{version}}, {{date}}, {{rows}} rader',
  rollback: 'Rull tilbake til versjon {{version}}',
  rollbackTitle: 'Rulle tilbake {{layer}}?',
  rollbackBody:
    'Versjon {{previous}} ({{rows}} rader, lastet inn {{date}}) blir aktiv igjen med en gang, i stedet for versjon {{active}}.',
  rollbackConfirm: 'Rull tilbake',
  rolledBack: '{{layer}}: versjon {{version}} er aktiv igjen.',
  loadHeading: 'Last inn ny versjon: {{layer}}',
  file: 'Datafil',
  fileHelp: {
    addresses:
      'Zip-filen fra Kartverket slik den er lastet ned, eller CSV-filen i den (koordinater i EPSG:25833). Høyst {{megabytes}} MB.',
    'vulnerable-objects':
      'GeoJSON med punkter (.geojson) eller CSV (.csv) med type (skole, barnehage, sykehjem eller sykehus), navn, adresse, kapasitet (elever, barn, plasser eller senger), breddegrad og lengdegrad (WGS84) og kildens id. Høyst {{megabytes}} MB.',
    'hazard-tables':
      'CSV (.csv) med semikolon og ERG-tabellenes kolonner slik PHMSAs ERG 2016-fil har dem (IDNum, GuideNum, Material, SM_ISO …), pluss kolonnen Edition med utgaven, for eksempel 2024. Uten innlastet versjon bruker FAST ERG 2016-tabellene som følger med. Høyst {{megabytes}} MB.',
    'adr-table-a':
      'CSV (.csv) med semikolon og kolonnene UN, Name, Class, ClassificationCode, PackingGroup, Labels (fareetikettene skilt med +, for eksempel 2.3+8), HazardNumber og Edition med ADR-utgaven, for eksempel 2025. Der ADR har flere rader for ett UN-nummer, gjelder den første i filen. Uten innlastet versjon bruker FAST opplysningene fra ADR 2017 som følger med. Høyst {{megabytes}} MB.',
  },
  unsupportedFile: 'FAST kan bare laste inn filer av typen .zip, .csv eller .geojson.',
  tooLarge:
    'Filen er større enn {{megabytes}} MB og kan ikke lastes inn her. En så stor fil må driftsteamet laste inn fra kommandolinjen på serveren.',
  dryRun: 'Kontroller (prøvekjøring)',
  run: 'Last inn',
  checking: 'Kontrollerer radene …',
  loading: 'Kontrollerer og laster inn radene …',
  dryRunReport: 'Prøvekjøring av {{file}}',
  report: 'Innlasting av {{file}}',
  dryRunCounts:
    'Ingenting er lastet inn. Lest: {{read}}. Ville blitt lastet inn: {{loaded}}. Hoppet over med vilje: {{skipped}}. Ugyldige: {{invalid}}.',
  counts: 'Lest: {{read}}. Lastet inn: {{loaded}}. Hoppet over med vilje: {{skipped}}. Ugyldige (ikke lastet inn): {{invalid}}.',
  activated: 'Versjon {{version}} er aktiv nå.',
  invalidCaption: 'Ugyldige rader ({{shown}} av {{total}})',
  reason: {
    missingValue: '{{column}} mangler',
    notANumber: '{{column}}: «{{value}}» er ikke et tall',
    unknownMunicipality: 'Ukjent kommunenummer {{value}}',
    outsideNorway: 'Posisjonen ({{latitude}}, {{longitude}}) ligger utenfor Norge og norske havområder',
    unsupportedCrs: 'Koordinatsystemet {{value}} støttes ikke for dette laget',
    wrongFieldCount: 'Raden har {{actual}} felt, men overskriftsraden har {{expected}}',
    duplicateId: 'Id-en {{value}} står flere ganger i filen',
    unknownKind: 'Ukjent type «{{value}}» (skole, barnehage, sykehjem eller sykehus)',
    notAPoint: 'Geometrien er {{type}}, ikke et punkt (Point)',
    notAFlag: '{{column}}: «{{value}}» er verken Yes, No eller tomt',
    notAUnNumber: 'UN-nummeret «{{value}}» er ikke fire sifre',
    unknownAdrClass: 'Ukjent ADR-klasse «{{value}}»',
    unknownLabel: 'Ukjent fareetikett «{{value}}» (etikettene skilles med +, for eksempel 2.3+8)',
    unknownPackingGroup: 'Emballasjegruppe «{{value}}» er verken I, II, III eller tom',
    notAHazardNumber: 'Farenummeret «{{value}}» er ikke to eller tre sifre, eventuelt med X foran',
  },
};
