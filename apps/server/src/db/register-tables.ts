import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** Read as Date, defaulted by the database on insert. */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** `date` columns travel as 'YYYY-MM-DD' text (see database.ts). */
type DateText = string;

/** Catalogue: the facility unit types (anleggsenhetstyper); ids are part of the search API. */
export interface FacilityUnitTypeTable {
  id: number;
  code: string;
  description_nb: string;
  description_nn: string;
}

export interface SubstanceGroupTable {
  id: number;
  code: string;
  name_nb: string;
  name_nn: string;
}

export interface SubstanceTable {
  id: number;
  code: string;
  group_id: number;
  name_nb: string;
  name_nn: string;
  /** Four digits, leading zero for explosives ('0081'). */
  un_number: string;
  adr_class: string;
}

export interface FacilityTable {
  id: number;
  name: string | null;
  /** PRIVATE_PERSON | BUSINESS | HOUSING_COOPERATIVE | MUNICIPALITY */
  owner_type: string;
  is_private: GeneratedAlways<boolean>;
  owner_name: string;
  organisation_number: string | null;
  client_name: string | null;
  client_organisation_number: string | null;
  client_info: string | null;
  street_address: string | null;
  postal_code: string | null;
  postal_place: string | null;
  municipality_id: string;
  /** WGS84; both null when the facility has no usable position. */
  longitude: number | null;
  latitude: number | null;
  /** EXACT | PROPERTY | UNSPECIFIED */
  position_accuracy: string;
  /** NOT_AFFECTED | PARAGRAPH_SIX | PARAGRAPH_NINE */
  major_accident: string;
  is_explosives: boolean;
  /** ACTIVE | CLOSED */
  status: string;
  registered_on: DateText;
  updated_on: DateText;
  first_notification_on: DateText | null;
  primary_unit_type_id: number;
  /** fast_normalise(name, street address, postal code, postal place): the trigram-indexed search text. */
  search_text: GeneratedAlways<string>;
  /** fast_map_tuple(...): the compact map facility as JSON text; null without a position. */
  map_tuple: GeneratedAlways<string | null>;
  /** fast_address_search(street, postal code, place): the address as the place lookup matches it, its words indexed. */
  address_search: GeneratedAlways<string>;
  /** fast_address_search(name): the name as the place lookup matches it, its words indexed. */
  name_search: GeneratedAlways<string>;
  /** The units' types in unit order, repeats kept; kept by triggers on facility_unit (search filter and hits). */
  unit_type_ids: GeneratedAlways<number[]>;
  /** The distinct substances of all units; kept by triggers on stored_substance (search filter). */
  substance_ids: GeneratedAlways<number[]>;
  /** Per substance group id (slot g), m³ and tonnes stored, NULL for none; kept with substance_ids (nearby totals). */
  group_cubic_metres: GeneratedAlways<(number | null)[]>;
  group_tonnes: GeneratedAlways<(number | null)[]>;
  record_hash: string;
  imported_at: DefaultedTimestamp;
}

/**
 * How many facilities have each combination of the columns the search's filters read; kept by
 * triggers on facility (migration facility_tally), read for the totals of searches without text.
 */
export interface FacilityTallyTable {
  municipality_id: GeneratedAlways<string>;
  major_accident: GeneratedAlways<string>;
  unit_type_ids: GeneratedAlways<number[]>;
  substance_ids: GeneratedAlways<number[]>;
  facilities: GeneratedAlways<number>;
}

export interface FacilityUnitTable {
  facility_id: number;
  /** Order within the facility, from 0; the facility's first unit is its primary type. */
  position: number;
  unit_type_id: number;
  name: string | null;
}

export interface StoredSubstanceTable {
  facility_id: number;
  unit_position: number;
  position: number;
  substance_id: number;
  quantity: number;
  /** m3 | liter | tonn | kg */
  unit: string;
  hazard_division: string | null;
}

export interface DocumentTable {
  id: Generated<number>;
  facility_id: number;
  /** INSPECTION_REPORT | NOTIFICATION_RECEIPT | ACCIDENT_REPORT | OTHER */
  kind: string;
  title: string;
  document_date: DateText;
  content_type: ColumnType<string, string | undefined, string>;
  size_bytes: number;
  sha256: string;
  content: Uint8Array | null;
  storage_key: string | null;
}

export interface InspectionTable {
  id: Generated<number>;
  facility_id: number;
  position: number;
  year: number;
  type: string;
  authority: string;
  /** PLANNED | DONE */
  status: string;
  contact_person: string | null;
  case_number: string | null;
  inspected_on: DateText | null;
  deviations: number;
  remarks: number;
  reaction: string;
  report_document_id: number | null;
}

export interface NotificationReportTable {
  id: Generated<number>;
  facility_id: number;
  position: number;
  submitted_on: DateText;
  submitted_by: string;
  /** The newest notification of a facility; at most one per facility. */
  is_active: boolean;
  receipt_document_id: number | null;
}

export interface AccidentTable {
  id: Generated<number>;
  facility_id: number;
  position: number;
  reference_number: string;
  occurred_on: DateText;
  reporter: string;
  source: string;
  type: string;
  cause: string;
  substance_id: number | null;
  quantity_released: number | null;
  quantity_unit: string | null;
  injured: number;
  dead: number;
  report_document_id: number | null;
}

export interface GasPipelineTable {
  id: string;
  name: string;
  owner: string;
  /** HIGH | MEDIUM | LOW */
  pressure_class: string;
  mop_bar: number;
  material: string;
  diameter_mm: number;
  year_built: number;
  substance: string;
  /** GeoJSON LineString or MultiLineString; written as its JSON text. */
  geometry: ColumnType<unknown, string, string>;
  record_hash: string;
  imported_at: DefaultedTimestamp;
}

export interface AccessLogTable {
  id: GeneratedAlways<number>;
  occurred_at: DefaultedTimestamp;
  user_id: string;
  organisation_number: string;
  /** VIEW | DOWNLOAD | EXPORT | IMPORT */
  action: string;
  facility_ids: number[];
  document_id: number | null;
  detail: string | null;
}

/** One register import, written before its first write and closed when it ends (or found interrupted). */
export interface RegisterImportTable {
  id: string;
  started_at: DefaultedTimestamp;
  source: 'api' | 'cli';
  admin_user_id: string | null;
  admin_name: string | null;
  file_name: string | null;
  format: 'ndjson' | 'geojson';
  size_bytes: number;
  sha256: string;
  dry_run: boolean;
  strict: boolean;
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  outcome: 'finished' | 'failed' | 'interrupted' | null;
  summary: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

/** A secondary index dropped for a first load and not yet built again (deferred-indexes.repository.ts). */
export interface DeferredIndexTable {
  name: string;
  /** pg_get_indexdef: the statement that builds it. */
  definition: string;
  /** Per-column statistics targets set on it ([column number, target]), which a rebuild would lose. */
  statistics: ColumnType<[number, number][], string | undefined, string>;
}

/** Tables of the facility register (facilities, units, substances, documents, gas pipelines, access log). */
export type RegisterTables = {
  facility_unit_type: FacilityUnitTypeTable;
  substance_group: SubstanceGroupTable;
  substance: SubstanceTable;
  facility: FacilityTable;
  facility_tally: FacilityTallyTable;
  facility_unit: FacilityUnitTable;
  stored_substance: StoredSubstanceTable;
  document: DocumentTable;
  inspection: InspectionTable;
  notification_report: NotificationReportTable;
  accident: AccidentTable;
  register_import: RegisterImportTable;
  deferred_index: DeferredIndexTable;
  gas_pipeline: GasPipelineTable;
  access_log: AccessLogTable;
};
