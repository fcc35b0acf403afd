import type { Translation } from '../i18n-types.ts';
import { access } from './nn/access.ts';
import { admin } from './nn/admin.ts';
import { facility } from './nn/facility.ts';
import { hazard } from './nn/hazard.ts';
import { incident } from './nn/incident.ts';
import { map } from './nn/map.ts';
import { search } from './nn/search.ts';
import { vulnerable } from './nn/vulnerable.ts';
import { zones } from './nn/zones.ts';

/**
 * Nynorsk. Not bundled with the app: the build writes it to /async-locales/nn.json, fetched
 * only when a user chooses Nynorsk. `satisfies Translation` makes a missing or extra key a
 * type error; locales.test.ts checks the values.
 */
export const nn = {
  app: {
    title: 'FAST - anlegg og kart',
    shortTitle: 'FAST',
    skipToContent: 'Hopp til hovudinnhaldet',
  },
  // The routes' titles are fixed by the specification (and issue 15 for /hendelse) in both
  // languages: a bookmark, a tab or a test finds a page by the same title.
  documentTitle: {
    landing: 'FAST - anlegg og kart',
    search: 'FAST - søk',
    facility: 'FAST - anleggsinformasjon',
    map: 'FAST - kartvisning',
    incident: 'FAST - hendelse',
    access: 'FAST - tilganger',
    admin: 'FAST - administrasjon',
    selectOrganisation: 'FAST - velg virksomhet',
    notFound: 'FAST - fann ikkje sida',
  },
  header: {
    homeLink: 'FAST - anlegg og kart, til framsida',
    screens: 'Skjermbilete',
    search: 'Søk',
    map: 'Kart',
    incident: 'Hending',
    help: 'Hjelp',
    closeDialog: 'Lukk dialogvindauget',
    language: 'Språk',
    languageCurrent: 'Språk: {{language}}',
    userMenu: 'Brukarmeny',
    userMenuAnonymous: 'Brukarmeny',
    organisation: 'Verksemd',
    noOrganisation: 'Inga verksemd er vald',
    changeOrganisation: 'Byt verksemd',
    logOut: 'Logg ut',
    loading: 'Lastar inn...',
  },
  languages: {
    nb: 'Bokmål',
    nn: 'Nynorsk',
  },
  auth: {
    notLoggedIn: 'Du er ikkje logga inn. Vent litt...',
    notAuthenticatedHeading: 'Du er ikkje logga inn',
    notAuthenticatedBody: 'Logg inn for å sjå anlegg og kart i FAST.',
    signedOut: 'Du er no logga ut av FAST.',
    logIn: 'Logg inn',
    providerError: 'Innloggingstenesta svarte: {{description}}',
    configError: 'Noko gjekk gale!',
    tryAgain: 'Prøv igjen',
  },
  errors: {
    UNEXPECTED_ERROR: 'Noko gjekk gale her',
    ACCESS_DENIED: 'Du er ikkje logga inn eller har ikkje tilgang til å gjere dette!',
    NOT_FOUND: 'Fann ikkje det du prøvde å finne',
    PageNotFound: 'Fann ikkje denne sida',
    TIMEOUT: 'Dette tok altfor lang tid! Prøv igjen seinare.',
    FAILED_AUTHENTICATION: 'Kunne ikkje logge inn!',
    NotImplemented: 'Dette er ikkje implementert!',
    FacilityNaN: 'Anleggs-ID må vere eit positivt heiltal, til dømes 1234.',
    raw: '{{text}}',
    VALIDATION_ERROR: 'Noko av det som vart sendt inn, er ugyldig.',
    PAYLOAD_TOO_LARGE: 'Førespurnaden er for stor.',
    RATE_LIMITED: 'Du har sendt for mange førespurnader. Vent litt og prøv igjen.',
    SERVICE_UNAVAILABLE: 'Tenesta er ikkje tilgjengeleg akkurat no. Prøv igjen seinare.',
    CONFLICT: 'Nokon andre har endra dette samtidig. Last inn sida på nytt.',
    copyReference: 'Kopier feilreferanse',
    referenceCopied: 'Feilreferansen er kopiert til utklippstavla!',
    copyFailed: 'Kunne ikkje kopiere feilreferansen. Feilreferansen er {{reference}}.',
    reference: 'Feilreferanse: {{reference}}',
  },
  table: {
    sortBy: 'Sorter etter',
    unsorted: 'Ikkje sortert',
    ascending: '{{column}}, stigande',
    descending: '{{column}}, synkande',
    paging: {
      rowsPerPage: 'Rader per side',
      showing: 'Viser {{current}} av {{total}}',
      previous: 'Førre',
      next: 'Neste',
      page: 'Side {{page}}',
    },
  },
  toasts: {
    region: 'Varsel',
    close: 'Lukk varselet',
  },
  statusMessages: {
    region: 'Driftsmeldingar',
  },
  terms: {
    title: 'Brukarvilkår',
    loading: 'Hentar brukarvilkåra...',
    published: 'Gjeld frå {{date}}',
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
    heading: 'Velkomen til FAST',
    intro:
      'FAST gir kommunar, brannvesen, 110-sentralar, statsforvaltarar og fylkeskommunar oversikt over anlegg som handterer farleg stoff og eksplosivar, også verksemder som er omfatta av storulykkeforskrifta.',
    scope: 'Du ser berre anlegg i kommunar som verksemda di har fått tilgang til.',
    noAccess: 'Du har ikkje tilgang til nokon data. Du må be om dette først',
    requestAccess: 'Be om tilgang',
    choices: 'Kva vil du gjere?',
    searchTitle: 'Vis anlegg',
    searchDescription: 'Søk etter anlegg med fritekst og filter, sjå detaljane og eksporter treffa til eit rekneark.',
    mapTitle: 'Kartvising av anlegg',
    mapDescription: 'Sjå alle anlegga du har tilgang til, på kartet, og teikn inn soner rundt dei.',
    incidentTitle: 'Hending: kva finst i nærleiken?',
    incidentDescription:
      'Skriv ein stad eller ein koordinat, og sjå alle anlegg rundt punktet, nærmaste først, med kva dei lagrar.',
    accessTitle: 'Tilgangane mine',
    accessDescription: 'Sjå kva kommunar du kan hente anlegg frå, og be om tilgang til fleire.',
  },
  selectOrganisation: {
    heading: 'Vel verksemd',
    description: 'Vel kva verksemd du representerer i FAST.',
    legend: 'Verksemder du kan representere',
    organisationNumber: 'Org.nr. {{number}}',
    proceed: 'Gå vidare',
    loading: 'Hentar verksemder...',
    none: 'Du er ikkje knytt til nokon verksemd som har tilgang til FAST.',
    mustChoose: 'Vel ei verksemd for å gå vidare.',
    missingHeading: 'Finn du ikkje verksemda di?',
    missingHelp:
      'For å representere ei verksemd i FAST må du ha Altinn-rolla «{{role}}» for verksemda. Be den som delegerer roller i Altinn hos dykk, om å gi deg rolla.',
    readMore: 'Les meir om FAST hos DSB',
  },
  notFound: {
    body: 'Sida du leitar etter, finst ikkje eller er flytta.',
    home: 'Ta meg heim',
  },
  search,
  facility,
  hazard,
  map,
  incident,
  zones,
  vulnerable,
  access,
  admin,
  help: {
    landing: {
      title: 'Om FAST',
      body: '<p>FAST gir deg oversikt over anlegg som handterer farleg stoff og eksplosivar i kommunane du har tilgang til.</p><ul><li><strong>Vis anlegg</strong>: søk med fritekst og filter, og opne eit anlegg for å sjå alle detaljane.</li><li><strong>Kartvising</strong>: sjå anlegga på kartet og teikn inn soner.</li><li><strong>Tilgangane mine</strong>: sjå kva kommunar du har tilgang til, og be om fleire.</li><li><strong>Hending</strong>: finn alle anlegg rundt ein stad (adresse, koordinat, UTM eller MGRS), nærast først, med avstand, retning og kva som er lagra der.</li></ul><p>I menyen med namnet ditt øvst til høgre kan du byte verksemd og logge ut.</p><h3>Kjelder</h3><p>Kart og kommunegrenser: © Kartverket (CC BY 4.0). Postnummer: Posten Norge / Kartverket. Postnummerdata frå Erik Bolstad (www.erikbolstad.no/postnummer). Farekort: ERG 2024 og ADR 2017.</p>',
    },
    search: {
      title: 'Hjelp til søk',
      body: '<p>Søk på anleggs-ID, namn, adresse, postnummer eller stad. Avgrens treffa med filter for område, anleggseining, stoffgruppe og forhold til storulykkeforskrifta.</p><p>Klikk på ei kolonneoverskrift for å sortere, og på ei rad for å opne anlegget. Du kan eksportere treffa til eit rekneark; <strong>eksplosivanlegg er ikkje med i eksporten</strong>.</p>',
    },
    facility: {
      title: 'Hjelp til anleggsinformasjon',
      body: '<p>Her ser du det FAST veit om eitt anlegg: adresse og posisjon, forholdet til storulykkeforskrifta, anleggseiningar, stoffmengder, tilsyn, meldingar og ulukkesrapportar.</p><p>Dokumenta blir opna som PDF. Vel <strong>Vis anlegg i kart</strong> for å sjå anlegget på kartet.</p>',
    },
    map: {
      title: 'Hjelp til kartvising',
      body: '<p>Kartet viser alle anlegga du har tilgang til. Når du zoomar ut, blir anlegg som ligg nær kvarandre, slått saman til ei klynge med talet på anlegg.</p><p>Med teikneverktøya kan du teikne linjer, polygon, rektangel, sirklar og punkt og sjå kva anlegg som ligg innanfor. <strong>Gassrøyrleidningar</strong> kan slåast av og på som eit eige kartlag.</p>',
    },
    incident: {
      title: 'Hjelp til hending',
      body: '<p>Skriv ein stad eller ein koordinat (adresse, postnummer, kommune, anlegg, UTM, MGRS eller gradar), og vel ein radius. Du får alle anlegg innanfor, nærast først, med avstand, retning og kva dei lagrar.</p><p>Adressa i nettlesaren har punktet og radiusen: <strong>del lenkja</strong> med neste vakt. Opne eit anlegg for farekortet og tryggleikssonene.</p>',
    },
    access: {
      title: 'Hjelp til tilgangar',
      body: '<p>Du ser berre anlegg i kommunar som verksemda di har fått tilgang til. Vel kommunane du treng, og send ein førespurnad.</p><p>DSB behandlar førespurnaden manuelt. Til han er godkjend, står kommunen som <strong>ventar på godkjenning</strong>.</p>',
    },
  },
  serviceWorker: {
    updateReady: 'Ein ny versjon av FAST er klar.',
    reload: 'Last inn på nytt',
    later: 'Seinare',
  },
} satisfies Translation;
