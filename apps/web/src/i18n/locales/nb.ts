import { access } from './nb/access.ts';
import { admin } from './nb/admin.ts';
import { facility } from './nb/facility.ts';
import type { hazard } from './nb/hazard.ts';
import { incident } from './nb/incident.ts';
import { map } from './nb/map.ts';
import type { referenceLayers } from './nb/reference-layers.ts';
import { search } from './nb/search.ts';
import type { vulnerable } from './nb/vulnerable.ts';
import type { zones } from './nb/zones.ts';

/**
 * Norsk bokmål: the default and fallback language, bundled with the app (but for the namespaces
 * of `Bokmal`, below). Its shape and theirs are the type of every translation key (see
 * ../i18n-types.ts); nn.ts must have exactly the same keys. Rich texts (help) use <p>, <ul>, <li>
 * and <strong>, which ../rich-text.tsx maps to Designsystemet components.
 */
export const nb = {
  app: {
    title: 'FAST - anlegg og kart',
    shortTitle: 'FAST',
    skipToContent: 'Hopp til hovedinnholdet',
  },
  documentTitle: {
    landing: 'FAST - anlegg og kart',
    search: 'FAST - søk',
    facility: 'FAST - anleggsinformasjon',
    map: 'FAST - kartvisning',
    incident: 'FAST - hendelse',
    access: 'FAST - tilganger',
    admin: 'FAST - administrasjon',
    selectOrganisation: 'FAST - velg virksomhet',
    notFound: 'FAST - fant ikke siden',
  },
  header: {
    homeLink: 'FAST - anlegg og kart, til forsiden',
    screens: 'Skjermbilder',
    search: 'Søk',
    map: 'Kart',
    incident: 'Hendelse',
    help: 'Hjelp',
    closeDialog: 'Lukk dialogvinduet',
    language: 'Språk',
    languageCurrent: 'Språk: {{language}}',
    userMenu: 'Brukermeny',
    userMenuAnonymous: 'Brukermeny',
    organisation: 'Virksomhet',
    noOrganisation: 'Ingen virksomhet valgt',
    changeOrganisation: 'Bytt virksomhet',
    logOut: 'Logg ut',
    loading: 'Laster inn...',
  },
  languages: {
    nb: 'Bokmål',
    nn: 'Nynorsk',
  },
  auth: {
    notLoggedIn: 'Du er ikke logget inn. Vennligst vent...',
    notAuthenticatedHeading: 'Du er ikke logget inn',
    notAuthenticatedBody: 'Logg inn for å se anlegg og kart i FAST.',
    signedOut: 'Du er nå logget ut av FAST.',
    logIn: 'Logg inn',
    providerError: 'Innloggingstjenesten svarte: {{description}}',
    configError: 'Noe gikk galt!',
    tryAgain: 'Prøv igjen',
  },
  errors: {
    UNEXPECTED_ERROR: 'Noe gikk galt her',
    ACCESS_DENIED: 'Du er ikke logget inn eller har ikke tilgang til å gjøre dette!',
    NOT_FOUND: 'Fant ikke det du prøvde å finne',
    PageNotFound: 'Fant ikke denne siden',
    TIMEOUT: 'Dette tok altfor lang tid! Prøv igjen senere.',
    FAILED_AUTHENTICATION: 'Kunne ikke logge inn!',
    NotImplemented: 'Dette er ikke implementert!',
    FacilityNaN: 'Anleggs-ID må være et positivt heltall, for eksempel 1234.',
    // Spec § 8: an error the catalogue has no text for shows its own text.
    raw: '{{text}}',
    VALIDATION_ERROR: 'Noe av det som ble sendt inn, er ugyldig.',
    PAYLOAD_TOO_LARGE: 'Forespørselen er for stor.',
    RATE_LIMITED: 'Du har sendt for mange forespørsler. Vent litt og prøv igjen.',
    SERVICE_UNAVAILABLE: 'Tjenesten er ikke tilgjengelig akkurat nå. Prøv igjen senere.',
    CONFLICT: 'Noen andre har endret dette samtidig. Last inn siden på nytt.',
    copyReference: 'Kopier feilreferanse',
    referenceCopied: 'Feilreferansen er kopiert til utklippstavlen!',
    copyFailed: 'Kunne ikke kopiere feilreferansen. Feilreferansen er {{reference}}.',
    reference: 'Feilreferanse: {{reference}}',
  },
  table: {
    sortBy: 'Sorter etter',
    unsorted: 'Ikke sortert',
    ascending: '{{column}}, stigende',
    descending: '{{column}}, synkende',
    paging: {
      rowsPerPage: 'Rader per side',
      showing: 'Viser {{current}} av {{total}}',
      previous: 'Forrige',
      next: 'Neste',
      page: 'Side {{page}}',
    },
  },
  toasts: {
    region: 'Varsler',
    close: 'Lukk varselet',
  },
  statusMessages: {
    region: 'Driftsmeldinger',
  },
  terms: {
    title: 'Brukervilkår',
    loading: 'Henter brukervilkårene...',
    published: 'Gjeldende fra {{date}}',
    decline: 'Avslå',
    accept: 'Samtykk',
  },
  footer: {
    region: 'Kontaktinformasjon',
    postalAddress: 'Postadresse',
    phone: 'Telefon',
    email: 'E-post',
    organisationNumber: 'Organisasjonsnummer',
  },
  landing: {
    heading: 'Velkommen til FAST',
    intro:
      'FAST gir kommuner, brannvesen, 110-sentraler, statsforvaltere og fylkeskommuner oversikt over anlegg som håndterer farlig stoff og eksplosiver, også virksomheter som er omfattet av storulykkeforskriften.',
    scope: 'Du ser bare anlegg i kommuner som virksomheten din har fått tilgang til.',
    noAccess: 'Du har ikke tilgang til noen data. Du må be om dette først',
    requestAccess: 'Be om tilgang',
    choices: 'Hva vil du gjøre?',
    searchTitle: 'Vis anlegg',
    searchDescription: 'Søk etter anlegg med fritekst og filtre, se detaljene og eksporter treffene til et regneark.',
    mapTitle: 'Kartvisning av anlegg',
    mapDescription: 'Se alle anleggene du har tilgang til, på kartet, og tegn inn soner rundt dem.',
    incidentTitle: 'Hendelse: hva finnes i nærheten?',
    incidentDescription: 'Skriv et sted eller en koordinat, og se alle anlegg rundt punktet, nærmeste først, med hva de lagrer.',
    accessTitle: 'Mine tilganger',
    accessDescription: 'Se hvilke kommuner du kan hente anlegg fra, og be om tilgang til flere.',
  },
  selectOrganisation: {
    heading: 'Velg virksomhet',
    description: 'Velg hvilken virksomhet du representerer i FAST.',
    legend: 'Virksomheter du kan representere',
    organisationNumber: 'Org.nr. {{number}}',
    proceed: 'Gå videre',
    loading: 'Henter virksomheter...',
    none: 'Du er ikke knyttet til noen virksomhet som har tilgang til FAST.',
    mustChoose: 'Velg en virksomhet for å gå videre.',
    missingHeading: 'Finner du ikke virksomheten din?',
    missingHelp:
      'For å representere en virksomhet i FAST må du ha Altinn-rollen «{{role}}» for virksomheten. Be den som delegerer roller i Altinn hos dere, om å gi deg rollen.',
    readMore: 'Les mer om FAST hos DSB',
  },
  notFound: {
    body: 'Siden du leter etter, finnes ikke eller har blitt flyttet.',
    home: 'Ta meg hjem',
  },
  search,
  facility,
  map,
  incident,
  access,
  admin,
  help: {
    landing: {
      title: 'Om FAST',
      body: '<p>FAST gir deg oversikt over anlegg som håndterer farlig stoff og eksplosiver i kommunene du har tilgang til.</p><ul><li><strong>Vis anlegg</strong>: søk med fritekst og filtre, og åpne et anlegg for å se alle detaljene.</li><li><strong>Kartvisning</strong>: se anleggene på kartet og tegn inn soner.</li><li><strong>Mine tilganger</strong>: se hvilke kommuner du har tilgang til, og be om flere.</li><li><strong>Hendelse</strong>: finn alle anlegg rundt et sted (adresse, koordinat, UTM eller MGRS), nærmest først, med avstand, retning og hva som er lagret der.</li></ul><p>I menyen med navnet ditt øverst til høyre kan du bytte virksomhet og logge ut.</p><h3>Kilder</h3><p>Kart og kommunegrenser: © Kartverket (CC BY 4.0). Postnummer: Posten Norge / Kartverket. Postnummerdata frå Erik Bolstad (www.erikbolstad.no/postnummer). Farekort: ERG 2024 og ADR 2017.</p>',
    },
    search: {
      title: 'Hjelp til søk',
      body: '<p>Søk på anleggs-ID, navn, adresse, postnummer eller sted. Avgrens treffene med filtre for område, anleggsenhet, stoffgruppe og forhold til storulykkeforskriften.</p><p>Klikk på en kolonneoverskrift for å sortere, og på en rad for å åpne anlegget. Du kan eksportere treffene til et regneark; <strong>eksplosivanlegg er ikke med i eksporten</strong>.</p>',
    },
    facility: {
      title: 'Hjelp til anleggsinformasjon',
      body: '<p>Her ser du det FAST vet om ett anlegg: adresse og posisjon, forholdet til storulykkeforskriften, anleggsenheter, stoffmengder, tilsyn, meldinger og ulykkesrapporter.</p><p>Dokumentene åpnes som PDF. Velg <strong>Vis anlegg i kart</strong> for å se anlegget på kartet.</p>',
    },
    map: {
      title: 'Hjelp til kartvisning',
      body: '<p>Kartet viser alle anleggene du har tilgang til. Når du zoomer ut, blir anlegg som ligger nær hverandre, slått sammen til en klynge med antallet anlegg.</p><p>Med tegneverktøyene kan du tegne linjer, polygoner, rektangler, sirkler og punkter og se hvilke anlegg som ligger innenfor. <strong>Gassrørledninger</strong> kan slås av og på som et eget kartlag.</p>',
    },
    incident: {
      title: 'Hjelp til hendelse',
      body: '<p>Skriv et sted eller en koordinat (adresse, postnummer, kommune, anlegg, UTM, MGRS eller grader), og velg en radius. Du får alle anlegg innenfor, nærmeste først, med avstand, retning og hva de lagrer.</p><p>Adressen i nettleseren har punktet og radiusen: <strong>del lenken</strong> med neste vakt. Åpne et anlegg for farekortet og sikkerhetssonene.</p>',
    },
    access: {
      title: 'Hjelp til tilganger',
      body: '<p>Du ser bare anlegg i kommuner som virksomheten din har fått tilgang til. Velg kommunene du trenger, og send en forespørsel.</p><p>DSB behandler forespørselen manuelt. Til den er godkjent, står kommunen som <strong>venter på godkjenning</strong>.</p>',
    },
  },
  serviceWorker: {
    updateReady: 'En ny versjon av FAST er klar.',
    reload: 'Last inn på nytt',
    later: 'Senere',
  },
} as const;

/**
 * All of Bokmål's keys: the bundled texts and the namespaces that come with the chunk of the
 * lazily loaded screens that use them. `zones` (the protective zones, on the map and incident
 * screens) is added by features/map-kit/protective-zones/zones-texts.ts: bundled, it took the landing
 * page's JavaScript over its budget of 200 kB gzip; `hazard` (hazard cards and ERG distances, on
 * the facility, map and incident screens) likewise by components/hazard-texts.ts, and `vulnerable`
 * (schools, kindergartens, care homes, hospitals) by features/map-kit/vulnerable-objects/vulnerable-texts.ts;
 * `admin.referenceLayers` (the console's reference data) by features/admin/reference-layers-texts.ts. nn.ts
 * (fetched whole) has them all.
 */
export type Bokmal = typeof nb & {
  readonly zones: typeof zones;
  readonly hazard: typeof hazard;
  readonly vulnerable: typeof vulnerable;
  readonly admin: { readonly referenceLayers: typeof referenceLayers };
};
