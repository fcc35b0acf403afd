import type { ReferenceLayerName, VulnerableObjectKind } from '@fast/contracts';
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** One load of a reference layer (migration 2026_11_29_1500): `loading`, then `active`, then `previous`. */
export interface ReferenceLayerVersionTable {
  id: GeneratedAlways<number>;
  layer: ReferenceLayerName;
  version: number;
  state: 'loading' | 'active' | 'previous';
  source: string;
  file_name: string | null;
  sha256: string;
  size_bytes: number;
  row_count: Generated<number>;
  loaded_at: ColumnType<Date, Date | string | undefined, Date | string>;
  loaded_by: string;
}

/** A street address of Kartverket's "Matrikkelen – Adresse", in one version of the layer. */
export interface AddressTable {
  version_id: number;
  /** Kartverket's `lokalid`. */
  id: number;
  municipality_id: string;
  street: string;
  number: number | null;
  letter: string | null;
  postal_code: string | null;
  postal_place: string | null;
  latitude: number;
  longitude: number;
  /** "Tyrihansveien 38, 4638 Kristiansand S". */
  label: GeneratedAlways<string>;
}

/**
 * A street of a version of the address layer: its addresses with one street name, postal code and
 * municipality (migration 2026_11_30_0100), which the place lookup finds by its words.
 */
export interface AddressStreetTable {
  version_id: number;
  id: number;
  municipality_id: string;
  street: string;
  postal_code: string | null;
  postal_place: string | null;
  addresses: number;
  /** The position of its middle address by number. */
  latitude: number;
  longitude: number;
  /** "Tyrihansveien, 4638 Kristiansand S". */
  label: GeneratedAlways<string>;
  /** Street, postal code and place, normalised for the word index (fast_address_search). */
  search: GeneratedAlways<string>;
  /** The street's name alone, normalised: a misspelt word of it is looked for among address_street_word's. */
  street_search: GeneratedAlways<string>;
  /** The starts of the words of `search` (fast_place_words), stored for the word index (migration 2026_11_30_0300). */
  words: GeneratedAlways<string>;
}

/** A distinct word of the street names of a version, normalised, in the trigram index (a misspelt word; migration 2026_11_30_0300). */
export interface AddressStreetWordTable {
  version_id: number;
  word: string;
}

/** A school, kindergarten, care home or hospital, in one version of the `vulnerable-objects` layer (migration 2026_11_29_1700). */
export interface VulnerableObjectTable {
  version_id: number;
  /** The publisher's id (NSR's or NBR's organisation number, the institution's id). */
  source_id: string;
  kind: VulnerableObjectKind;
  name: string;
  address: string | null;
  /** Where the position lies (municipality geometry); null at sea or abroad. */
  municipality_id: string | null;
  capacity: number | null;
  latitude: number;
  longitude: number;
}

/** One record of the ERG's tables, in one version of the `hazard-tables` layer (migration 2026_11_29_1900). */
export interface ErgRecordTable {
  version_id: number;
  /** The file's line: records are read back in the file's order. */
  position: number;
  id_num: number;
  guide_num: number;
  material: string;
  /** The ERG edition the file says it holds ("2024"), the same on every row. */
  edition: string;
  /** Every field of the documented layout (ERG_FIELDS) by its dBASE name: numbers, and text for the C fields. jsonb, written as JSON text. */
  record: ColumnType<Record<string, string | number>, string, string>;
}

/** One entry of ADR Table A, in one version of the `adr-table-a` layer (migration 2026_11_30_0200). */
export interface AdrRecordTable {
  version_id: number;
  /** The file's line: of several entries for a UN number, the first is the card's. */
  position: number;
  un_number: string;
  /** ADR's English name. */
  name_en: string;
  /** "2", "4.1", "6.1". */
  adr_class: string;
  /** "2TOC", "1.1D", "F1"; empty for class 7, where ADR has none. */
  classification_code: string;
  packing_group: 'I' | 'II' | 'III' | null;
  /** Danger labels in ADR order, ["2.3", "8"]. jsonb, written as JSON text. */
  labels: ColumnType<string[], string, string>;
  /** The orange plate's hazard identification number ("268", "X423"); null where ADR gives none. */
  hazard_number: string | null;
  /** The ADR edition the file says it holds ("2025"), the same on every row. */
  edition: string;
}

/** Tables of the public reference layers. */
export type ReferenceLayerTables = {
  reference_layer_version: ReferenceLayerVersionTable;
  address: AddressTable;
  address_street: AddressStreetTable;
  address_street_word: AddressStreetWordTable;
  vulnerable_object: VulnerableObjectTable;
  erg_record: ErgRecordTable;
  adr_record: AdrRecordTable;
};
