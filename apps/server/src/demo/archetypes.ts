import type { ImportFacilityUnit, ImportStoredSubstance, OwnerType, QuantityUnit } from '@fast/contracts';
import type { MunicipalityInfo } from './places.ts';
import type { Random } from './random.ts';

/**
 * The kinds of facility in the register (domain.md § 16) with their units, substances and quantity
 * ranges (§ 5–7, § 9), where they are (municipality weight) and how often they are inspected or
 * have accidents. Shares are of the non-explosives part and of the explosives part respectively.
 */
export interface Archetype {
  key: string;
  share: number;
  explosives: boolean;
  /** Share of the major-accident sites drawn from this archetype. */
  majorAccidentShare: number;
  urban: boolean;
  industrialAddress: boolean;
  inspectionRate: number;
  accidentRate: number;
  owner(random: Random): OwnerType;
  weight(m: MunicipalityInfo): number;
  units(random: Random, majorAccident: boolean, m: MunicipalityInfo): ImportFacilityUnit[];
  /** A business kind for the name generator ("Gartneri"), chosen to fit the units; null for no name. */
  name(random: Random, units: ImportFacilityUnit[], owner: OwnerType, majorAccident: boolean): string | null;
}

const round = (v: number, decimals: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;
const sub = (substance: string, quantity: number, unit: QuantityUnit, hazardDivision?: string): ImportStoredSubstance =>
  hazardDivision
    ? { substance, quantity: round(quantity, unit === 'kg' ? 0 : 1), unit, hazardDivision }
    : { substance, quantity: round(quantity, quantity < 10 ? 2 : 1), unit };
const unit = (type: string, substances: ImportStoredSubstance[], name: string | null = null): ImportFacilityUnit => ({
  type,
  name,
  substances,
});

// Counties with many cabins (Buskerud, Innlandet, Telemark, Agder).
const CABIN_COUNTIES = new Set(['33', '34', '40', '42']);
// Coastal fishing counties: Møre og Romsdal, Nordland, Troms, Finnmark, Vestland.
const FISHING_COUNTIES = new Set(['15', '18', '55', '56', '46']);
// Farming counties (fertiliser stores): Innlandet, Østfold, Rogaland, Trøndelag, Vestfold, Akershus.
const FARMING_COUNTIES = new Set(['34', '31', '11', '50', '39', '32']);
// Greenhouses: Jæren (Klepp, Time, Hå, Sandnes) and Vestfold.
const GREENHOUSE = new Set(['1120', '1121', '1119', '1108', '3905', '3907', '3909', '3911']);
/** Municipalities of the Lyse network, where co-ops and industry take natural gas from the grid. */
const LYSE_GRID = new Set(['1103', '1108', '1124', '1127', '1120', '1121', '1119']);

const population = (m: MunicipalityInfo) => m.population;
const urbanWeight = (m: MunicipalityInfo) => m.population ** 1.25;

const TOTAL_POPULATION = 5_550_203;
const TOTAL_AREA = 323_800;

const propaneTank = (random: Random, min: number, mode: number, max: number) =>
  sub('PROPAN', random.triangular(min, mode, max), 'm3');

export const ARCHETYPES: Archetype[] = [
  {
    key: 'PRIVATE_PROPANE',
    share: 0.38,
    explosives: false,
    majorAccidentShare: 0,
    urban: false,
    industrialAddress: false,
    inspectionRate: 0.03,
    accidentRate: 0.0035,
    owner: () => 'PRIVATE_PERSON',
    // 0.6 × population share + 0.4 × area share, with cabin counties over-represented.
    weight: (m) =>
      (0.6 * (m.population / TOTAL_POPULATION) + 0.4 * (m.areaKm2 / TOTAL_AREA)) * (CABIN_COUNTIES.has(m.countyId) ? 1.6 : 1),
    // 80 % between 0.4 and 1.2 m³, the rest up to 2.5 m³.
    units: (random) => [
      unit('FORBRUK', [sub('PROPAN', random.chance(0.8) ? random.triangular(0.4, 1.0, 1.2) : random.float(1.2, 2.5), 'm3')]),
    ],
    name: (random) => (random.chance(0.5) ? 'Privat gassanlegg' : null),
  },
  {
    key: 'HOUSING_COOP',
    share: 0.18,
    explosives: false,
    majorAccidentShare: 0,
    urban: true,
    industrialAddress: false,
    inspectionRate: 0.2,
    accidentRate: 0.01,
    owner: () => 'HOUSING_COOPERATIVE',
    weight: urbanWeight,
    units: (random, _ma, m) =>
      LYSE_GRID.has(m.id) && random.chance(0.5)
        ? [unit('ROR', [sub('NATURGASS', random.float(0.5, 3), 'm3')], 'Gassnett, tilknytning'), unit('FORBRUK', [])]
        : [unit('FORBRUK', [propaneTank(random, 2, 4.9, 12)], 'Sentralt gassanlegg')],
    name: (random) => (random.chance(0.7) ? 'Borettslag' : 'Sameie'),
  },
  {
    key: 'RESTAURANT',
    share: 0.1,
    explosives: false,
    majorAccidentShare: 0,
    urban: true,
    industrialAddress: false,
    inspectionRate: 0.04,
    accidentRate: 0.015,
    owner: () => 'BUSINESS',
    weight: population,
    units: (random) => [unit('FORBRUK', [propaneTank(random, 0.5, 1.5, 5)])],
    name: (random) => random.pick(['Restaurant', 'Hotell', 'Bakeri', 'Kafé', 'Pizzeria', 'Storkjøkken', 'Camping', 'Gjestegård']),
  },
  {
    key: 'FUEL_STATION',
    share: 0.11,
    explosives: false,
    majorAccidentShare: 0,
    urban: true,
    industrialAddress: true,
    inspectionRate: 0.04,
    accidentRate: 0.05,
    owner: () => 'BUSINESS',
    weight: (m) => m.population ** 0.9,
    units: (random) => {
      if (random.chance(0.07)) return [unit('DRIVSTOFF', [sub('DIESEL', random.float(100, 300), 'm3')], 'Truckstasjon')];
      const units = [unit('DRIVSTOFF', [sub('BENSIN', random.float(20, 80), 'm3'), sub('DIESEL', random.float(20, 120), 'm3')])];
      if (random.chance(0.35)) units.push(unit('LAGER', [sub('PROPAN', random.float(0.5, 3), 'm3')], 'Gassflaskeutsalg'));
      return units;
    },
    name: () => 'Bensinstasjon',
  },
  {
    key: 'INDUSTRY_GAS',
    share: 0.07,
    explosives: false,
    majorAccidentShare: 0.07,
    urban: false,
    industrialAddress: true,
    inspectionRate: 0.06,
    accidentRate: 0.04,
    owner: () => 'BUSINESS',
    weight: (m) => m.population * (GREENHOUSE.has(m.id) ? 6 : 1),
    units: (random, ma, m) => {
      if (ma)
        return [
          unit('TANK', [sub('LNG', random.float(500, 3000), 'm3')]),
          unit('FORBRUK', [sub('PROPAN', random.float(50, 200), 'm3')]),
        ];
      if (GREENHOUSE.has(m.id) && random.chance(0.6)) {
        const gas =
          LYSE_GRID.has(m.id) && random.chance(0.5)
            ? sub('NATURGASS', random.float(1, 5), 'm3')
            : propaneTank(random, 10, 30, 100);
        const units = [unit('FORBRUK', [gas], 'Oppvarming veksthus')];
        if (random.chance(0.4)) units.push(unit('TANK', [sub('KARBONDIOKSID', random.float(10, 50), 'tonn')], 'CO₂-gjødsling'));
        return units;
      }
      return random.chance(0.3)
        ? [unit('TANK', [sub('LNG', random.float(50, 1000), 'm3')]), unit('FORBRUK', [])]
        : [unit('FORBRUK', [random.chance(0.7) ? propaneTank(random, 10, 25, 100) : sub('LPG', random.float(10, 100), 'm3')])];
    },
    name: (random, units, _owner, ma) =>
      ma
        ? random.pick(['LNG-terminal', 'Gassmottak'])
        : units[0]?.name === 'Oppvarming veksthus'
          ? random.pick(['Gartneri', 'Veksthus', 'Planteskole'])
          : random.pick(['Mekaniske Verksted', 'Asfalt', 'Meieri', 'Bakeri', 'Betong', 'Trevare', 'Støperi', 'Industrier']),
  },
  {
    key: 'AMMONIA',
    share: 0.05,
    explosives: false,
    majorAccidentShare: 0,
    urban: false,
    industrialAddress: true,
    inspectionRate: 0.25,
    accidentRate: 0.04,
    owner: (random) => (random.chance(0.12) ? 'MUNICIPALITY' : 'BUSINESS'),
    weight: (m) => m.population * (FISHING_COUNTIES.has(m.countyId) ? 2.5 : 1),
    units: (random) => {
      const units = [unit('KULDE', [sub('AMMONIAKK', random.triangular(0.2, 2, 15), 'tonn')])];
      if (random.chance(0.3)) units.push(unit('FORBRUK', [propaneTank(random, 1, 3, 10)]));
      return units;
    },
    name: (random, _units, owner) =>
      owner === 'MUNICIPALITY'
        ? random.pick(['Ishall', 'Kunstisbane'])
        : random.pick(['Fiskeindustri', 'Sjømat', 'Fryselager', 'Meieri', 'Slakteri', 'Kjølelager']),
  },
  {
    key: 'FILLING_DEPOT',
    share: 0.025,
    explosives: false,
    majorAccidentShare: 0.1,
    urban: true,
    industrialAddress: true,
    inspectionRate: 0.1,
    accidentRate: 0.08,
    owner: () => 'BUSINESS',
    weight: (m) => m.population ** 1.2,
    units: (random, ma) => [
      unit('FYLLE_GASS', [propaneTank(random, ma ? 200 : 20, ma ? 400 : 60, ma ? 2000 : 200)]),
      unit('LAGER', [
        sub('PROPAN', random.float(2, 20), 'm3'),
        ...(random.chance(0.5) ? [sub('ACETYLEN', random.float(0.5, 5), 'm3'), sub('OKSYGEN', random.float(1, 10), 'm3')] : []),
      ]),
    ],
    name: (random) => random.pick(['Gassdepot', 'Gass', 'Gassenter', 'Propan']),
  },
  {
    key: 'TANK_FARM',
    share: 0.015,
    explosives: false,
    majorAccidentShare: 0.35,
    urban: false,
    industrialAddress: true,
    inspectionRate: 0.15,
    accidentRate: 0.12,
    owner: () => 'BUSINESS',
    weight: (m) => m.population ** 0.7 * (FISHING_COUNTIES.has(m.countyId) ? 1.5 : 1),
    units: (random, ma) => {
      const scale = ma ? [5000, 200_000] : [100, 5000];
      const lo = scale[0] as number;
      const hi = scale[1] as number;
      const tanks = [sub('DIESEL', random.logUniform(lo, hi), 'm3'), sub('BENSIN', random.logUniform(lo, hi) / 2, 'm3')];
      if (random.chance(0.25)) tanks.push(sub('JET_A1', random.logUniform(lo, hi) / 3, 'm3'));
      if (random.chance(0.2)) tanks.push(sub('PARAFIN', random.logUniform(lo / 10, hi / 10), 'm3'));
      return [unit('TANK', tanks), unit('OMTAPPING', [], 'Fyllerampe')];
    },
    name: (random, _units, _owner, ma) =>
      ma
        ? random.pick(['Oljeterminal', 'Tankanlegg', 'Drivstoffterminal'])
        : random.pick(['Tankanlegg', 'Drivstofflager', 'Bunkers']),
  },
  {
    key: 'FERTILISER',
    share: 0.02,
    explosives: false,
    majorAccidentShare: 0.08,
    urban: false,
    industrialAddress: true,
    inspectionRate: 0.12,
    accidentRate: 0.03,
    owner: () => 'BUSINESS',
    weight: (m) => Math.sqrt(m.areaKm2) * Math.sqrt(m.population) * (FARMING_COUNTIES.has(m.countyId) ? 3 : 0.5),
    units: (random, ma) => [
      unit('LAGER', [
        sub('AN_GJODSEL', ma ? random.float(2500, 20_000) : random.logUniform(25, 2000), 'tonn'),
        ...(ma || random.chance(0.15) ? [sub('AMMONIUMNITRAT', random.float(ma ? 500 : 10, ma ? 5000 : 200), 'tonn')] : []),
      ]),
    ],
    name: (random) => random.pick(['Landbrukssenter', 'Kornsilo', 'Felleskjøp', 'Gjødsellager']),
  },
  {
    key: 'PROCESS_OTHER',
    share: 0.05,
    explosives: false,
    majorAccidentShare: 0.3,
    urban: false,
    industrialAddress: true,
    inspectionRate: 0.08,
    accidentRate: 0.04,
    owner: (random) => (random.chance(0.3) ? 'MUNICIPALITY' : 'BUSINESS'),
    weight: population,
    units: (random, ma) => {
      if (ma) {
        return random.pick([
          () => [
            unit('PROSESS', [sub('AMMONIAKK', random.float(200, 5000), 'tonn'), sub('METANOL', random.float(500, 20_000), 'm3')]),
            unit('TANK', [sub('PROPAN', random.float(500, 5000), 'm3')]),
          ],
          () => [unit('PROSESS', [sub('KLOR', random.float(25, 300), 'tonn'), sub('HYDROGEN', random.float(5, 50), 'tonn')])],
          () => [
            unit('PROSESS', [sub('NATURGASS', random.float(1000, 50_000), 'm3'), sub('LNG', random.float(5000, 100_000), 'm3')]),
            unit('TANK', [sub('PROPAN', random.float(1000, 10_000), 'm3')]),
          ],
          () => [
            unit('PROSESS', [
              sub('SVOVELDIOKSID', random.float(20, 200), 'tonn'),
              sub('OKSYGEN', random.float(200, 2000), 'tonn'),
            ]),
          ],
        ])();
      }
      return random.pick([
        () => [unit('ANNET', [sub('KLOR', random.float(0.5, 5), 'tonn')], 'Vannverk, klorering')],
        () => [unit('BIOGASS', [sub('BIOGASS', random.float(100, 5000), 'm3')])],
        () => [
          unit(
            'ANNET',
            [sub('HYDROGEN', random.float(0.1, 2), 'm3'), sub('ACETYLEN', random.float(0.1, 1), 'm3')],
            'Laboratorium',
          ),
        ],
        () => [unit('TANK', [sub('OKSYGEN', random.float(10, 50), 'm3')], 'Medisinsk oksygen')],
        () => [unit('PROSESS', [sub('ETANOL', random.float(6, 200), 'm3'), sub('METANOL', random.float(6, 100), 'm3')])],
        () => [unit('FYLLE_GASS', [sub('HYDROGEN', random.float(5, 40), 'm3')], 'Hydrogenstasjon')],
        () => [unit('TANK', [sub('NITROGEN', random.float(5, 60), 'm3')])],
      ])();
    },
    // The name follows the main substance, so that a chlorine plant is not called a dairy.
    name: (random, units, owner, ma) => {
      const first = units[0]?.substances[0]?.substance ?? '';
      const byMain: Record<string, string[]> = ma
        ? {
            AMMONIAKK: ['Gjødselfabrikk', 'Kjemiske Fabrikker'],
            KLOR: ['Klor-alkali', 'Elektrokjemi'],
            NATURGASS: ['Gassterminal', 'Gassprosessering'],
            SVOVELDIOKSID: ['Smelteverk', 'Metallverk'],
          }
        : {
            KLOR: ['Vannverk'],
            BIOGASS: ['Biogass', 'Renseanlegg'],
            HYDROGEN: units[0]?.type === 'FYLLE_GASS' ? ['Hydrogen', 'Energi'] : ['Laboratorier', 'Analyse'],
            OKSYGEN: ['Sykehus', 'Helsehus'],
            ETANOL: ['Destilleri', 'Kjemi'],
            NITROGEN: ['Industrigass', 'Næringsmiddel'],
          };
      const kinds = byMain[first] ?? ['Industri'];
      return owner === 'MUNICIPALITY' && first === 'KLOR' ? 'Vannverk' : random.pick(kinds);
    },
  },
  // Explosives (eksplosivanlegg), domain.md § 9
  {
    key: 'EXPLOSIVES_QUARRY',
    share: 0.35,
    explosives: true,
    majorAccidentShare: 0,
    urban: false,
    industrialAddress: true,
    inspectionRate: 0.35,
    accidentRate: 0.004,
    owner: () => 'BUSINESS',
    weight: (m) => Math.sqrt(m.areaKm2),
    units: (random) => [
      unit(
        'EKSPLOSIVLAGER',
        [
          sub('SPRENGSTOFF_E', random.logUniform(200, 20_000), 'kg', '1.1D'),
          sub('DETONERENDE_LUNTE', random.float(10, 200), 'kg', '1.1D'),
        ],
        'Sprengstofflager',
      ),
      unit('EKSPLOSIVLAGER', [sub('TENNERE_IKKE_ELEKTRISKE', random.float(5, 100), 'kg', '1.1B')], 'Tennerlager'),
    ],
    name: (random) => random.pick(['Steinbrudd', 'Pukkverk', 'Gruver', 'Grus og Pukk']),
  },
  {
    key: 'EXPLOSIVES_CONTRACTOR',
    share: 0.35,
    explosives: true,
    majorAccidentShare: 0,
    urban: false,
    industrialAddress: true,
    inspectionRate: 0.3,
    accidentRate: 0.004,
    owner: () => 'BUSINESS',
    weight: (m) => m.population ** 0.8,
    units: (random) => [
      unit(
        'EKSPLOSIVLAGER',
        [
          sub(random.pick(['SPRENGSTOFF_E', 'SPRENGSTOFF_B', 'SPRENGSTOFF_A']), random.float(100, 1000), 'kg', '1.1D'),
          sub('TENNERE_ELEKTRISKE', random.float(1, 25), 'kg', '1.1B'),
        ],
        'Containerlager',
      ),
    ],
    name: (random) => random.pick(['Sprengning', 'Fjellsprengning', 'Anlegg', 'Entreprenør', 'Graving og Sprengning']),
  },
  {
    key: 'EXPLOSIVES_DEPOT',
    share: 0.035,
    explosives: true,
    majorAccidentShare: 0.1,
    urban: false,
    industrialAddress: true,
    inspectionRate: 0.5,
    accidentRate: 0.01,
    owner: () => 'BUSINESS',
    weight: (m) => m.population ** 0.6,
    units: (random, ma) => [
      unit(
        ma && random.chance(0.3) ? 'EKSPLOSIVTILVIRKNING' : 'EKSPLOSIVLAGER',
        [
          sub('SPRENGSTOFF_E', random.float(ma ? 50_000 : 10_000, ma ? 300_000 : 100_000), 'kg', '1.1D'),
          sub('SPRENGSTOFF_B', random.float(5000, 50_000), 'kg', '1.1D'),
          sub('DETONERENDE_LUNTE', random.float(500, 5000), 'kg', '1.1D'),
        ],
        'Fjellhall',
      ),
      unit(
        'EKSPLOSIVLAGER',
        [
          sub('TENNERE_IKKE_ELEKTRISKE', random.float(200, 3000), 'kg', '1.1B'),
          sub('TENNERE_ELEKTRISKE', random.float(50, 500), 'kg', '1.1B'),
        ],
        'Tennerlager',
      ),
    ],
    name: (random) => random.pick(['Sprengstoffdepot', 'Eksplosiver', 'Sprengstoff']),
  },
  {
    key: 'FIREWORKS',
    share: 0.165,
    explosives: true,
    majorAccidentShare: 0,
    urban: true,
    industrialAddress: false,
    inspectionRate: 0.2,
    accidentRate: 0.003,
    owner: () => 'BUSINESS',
    weight: population,
    units: (random) => [
      unit(
        'EKSPLOSIVLAGER',
        [
          sub('FYRVERKERI_FORBRUKER', random.float(100, 2000), 'kg', '1.4G'),
          ...(random.chance(0.15) ? [sub('FYRVERKERI_PROFF', random.float(50, 500), 'kg', '1.3G')] : []),
        ],
        'Fyrverkerilager',
      ),
    ],
    name: (random) => random.pick(['Fyrverkeri', 'Fritid', 'Hagesenter', 'Handel']),
  },
  {
    key: 'GUN_SHOP',
    share: 0.1,
    explosives: true,
    majorAccidentShare: 0,
    urban: true,
    industrialAddress: false,
    inspectionRate: 0.2,
    accidentRate: 0.002,
    owner: () => 'BUSINESS',
    weight: population,
    units: (random) => [
      unit('EKSPLOSIVLAGER', [
        sub('ROYKSVAKT_KRUTT', random.float(5, 100), 'kg', '1.3C'),
        sub('AMMUNISJON', random.float(50, 1000), 'kg', '1.4S'),
        ...(random.chance(0.3) ? [sub('SVARTKRUTT', random.float(1, 10), 'kg', '1.1D')] : []),
      ]),
    ],
    name: (random) => random.pick(['Våpen', 'Jakt og Fiske', 'Sport', 'Våpen og Jakt']),
  },
];

/**
 * Municipalities known for major-accident clusters (domain.md § 10) and the demo users' areas,
 * with relative weights for the major-accident sites placed in clusters.
 */
export const MAJOR_ACCIDENT_CLUSTERS: Record<string, number> = {
  '4001': 8, // Porsgrunn (Herøya)
  '4012': 5, // Bamble (Rafnes)
  '1146': 4, // Tysvær (Kårstø)
  '4631': 4, // Alver (Mongstad)
  '4626': 4, // Øygarden (Kollsnes, Sture)
  '5603': 2, // Hammerfest
  '1576': 2, // Aure
  '3911': 2, // Færder
  '3905': 2, // Tønsberg
  '0301': 6, // Oslo (Sydhavna)
  '1124': 4, // Sola (Risavika)
  '1149': 3, // Karmøy
  '1563': 2, // Sunndal
  '4643': 2, // Årdal
  '4638': 2, // Høyanger
  '4617': 2, // Kvinnherad
  '1837': 2, // Meløy
  '1833': 3, // Rana
  '1135': 2, // Sauda
  '5059': 2, // Orkland
  '3105': 3, // Sarpsborg
  '4601': 5, // Bergen
  '1103': 3, // Stavanger
  '1108': 2, // Sandnes
  '3203': 1, // Asker
  '3205': 2, // Lillestrøm
  '3201': 1, // Bærum
  '5001': 3, // Trondheim
  '3301': 2, // Drammen
  '4204': 2, // Kristiansand
};
