import type {
  AccidentType,
  ImportAccident,
  ImportDocument,
  ImportFacilityRecord,
  ImportInspection,
  ImportNotification,
  ImportParty,
  ImportRecord,
  InspectionType,
  MajorAccidentValue,
  PositionAccuracy,
} from '@fast/contracts';
import { ARCHETYPES, type Archetype, MAJOR_ACCIDENT_CLUSTERS } from './archetypes.ts';
import { businessName, organisationNumber, personName, placeName, streetAddress } from './names.ts';
import { type PdfContent, renderPdf } from './pdf.ts';
import { generatePipelines } from './pipelines.ts';
import { loadPlaces, type MunicipalityInfo, offsetPoint, type Places, pointIn } from './places.ts';
import { Random, WeightedPicker } from './random.ts';

export const DEFAULT_FACILITIES = 18_000;
export const DEFAULT_SEED = 'fast-demo';
/** The register's "today": fixed, so that the output never depends on when it is generated. */
export const REFERENCE_DATE = '2026-10-31';
const REFERENCE_YEAR = 2026;

// domain.md § 16: about 16 000 facilities plus about 2 000 explosives facilities, about 350 of all
// of them major-accident sites, about 40 % of those § 9.
const EXPLOSIVES_SHARE = 2_000 / 18_000;
const MAJOR_ACCIDENT_SHARE = 350 / 18_000;
const PARAGRAPH_NINE_SHARE = 0.4;
const CLOSED_SHARE = 0.08;
const WITHOUT_POSITION_SHARE = 0.004;
// Accidents: about 25 a year over 2009–2026 across the register; archetype rates are relative.
const ACCIDENT_SCALE = 0.9;
// PDFs are the slow and heavy part (about 10 ms and 9 kB each): the demo register keeps the accident
// reports, the inspection reports of recent years and the receipts of this year's notifications.
const RECEIPTS_FROM = '2026-01-01';
const REPORTS_FROM_YEAR = 2024;

export interface GenerateOptions {
  facilities: number;
  seed: string;
  /** Render the PDF documents (inspection reports, receipts, accident reports). Default true. */
  documents?: boolean;
}

interface Slot {
  archetype: number;
  majorAccident: MajorAccidentValue;
}

/** Splits `total` by weights into integers that add up to it (largest remainder, ties by position). */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  const exact = weights.map((w) => (sum > 0 ? (w / sum) * total : 0));
  const counts = exact.map(Math.floor);
  const order = exact.map((v, i) => ({ i, r: v - Math.floor(v) })).sort((p, q) => q.r - p.r || p.i - q.i);
  const deficit = total - counts.reduce((a, c) => a + c, 0);
  for (let k = 0; k < deficit; k++) {
    const target = order[k % order.length]?.i as number;
    counts[target] = (counts[target] as number) + 1;
  }
  return counts;
}

/** Exact counts per archetype and per major-accident tier, shuffled. */
function buildSlots(total: number, random: Random): Slot[] {
  const explosives = Math.round(total * EXPLOSIVES_SHARE);
  const counts = ARCHETYPES.map(() => 0);
  for (const explosivesPart of [false, true]) {
    const members = ARCHETYPES.map((a, index) => ({ a, index })).filter((x) => x.a.explosives === explosivesPart);
    const part = apportion(
      explosivesPart ? explosives : total - explosives,
      members.map((x) => x.a.share),
    );
    members.forEach(({ index }, i) => {
      counts[index] = part[i] as number;
    });
  }
  const majorAccidents = apportion(
    Math.round(total * MAJOR_ACCIDENT_SHARE),
    ARCHETYPES.map((a) => a.majorAccidentShare),
  ).map((n, i) => Math.min(n, counts[i] as number));
  const slots: Slot[] = [];
  ARCHETYPES.forEach((_, index) => {
    const ma = majorAccidents[index] as number;
    const nine = Math.round(ma * PARAGRAPH_NINE_SHARE);
    for (let k = 0; k < (counts[index] as number); k++) {
      const majorAccident: MajorAccidentValue = k < nine ? 'PARAGRAPH_NINE' : k < ma ? 'PARAGRAPH_SIX' : 'NOT_AFFECTED';
      slots.push({ archetype: index, majorAccident });
    }
  });
  return random.shuffle(slots);
}

const GAS_SUPPLIERS = ['Nordgass Propan AS', 'Fjellgass Energi AS', 'Vestkyst Gass AS', 'Trollgass AS'];
const FUEL_CHAINS = ['Fjordbensin', 'Nordvei', 'Trollstasjonen', 'Kystoil'];
const ACCIDENT_SOURCES = [
  'Melding fra virksomheten (§ 20)',
  'Brannvesenets innsatsrapport',
  'Politiets melding',
  'DSBs uhellsdatabase',
];
const INSPECTION_TYPE_LABEL: Record<InspectionType, string> = {
  SYSTEM_AUDIT: 'Systemrevisjon',
  ON_SITE: 'Verifikasjon/stedlig tilsyn',
  DOCUMENT: 'Dokumenttilsyn',
  CAMPAIGN: 'Tilsynsaksjon',
  INCIDENT: 'Hendelsesbasert tilsyn',
};
const ACCIDENT_TYPE_LABEL: Record<AccidentType, string> = {
  FIRE: 'Brann',
  EXPLOSION: 'Eksplosjon',
  RELEASE: 'Utslipp',
  OTHER: 'Annet',
};
const SUBSTANCE_LABEL: Record<string, string> = {
  PROPAN: 'propan',
  BENSIN: 'bensin',
  DIESEL: 'diesel',
  OKSYGEN: 'flytende oksygen',
  AMMONIAKK: 'ammoniakk',
  LNG: 'LNG',
  NATURGASS: 'naturgass',
  KLOR: 'klor',
};

// Number#toLocaleString('nb-NO') with the same result, without making a formatter for each number.
const NB_NUMBER = new Intl.NumberFormat('nb-NO');
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY = 86_400_000;
const norwegianDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

function dateBetween(random: Random, from: string, to: string): string {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  return isoDate(a + Math.floor(random.next() * ((b - a) / DAY + 1)) * DAY);
}

/** Everything a generator run shares: places, pickers, the register's businesses. */
interface Context {
  random: Random;
  places: Places;
  documents: boolean;
  pickers: WeightedPicker<MunicipalityInfo>[];
  majorAccidentPicker: WeightedPicker<MunicipalityInfo>;
  usedOrgNumbers: Set<string>;
  suppliers: ImportParty[];
  chains: { name: string; organisationNumber: string }[];
  municipalityOrgs: Map<string, string>;
  accidentSerials: Map<number, number>;
}

async function createContext(seed: string, documents: boolean): Promise<Context> {
  const places = await loadPlaces();
  const random = new Random(seed);
  const usedOrgNumbers = new Set<string>();
  const majorAccidentPicker = new WeightedPicker(
    places.municipalities.map(
      (m) => [m, (MAJOR_ACCIDENT_CLUSTERS[m.id] ?? 0) * 0.65 * 50 + (0.35 * 100 * m.population) / 5_550_203] as const,
    ),
  );
  return {
    random,
    places,
    documents,
    pickers: ARCHETYPES.map((a) => new WeightedPicker(places.municipalities.map((m) => [m, a.weight(m)] as const))),
    majorAccidentPicker,
    usedOrgNumbers,
    suppliers: GAS_SUPPLIERS.map((name) => ({
      name,
      organisationNumber: organisationNumber(random, usedOrgNumbers),
      info: 'Gassleverandør; meldte inn anlegget på vegne av eieren',
    })),
    chains: FUEL_CHAINS.map((name) => ({ name, organisationNumber: organisationNumber(random, usedOrgNumbers) })),
    municipalityOrgs: new Map(),
    accidentSerials: new Map(),
  };
}

/**
 * The demo register as import records: first the gas pipelines, then the facilities in id order.
 * Same options → same records → same bytes.
 */
export async function* generateRegister(options: GenerateOptions): AsyncGenerator<ImportRecord> {
  const ctx = await createContext(options.seed, options.documents ?? true);
  yield* generatePipelines(ctx.random);
  const slots = buildSlots(options.facilities, ctx.random);
  let id = 100_000;
  for (const slot of slots) {
    // Running numbers with gaps where facilities were deleted.
    id += ctx.random.chance(0.15) ? ctx.random.int(2, 4) : 1;
    yield await facility(ctx, id, slot);
  }
}

function positionAccuracy(random: Random, privatePerson: boolean): PositionAccuracy {
  const u = random.next();
  if (privatePerson) return u < 0.45 ? 'EXACT' : u < 0.92 ? 'PROPERTY' : 'UNSPECIFIED';
  return u < 0.64 ? 'EXACT' : u < 0.92 ? 'PROPERTY' : 'UNSPECIFIED';
}

async function facility(ctx: Context, id: number, slot: Slot): Promise<ImportFacilityRecord> {
  const { random, places } = ctx;
  const archetype = ARCHETYPES[slot.archetype] as Archetype;
  const ma = slot.majorAccident !== 'NOT_AFFECTED';
  const m = (ma ? ctx.majorAccidentPicker : (ctx.pickers[slot.archetype] as WeightedPicker<MunicipalityInfo>)).pick(random);
  const ownerType = archetype.owner(random);
  const postal = random.pick(places.postalCodes.get(m.id) ?? [{ postcode: '0000', place: m.adminCentre, municipalityId: m.id }]);
  const town = postal.place;

  // Owner, client and name
  const units = archetype.units(random, ma, m);
  let owner: ImportParty;
  let name: string | null;
  const kind = archetype.name(random, units, ownerType, ma);
  if (ownerType === 'PRIVATE_PERSON') {
    owner = { name: personName(random), organisationNumber: null, info: null };
    name = kind;
  } else if (ownerType === 'MUNICIPALITY') {
    let org = ctx.municipalityOrgs.get(m.id);
    if (!org) {
      org = organisationNumber(random, ctx.usedOrgNumbers);
      ctx.municipalityOrgs.set(m.id, org);
    }
    owner = { name: `${m.name} kommune`, organisationNumber: org, info: null };
    name = `${m.name} kommune, ${(kind ?? 'anlegg').toLowerCase()} ${placeName(random)}`;
  } else if (ownerType === 'HOUSING_COOPERATIVE') {
    const coop = `${placeName(random)} ${kind ?? 'Borettslag'}`;
    owner = { name: coop, organisationNumber: organisationNumber(random, ctx.usedOrgNumbers), info: null };
    name = coop;
  } else if (archetype.key === 'FUEL_STATION' && random.chance(0.55)) {
    const chain = random.pick(ctx.chains);
    owner = { name: `${chain.name} AS`, organisationNumber: chain.organisationNumber, info: null };
    name = `${chain.name} ${town}`;
  } else {
    const business = businessName(random, kind ?? 'Industri', town);
    owner = { name: business, organisationNumber: organisationNumber(random, ctx.usedOrgNumbers), info: null };
    name = business.replace(/ AS$/, '');
  }
  const usesPropane = ['PRIVATE_PROPANE', 'HOUSING_COOP', 'RESTAURANT'].includes(archetype.key);
  const client: ImportParty | null = usesPropane
    ? random.pick(ctx.suppliers)
    : random.chance(0.12) && ownerType !== 'PRIVATE_PERSON'
      ? {
          name: businessName(random, 'Rådgivning', town),
          organisationNumber: organisationNumber(random, ctx.usedOrgNumbers),
          info: 'Konsulent; meldte inn på vegne av virksomheten',
        }
      : null;

  // Position
  const accuracy = positionAccuracy(random, ownerType === 'PRIVATE_PERSON');
  // Major-accident sites sit in the industrial area near the town, not in the municipality's forest.
  let point = pointIn(places, random, m, archetype.urban || ma);
  if (accuracy === 'PROPERTY') point = offsetPoint(places, random, m, point, random.float(10, 150));
  if (accuracy === 'UNSPECIFIED') point = offsetPoint(places, random, m, point, random.float(100, 800));
  const withoutPosition = random.chance(WITHOUT_POSITION_SHARE);

  // Dates
  const registeredOn = random.chance(0.45)
    ? dateBetween(random, '2009-03-01', '2011-12-31')
    : dateBetween(random, '2012-01-01', '2026-06-30');
  const updatedOn = random.chance(0.4) ? registeredOn : dateBetween(random, registeredOn, REFERENCE_DATE);
  const firstSubstanceNotificationOn = random.chance(0.02)
    ? null
    : random.chance(0.18) && registeredOn < '2010-01-01'
      ? dateBetween(random, '1996-01-01', '2008-12-31')
      : registeredOn;
  const substances = units.flatMap((u) => u.substances.map((s) => s.substance));

  const record: ImportFacilityRecord = {
    id,
    name,
    ownerType,
    owner,
    client,
    address: {
      street: streetAddress(random, m.countyId, archetype.industrialAddress),
      postalCode: postal.postcode,
      postalPlace: postal.place,
      municipalityId: m.id,
    },
    position: withoutPosition ? null : { longitude: point[0], latitude: point[1] },
    positionAccuracy: withoutPosition ? 'UNSPECIFIED' : accuracy,
    majorAccident: slot.majorAccident,
    explosives: archetype.explosives,
    status: random.chance(CLOSED_SHARE) ? 'CLOSED' : 'ACTIVE',
    registeredOn,
    updatedOn,
    firstSubstanceNotificationOn,
    units,
    inspections: [],
    notifications: [],
    accidents: [],
  };
  const facilityLabel = `${name ?? 'Privat gassanlegg'} (anlegg ${id})`;
  const substanceLines = units.flatMap((u) =>
    u.substances.map(
      (s) =>
        `${u.name ?? u.type}: ${s.substance} ${NB_NUMBER.format(s.quantity)} ${s.unit}${s.hazardDivision ? ` (${s.hazardDivision})` : ''}`,
    ),
  );
  const addressLine = `${record.address.street}, ${postal.postcode} ${postal.place} (${m.name} kommune)`;

  record.notifications = await notifications(ctx, record, owner, facilityLabel, addressLine, substanceLines);
  record.inspections = await inspections(ctx, record, archetype, slot, m, facilityLabel, addressLine);
  record.accidents = await accidents(ctx, record, archetype, m, substances, facilityLabel, addressLine);
  return record;
}

async function pdf(
  ctx: Context,
  title: string,
  date: string,
  content: Omit<PdfContent, 'title' | 'date'>,
): Promise<ImportDocument | null> {
  if (!ctx.documents) return null;
  const bytes = await renderPdf({ title, date, ...content });
  return { title, date, contentBase64: bytes.toString('base64') };
}

async function notifications(
  ctx: Context,
  record: ImportFacilityRecord,
  owner: ImportParty,
  facilityLabel: string,
  addressLine: string,
  substanceLines: string[],
): Promise<ImportNotification[]> {
  const { random } = ctx;
  const dates = [record.registeredOn];
  if (record.updatedOn !== record.registeredOn) {
    const between = random.int(0, 2);
    for (let i = 0; i < between; i++) dates.push(dateBetween(random, record.registeredOn, record.updatedOn));
    dates.push(record.updatedOn);
  }
  dates.sort();
  const out: ImportNotification[] = [];
  for (const [i, submittedOn] of dates.entries()) {
    const submittedBy = record.ownerType === 'PRIVATE_PERSON' ? owner.name : personName(random);
    const receipt =
      submittedOn >= RECEIPTS_FROM
        ? await pdf(ctx, `Kvittering for innmelding av farlig stoff – ${facilityLabel}`, submittedOn, {
            meta: [
              'Direktoratet for samfunnssikkerhet og beredskap (DSB)',
              `Mottatt ${norwegianDate(submittedOn)}`,
              `Innsendt av ${submittedBy}`,
            ],
            sections: [
              {
                heading: 'Anlegg',
                lines: [
                  facilityLabel,
                  addressLine,
                  `Eier: ${owner.name}${owner.organisationNumber ? ` (org.nr. ${owner.organisationNumber})` : ''}`,
                ],
              },
              { heading: i === 0 ? 'Ny innmelding' : 'Endringsmelding', lines: substanceLines },
              { lines: ['Innmeldingen er registrert i DSBs register over anlegg med farlig stoff (FAST).'] },
            ],
          })
        : null;
    out.push({ submittedOn, submittedBy, receipt });
  }
  return out;
}

function inspectionType(random: Random, archetype: Archetype, year: number, ma: boolean): InspectionType {
  // A private tank is looked at on site or from its papers, never audited as a management system.
  if (archetype.key === 'PRIVATE_PROPANE') return random.pick(['ON_SITE', 'ON_SITE', 'DOCUMENT']);
  // The yearly campaigns (domain.md § 11): co-ops and ammonia 2012–2014, ammonium nitrate 2021.
  if (year >= 2012 && year <= 2014 && ['HOUSING_COOP', 'AMMONIA', 'INDUSTRY_GAS'].includes(archetype.key) && random.chance(0.6))
    return 'CAMPAIGN';
  if (year === 2021 && archetype.key === 'FERTILISER' && random.chance(0.8)) return 'CAMPAIGN';
  if (ma) return random.pick(['SYSTEM_AUDIT', 'SYSTEM_AUDIT', 'ON_SITE', 'DOCUMENT']);
  return random.pick(['ON_SITE', 'ON_SITE', 'ON_SITE', 'DOCUMENT', 'SYSTEM_AUDIT']);
}

async function inspections(
  ctx: Context,
  record: ImportFacilityRecord,
  archetype: Archetype,
  slot: Slot,
  m: MunicipalityInfo,
  facilityLabel: string,
  addressLine: string,
): Promise<ImportInspection[]> {
  const { random } = ctx;
  const ma = slot.majorAccident !== 'NOT_AFFECTED';
  const factor = slot.majorAccident === 'PARAGRAPH_NINE' ? 4 : ma ? 3 : 1;
  if (!random.chance(Math.min(0.95, archetype.inspectionRate * factor))) return [];
  const count = ma ? random.int(2, 5) : random.int(1, 3);
  const firstYear = Math.max(2012, Number(record.registeredOn.slice(0, 4)));
  const years = Array.from({ length: count }, () => random.int(firstYear, REFERENCE_YEAR + 1)).sort();
  const out: ImportInspection[] = [];
  for (const year of years) {
    const planned = year > REFERENCE_YEAR || (year === REFERENCE_YEAR && random.chance(0.5));
    const type = inspectionType(random, archetype, year, ma);
    const authority = archetype.explosives
      ? 'DSB'
      : ma && random.chance(0.6)
        ? 'JOINT_MAJOR_ACCIDENT'
        : random.chance(0.05)
          ? 'DSB'
          : 'FIRE_SERVICE';
    const contactPerson = personName(random);
    const caseNumber = `${year}/${pad(random.int(100, 19_999), 5)}`;
    if (planned) {
      out.push({
        year,
        type,
        authority,
        status: 'PLANNED',
        contactPerson,
        caseNumber,
        inspectedOn: null,
        deviations: 0,
        remarks: 0,
        reaction: 'NONE',
        report: null,
      });
      continue;
    }
    const inspectedOn = dateBetween(random, `${year}-01-15`, year === REFERENCE_YEAR ? REFERENCE_DATE : `${year}-12-15`);
    const deviations = random.chance(0.7) ? random.int(1, 5) : 0;
    const remarks = random.int(0, 4);
    const reaction =
      deviations === 0
        ? 'NONE'
        : archetype.explosives && random.chance(0.08)
          ? 'POLICE_REPORT'
          : random.chance(0.03)
            ? 'COERCIVE_FINE'
            : random.chance(0.55)
              ? 'ORDER'
              : 'NONE';
    const inspector =
      authority === 'FIRE_SERVICE'
        ? `${m.name} brann og redning`
        : authority === 'DSB'
          ? 'DSB'
          : 'DSB, Miljødirektoratet og Arbeidstilsynet';
    const report =
      year >= REPORTS_FROM_YEAR
        ? await pdf(ctx, `Tilsynsrapport – ${facilityLabel}`, inspectedOn, {
            meta: [inspector, `Saksnummer ${caseNumber}`, `Tilsyn gjennomført ${norwegianDate(inspectedOn)}`],
            sections: [
              { heading: 'Tilsynsobjekt', lines: [facilityLabel, addressLine, `Kontaktperson: ${contactPerson}`] },
              { heading: INSPECTION_TYPE_LABEL[type], lines: [`Antall avvik: ${deviations}. Antall anmerkninger: ${remarks}.`] },
              {
                heading: 'Funn',
                lines:
                  deviations > 0
                    ? [
                        'Avvik 1: Mangelfull merking av rørføring og stengeventiler. Forskrift om håndtering av farlig stoff § 15.',
                        'Avvik 2: Risikovurderingen er ikke oppdatert etter endringer på anlegget (§ 17).',
                      ].slice(0, deviations)
                    : ['Ingen avvik ble funnet.'],
              },
              {
                heading: 'Reaksjon',
                lines: [
                  reaction === 'ORDER'
                    ? 'Pålegg om retting innen fire uker.'
                    : reaction === 'COERCIVE_FINE'
                      ? 'Tvangsmulkt varslet.'
                      : reaction === 'POLICE_REPORT'
                        ? 'Forholdet er politianmeldt.'
                        : 'Ingen reaksjon.',
                ],
              },
            ],
          })
        : null;
    out.push({
      year,
      type,
      authority,
      status: 'DONE',
      contactPerson,
      caseNumber,
      inspectedOn,
      deviations,
      remarks,
      reaction,
      report,
    });
  }
  return out;
}

const ACCIDENT_PREFERRED = ['BENSIN', 'PROPAN', 'OKSYGEN'];

async function accidents(
  ctx: Context,
  record: ImportFacilityRecord,
  archetype: Archetype,
  m: MunicipalityInfo,
  substances: string[],
  facilityLabel: string,
  addressLine: string,
): Promise<ImportAccident[]> {
  const { random } = ctx;
  const preferred = substances.some((s) => ACCIDENT_PREFERRED.includes(s));
  // Petrol, propane and oxygen were the substances of the fatal accidents (domain.md § 12).
  if (!random.chance(archetype.accidentRate * ACCIDENT_SCALE * (preferred ? 1.5 : 0.7))) return [];
  const occurredOn = dateBetween(random, record.registeredOn, REFERENCE_DATE);
  const year = Number(occurredOn.slice(0, 4));
  const serial = (ctx.accidentSerials.get(year) ?? random.int(1000, 3000)) + random.int(1, 40);
  ctx.accidentSerials.set(year, serial);
  const u = random.next();
  const type: AccidentType = u < 0.45 ? 'RELEASE' : u < 0.75 ? 'FIRE' : u < 0.85 ? 'EXPLOSION' : 'OTHER';
  const substance = substances.find((s) => ACCIDENT_PREFERRED.includes(s)) ?? substances[0] ?? null;
  const released = type === 'RELEASE' && substance ? Math.round(random.logUniform(0.01, 5) * 100) / 100 : null;
  const releasedUnit = record.units.flatMap((x) => x.substances).find((s) => s.substance === substance)?.unit ?? 'm3';
  const injured = random.chance(0.1) ? random.int(1, 2) : 0;
  const dead = (type === 'EXPLOSION' || type === 'FIRE') && random.chance(0.02) ? 1 : 0;
  const reporter = random.chance(0.6) ? `${m.name} brann og redning` : personName(random);
  const source = random.pick(ACCIDENT_SOURCES);
  const referenceNumber = `${year}/${pad(serial, 5)}`;
  const cause = random.pick([
    'TECHNICAL_FAILURE',
    'TECHNICAL_FAILURE',
    'HUMAN_ERROR',
    'HUMAN_ERROR',
    'CORROSION',
    'EXTERNAL_IMPACT',
    'UNKNOWN',
  ] as const);
  const substanceName = substance ? (SUBSTANCE_LABEL[substance] ?? substance.toLowerCase()) : 'ukjent stoff';
  const report = await pdf(ctx, `Uhellsrapport ${referenceNumber} – ${facilityLabel}`, occurredOn, {
    meta: [`Rapportert av ${reporter}`, `Kilde: ${source}`, `Dato for hendelsen: ${norwegianDate(occurredOn)}`],
    sections: [
      { heading: 'Anlegg', lines: [facilityLabel, addressLine] },
      {
        heading: `${ACCIDENT_TYPE_LABEL[type]} – ${substanceName}`,
        lines: [
          released !== null
            ? `Anslått utslipp: ${NB_NUMBER.format(released)} ${releasedUnit}.`
            : 'Ingen målbar mengde sluppet ut.',
          `Skadde: ${injured}. Omkomne: ${dead}.`,
          'Brann- og redningsvesenet sikret området; virksomheten har gjennomgått rutinene for vedlikehold og opplæring.',
        ],
      },
    ],
  });
  return [
    {
      referenceNumber,
      occurredOn,
      reporter,
      source,
      type,
      cause,
      substance,
      quantityReleased: released,
      quantityUnit: released !== null ? releasedUnit : null,
      injured,
      dead,
      report,
    },
  ];
}
