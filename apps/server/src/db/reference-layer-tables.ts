import type { ReferenceLayerName } from '@fast/contracts';
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
  /** Normalised for the word index (fast_address_search). */
  search: GeneratedAlways<string>;
}

/** Tables of the public reference layers. */
export type ReferenceLayerTables = {
  reference_layer_version: ReferenceLayerVersionTable;
  address: AddressTable;
};
