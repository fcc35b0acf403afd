import { type Kysely, sql } from 'kysely';

// The facility register: catalogue (unit types, substance groups, substances), facilities and their
// children, documents, gas pipelines and the access log. Catalogue rows are data of this migration:
// their numeric ids are part of the search API (facilityObjects, substanceGroups) and never change.

const UNIT_TYPES: [number, string, string, string][] = [
  [1, 'FORBRUK', 'Forbruksanlegg', 'Forbruksanlegg'],
  [2, 'FYLLE_GASS', 'Fylleanlegg for gass', 'Fylleanlegg for gass'],
  [3, 'DRIVSTOFF', 'Drivstoffanlegg', 'Drivstoffanlegg'],
  [4, 'TANK', 'Tankanlegg', 'Tankanlegg'],
  [5, 'LAGER', 'Lager (stykkgods)', 'Lager (stykkgods)'],
  [6, 'OMTAPPING', 'Omtappingsanlegg', 'Omtappingsanlegg'],
  [7, 'PROSESS', 'Prosessanlegg', 'Prosessanlegg'],
  [8, 'BIOGASS', 'Biogassanlegg', 'Biogassanlegg'],
  [9, 'KULDE', 'Kulde- og varmepumpeanlegg', 'Kulde- og varmepumpeanlegg'],
  [10, 'ROR', 'Rørledning / distribusjonsnett', 'Røyrleidning / distribusjonsnett'],
  [11, 'ANNET', 'Annet', 'Anna'],
  [12, 'EKSPLOSIVLAGER', 'Eksplosivlager', 'Eksplosivlager'],
  [13, 'EKSPLOSIVTILVIRKNING', 'Tilvirkning av eksplosiver', 'Tilverking av eksplosivar'],
];

const GROUPS: [number, string, string, string][] = [
  [1, 'BRANNFARLIG_GASS', 'Brannfarlig gass', 'Brannfarleg gass'],
  [2, 'GIFTIG_GASS', 'Giftig gass', 'Giftig gass'],
  [3, 'BRANNFARLIG_VAESKE', 'Brannfarlig væske', 'Brannfarleg væske'],
  [4, 'DIESEL_FYRINGSOLJE', 'Diesel og fyringsoljer', 'Diesel og fyringsoljer'],
  [5, 'OKSIDERENDE', 'Oksiderende stoffer', 'Oksiderande stoff'],
  [6, 'TRYKKSATT_GASS', 'Trykksatte, ikke brennbare gasser', 'Trykksette, ikkje brennbare gassar'],
  [7, 'EKSPLOSIVER', 'Eksplosiver', 'Eksplosivar'],
];

// [id, code, group, name nb, name nn, UN number, ADR class]
const SUBSTANCES: [number, string, number, string, string, string, string][] = [
  [1, 'PROPAN', 1, 'Propan', 'Propan', '1978', '2.1'],
  [2, 'LPG', 1, 'LPG (propan/butan-blanding)', 'LPG (propan/butan-blanding)', '1075', '2.1'],
  [3, 'BUTAN', 1, 'Butan', 'Butan', '1011', '2.1'],
  [4, 'LNG', 1, 'LNG (flytende naturgass)', 'LNG (flytande naturgass)', '1972', '2.1'],
  [5, 'NATURGASS', 1, 'Naturgass, komprimert (CNG)', 'Naturgass, komprimert (CNG)', '1971', '2.1'],
  [6, 'BIOGASS', 1, 'Biogass', 'Biogass', '1971', '2.1'],
  [7, 'HYDROGEN', 1, 'Hydrogen, komprimert', 'Hydrogen, komprimert', '1049', '2.1'],
  [8, 'ACETYLEN', 1, 'Acetylen, oppløst', 'Acetylen, oppløyst', '1001', '2.1'],
  [9, 'AMMONIAKK', 2, 'Ammoniakk, vannfri', 'Ammoniakk, vassfri', '1005', '2.3'],
  [10, 'KLOR', 2, 'Klor', 'Klor', '1017', '2.3'],
  [11, 'SVOVELDIOKSID', 2, 'Svoveldioksid', 'Svoveldioksid', '1079', '2.3'],
  [12, 'BENSIN', 3, 'Bensin', 'Bensin', '1203', '3'],
  [13, 'ETANOL', 3, 'Etanol', 'Etanol', '1170', '3'],
  [14, 'METANOL', 3, 'Metanol', 'Metanol', '1230', '3'],
  [15, 'JET_A1', 3, 'Flydrivstoff (Jet A-1)', 'Flydrivstoff (Jet A-1)', '1863', '3'],
  [16, 'DIESEL', 4, 'Diesel / fyringsolje', 'Diesel / fyringsolje', '1202', '3'],
  [17, 'PARAFIN', 4, 'Parafin', 'Parafin', '1223', '3'],
  [18, 'OKSYGEN', 5, 'Oksygen, flytende', 'Oksygen, flytande', '1073', '2.2'],
  [19, 'AMMONIUMNITRAT', 5, 'Ammoniumnitrat', 'Ammoniumnitrat', '1942', '5.1'],
  [20, 'AN_GJODSEL', 5, 'Ammoniumnitratbasert gjødsel', 'Ammoniumnitratbasert gjødsel', '2067', '5.1'],
  [21, 'KARBONDIOKSID', 6, 'Karbondioksid, nedkjølt', 'Karbondioksid, nedkjølt', '2187', '2.2'],
  [22, 'NITROGEN', 6, 'Nitrogen, flytende', 'Nitrogen, flytande', '1977', '2.2'],
  [23, 'SPRENGSTOFF_A', 7, 'Sprengstoff type A (dynamitt)', 'Sprengstoff type A (dynamitt)', '0081', '1'],
  [24, 'SPRENGSTOFF_B', 7, 'Sprengstoff type B (ANFO)', 'Sprengstoff type B (ANFO)', '0082', '1'],
  [25, 'SPRENGSTOFF_E', 7, 'Sprengstoff type E (emulsjon)', 'Sprengstoff type E (emulsjon)', '0241', '1'],
  [26, 'DETONERENDE_LUNTE', 7, 'Detonerende lunte', 'Detonerande lunte', '0065', '1'],
  [27, 'TENNERE_IKKE_ELEKTRISKE', 7, 'Tennere, ikke-elektriske', 'Tennarar, ikkje-elektriske', '0360', '1'],
  [28, 'TENNERE_ELEKTRISKE', 7, 'Tennere, elektriske', 'Tennarar, elektriske', '0030', '1'],
  [29, 'ROYKSVAKT_KRUTT', 7, 'Røyksvakt krutt', 'Røyksvakt krut', '0161', '1'],
  [30, 'SVARTKRUTT', 7, 'Svartkrutt', 'Svartkrut', '0027', '1'],
  [31, 'FYRVERKERI_FORBRUKER', 7, 'Fyrverkeri, forbrukervare (1.4G)', 'Fyrverkeri, forbrukarvare (1.4G)', '0336', '1'],
  [32, 'FYRVERKERI_PROFF', 7, 'Fyrverkeri, profesjonelt (1.3G)', 'Fyrverkeri, profesjonelt (1.3G)', '0335', '1'],
  [33, 'AMMUNISJON', 7, 'Patroner til håndvåpen', 'Patroner til handvåpen', '0012', '1'],
];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and do not know the app's types
export async function up(db: Kysely<any>): Promise<void> {
  // Search text: æ/ø/å become ae/oe/aa (so "Baerum" and "Bærum" meet), then other accents go, then
  // case. Upper-case ÆØÅ are replaced explicitly because lower() does not fold them under the C
  // locale. IMMUTABLE so that a generated column and its trigram index may use it.
  await sql`
    create or replace function fast_normalise(value text) returns text
    language sql immutable parallel safe strict
    as $$
      select lower(public.unaccent('public.unaccent'::regdictionary,
        replace(replace(replace(replace(replace(replace(value,
          'æ', 'ae'), 'Æ', 'AE'), 'ø', 'oe'), 'Ø', 'OE'), 'å', 'aa'), 'Å', 'AA')))
    $$`.execute(db);

  await db.schema
    .createTable('facility_unit_type')
    .addColumn('id', 'smallint', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('description_nb', 'text', (c) => c.notNull())
    .addColumn('description_nn', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('facility_unit_type')
    .values(UNIT_TYPES.map(([id, code, nb, nn]) => ({ id, code, description_nb: nb, description_nn: nn })))
    .execute();

  await db.schema
    .createTable('substance_group')
    .addColumn('id', 'smallint', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name_nb', 'text', (c) => c.notNull())
    .addColumn('name_nn', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('substance_group')
    .values(GROUPS.map(([id, code, nb, nn]) => ({ id, code, name_nb: nb, name_nn: nn })))
    .execute();

  await db.schema
    .createTable('substance')
    .addColumn('id', 'smallint', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('group_id', 'smallint', (c) => c.notNull().references('substance_group.id'))
    .addColumn('name_nb', 'text', (c) => c.notNull())
    .addColumn('name_nn', 'text', (c) => c.notNull())
    .addColumn('un_number', 'text', (c) => c.notNull().check(sql`un_number ~ '^[0-9]{4}$'`))
    .addColumn('adr_class', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('substance')
    .values(
      SUBSTANCES.map(([id, code, group, nb, nn, un, adr]) => ({
        id,
        code,
        group_id: group,
        name_nb: nb,
        name_nn: nn,
        un_number: un,
        adr_class: adr,
      })),
    )
    .execute();
  await db.schema.createIndex('substance_group_idx').on('substance').columns(['group_id', 'id']).execute();

  await db.schema
    .createTable('facility')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id > 0`))
    .addColumn('name', 'text')
    .addColumn('owner_type', 'text', (c) =>
      c.notNull().check(sql`owner_type in (${inList(['PRIVATE_PERSON', 'BUSINESS', 'HOUSING_COOPERATIVE', 'MUNICIPALITY'])})`),
    )
    .addColumn('is_private', 'boolean', (c) => c.notNull().generatedAlwaysAs(sql`owner_type = 'PRIVATE_PERSON'`).stored())
    .addColumn('owner_name', 'text', (c) => c.notNull())
    .addColumn('organisation_number', 'text', (c) => c.check(sql`organisation_number ~ '^[0-9]{9}$'`))
    .addColumn('client_name', 'text')
    .addColumn('client_organisation_number', 'text', (c) => c.check(sql`client_organisation_number ~ '^[0-9]{9}$'`))
    .addColumn('client_info', 'text')
    .addColumn('street_address', 'text')
    .addColumn('postal_code', 'text', (c) => c.check(sql`postal_code ~ '^[0-9]{4}$'`))
    .addColumn('postal_place', 'text')
    .addColumn('municipality_id', 'text', (c) => c.notNull().references('municipality.id'))
    .addColumn('longitude', 'double precision')
    .addColumn('latitude', 'double precision')
    .addColumn('position_accuracy', 'text', (c) =>
      c.notNull().check(sql`position_accuracy in (${inList(['EXACT', 'PROPERTY', 'UNSPECIFIED'])})`),
    )
    .addColumn('major_accident', 'text', (c) =>
      c.notNull().check(sql`major_accident in (${inList(['NOT_AFFECTED', 'PARAGRAPH_SIX', 'PARAGRAPH_NINE'])})`),
    )
    .addColumn('is_explosives', 'boolean', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('ACTIVE', 'CLOSED')`))
    .addColumn('registered_on', 'date', (c) => c.notNull())
    .addColumn('updated_on', 'date', (c) => c.notNull())
    .addColumn('first_notification_on', 'date')
    // The first unit's type, kept on the facility because the map shows it for every point.
    .addColumn('primary_unit_type_id', 'smallint', (c) => c.notNull().references('facility_unit_type.id'))
    .addColumn('search_text', 'text', (c) =>
      c
        .notNull()
        .generatedAlwaysAs(
          sql`fast_normalise(coalesce(name, '') || ' ' || coalesce(street_address, '') || ' ' || coalesce(postal_code, '') || ' ' || coalesce(postal_place, ''))`,
        )
        .stored(),
    )
    // sha256 of the imported record: a re-import of the same record is recognised and skipped.
    .addColumn('record_hash', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('facility_private_without_org', sql`owner_type <> 'PRIVATE_PERSON' or organisation_number is null`)
    .addCheckConstraint('facility_position_pair', sql`(longitude is null) = (latitude is null)`)
    // Mainland Norway with its sea areas; records outside are refused by the import.
    .addCheckConstraint('facility_position_norway', sql`longitude between 2 and 33 and latitude between 57 and 72`)
    .addCheckConstraint('facility_dates', sql`updated_on >= registered_on`)
    .execute();
  // Scope filter (municipalities of the caller) with the id order of stable paging.
  await db.schema.createIndex('facility_municipality_idx').on('facility').columns(['municipality_id', 'id']).execute();
  // Free text: trigram matching (substring, prefix, similarity) over name, address, postal code and place.
  await sql`create index facility_search_trgm_idx on facility using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index facility_major_accident_idx on facility (major_accident, municipality_id) where major_accident <> 'NOT_AFFECTED'`.execute(
    db,
  );
  await db.schema
    .createIndex('facility_first_notification_idx')
    .on('facility')
    .columns(['first_notification_on', 'id'])
    .execute();

  await db.schema
    .createTable('facility_unit')
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facility.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('unit_type_id', 'smallint', (c) => c.notNull().references('facility_unit_type.id'))
    .addColumn('name', 'text')
    .addPrimaryKeyConstraint('facility_unit_pk', ['facility_id', 'position'])
    .execute();
  await db.schema.createIndex('facility_unit_type_idx').on('facility_unit').columns(['unit_type_id', 'facility_id']).execute();

  await db.schema
    .createTable('stored_substance')
    .addColumn('facility_id', 'integer', (c) => c.notNull())
    .addColumn('unit_position', 'smallint', (c) => c.notNull())
    .addColumn('position', 'smallint', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('substance_id', 'smallint', (c) => c.notNull().references('substance.id'))
    .addColumn('quantity', 'numeric', (c) => c.notNull().check(sql`quantity >= 0`))
    .addColumn('unit', 'text', (c) => c.notNull().check(sql`unit in ('m3', 'liter', 'tonn', 'kg')`))
    .addColumn('hazard_division', 'text', (c) => c.check(sql`hazard_division ~ '^1\\.[1-6][A-HJ-LNS]?$'`))
    .addPrimaryKeyConstraint('stored_substance_pk', ['facility_id', 'unit_position', 'position'])
    .addForeignKeyConstraint(
      'stored_substance_unit_fk',
      ['facility_id', 'unit_position'],
      'facility_unit',
      ['facility_id', 'position'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  // Substance and substance-group filters: substance → facilities.
  await db.schema
    .createIndex('stored_substance_substance_idx')
    .on('stored_substance')
    .columns(['substance_id', 'facility_id'])
    .execute();

  await db.schema
    .createTable('document')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facility.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in (${inList(['INSPECTION_REPORT', 'NOTIFICATION_RECEIPT', 'ACCIDENT_REPORT', 'OTHER'])})`),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('document_date', 'date', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull().defaultTo('application/pdf'))
    .addColumn('size_bytes', 'integer', (c) => c.notNull().check(sql`size_bytes >= 0`))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content', 'bytea')
    // A document kept outside the database (object storage) is found by its key instead.
    .addColumn('storage_key', 'text')
    .addCheckConstraint('document_has_content', sql`content is not null or storage_key is not null`)
    .addCheckConstraint('document_size_matches', sql`content is null or octet_length(content) = size_bytes`)
    .execute();
  await db.schema.createIndex('document_facility_idx').on('document').columns(['facility_id', 'kind']).execute();

  await db.schema
    .createTable('inspection')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facility.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (c) => c.notNull())
    .addColumn('year', 'smallint', (c) => c.notNull().check(sql`year between 1990 and 2100`))
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in (${inList(['SYSTEM_AUDIT', 'ON_SITE', 'DOCUMENT', 'CAMPAIGN', 'INCIDENT'])})`),
    )
    .addColumn('authority', 'text', (c) =>
      c.notNull().check(sql`authority in (${inList(['FIRE_SERVICE', 'DSB', 'JOINT_MAJOR_ACCIDENT'])})`),
    )
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('PLANNED', 'DONE')`))
    .addColumn('contact_person', 'text')
    .addColumn('case_number', 'text')
    .addColumn('inspected_on', 'date')
    .addColumn('deviations', 'smallint', (c) => c.notNull().check(sql`deviations >= 0`))
    .addColumn('remarks', 'smallint', (c) => c.notNull().check(sql`remarks >= 0`))
    .addColumn('reaction', 'text', (c) =>
      c.notNull().check(sql`reaction in (${inList(['NONE', 'ORDER', 'COERCIVE_FINE', 'POLICE_REPORT'])})`),
    )
    .addColumn('report_document_id', 'bigint', (c) => c.references('document.id').onDelete('set null'))
    .addUniqueConstraint('inspection_facility_position', ['facility_id', 'position'])
    // A planned inspection has not happened: no date, no findings, no report.
    .addCheckConstraint(
      'inspection_planned_is_empty',
      sql`status = 'DONE' or (inspected_on is null and report_document_id is null and deviations = 0 and remarks = 0)`,
    )
    .execute();

  await db.schema
    .createTable('notification_report')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facility.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (c) => c.notNull())
    .addColumn('submitted_on', 'date', (c) => c.notNull())
    .addColumn('submitted_by', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull())
    .addColumn('receipt_document_id', 'bigint', (c) => c.references('document.id').onDelete('set null'))
    .addUniqueConstraint('notification_facility_position', ['facility_id', 'position'])
    .execute();
  await sql`create unique index notification_one_active_idx on notification_report (facility_id) where is_active`.execute(db);

  await db.schema
    .createTable('accident')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('facility_id', 'integer', (c) => c.notNull().references('facility.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (c) => c.notNull())
    .addColumn('reference_number', 'text', (c) => c.notNull().unique())
    .addColumn('occurred_on', 'date', (c) => c.notNull())
    .addColumn('reporter', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in (${inList(['FIRE', 'EXPLOSION', 'RELEASE', 'OTHER'])})`))
    .addColumn('cause', 'text', (c) =>
      c
        .notNull()
        .check(sql`cause in (${inList(['TECHNICAL_FAILURE', 'HUMAN_ERROR', 'CORROSION', 'EXTERNAL_IMPACT', 'UNKNOWN'])})`),
    )
    .addColumn('substance_id', 'smallint', (c) => c.references('substance.id'))
    .addColumn('quantity_released', 'numeric', (c) => c.check(sql`quantity_released >= 0`))
    .addColumn('quantity_unit', 'text', (c) => c.check(sql`quantity_unit in ('m3', 'liter', 'tonn', 'kg')`))
    .addColumn('injured', 'integer', (c) => c.notNull().check(sql`injured >= 0`))
    .addColumn('dead', 'integer', (c) => c.notNull().check(sql`dead >= 0`))
    .addColumn('report_document_id', 'bigint', (c) => c.references('document.id').onDelete('set null'))
    .addUniqueConstraint('accident_facility_position', ['facility_id', 'position'])
    .addCheckConstraint('accident_quantity_has_unit', sql`(quantity_released is null) = (quantity_unit is null)`)
    .execute();

  await db.schema
    .createTable('gas_pipeline')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('pressure_class', 'text', (c) => c.notNull().check(sql`pressure_class in ('HIGH', 'MEDIUM', 'LOW')`))
    .addColumn('mop_bar', 'numeric', (c) => c.notNull().check(sql`mop_bar > 0`))
    .addColumn('material', 'text', (c) => c.notNull())
    .addColumn('diameter_mm', 'integer', (c) => c.notNull().check(sql`diameter_mm > 0`))
    .addColumn('year_built', 'smallint', (c) => c.notNull())
    .addColumn('substance', 'text', (c) => c.notNull().check(sql`substance in ('NATURAL_GAS', 'BIOGAS')`))
    // GeoJSON LineString or MultiLineString in WGS84.
    .addColumn('geometry', 'jsonb', (c) => c.notNull().check(sql`geometry->>'type' in ('LineString', 'MultiLineString')`))
    .addColumn('record_hash', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Who read, downloaded or exported which facilities. No foreign keys: the log outlives the rows.
  await db.schema
    .createTable('access_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('organisation_number', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('VIEW', 'DOWNLOAD', 'EXPORT')`))
    .addColumn('facility_ids', sql`integer[]`, (c) => c.notNull())
    .addColumn('document_id', 'bigint')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('access_log_user_idx').on('access_log').columns(['user_id', 'occurred_at']).execute();
  await db.schema.createIndex('access_log_time_idx').on('access_log').column('occurred_at').execute();
  // "Who has looked at this facility?"
  await sql`create index access_log_facility_idx on access_log using gin (facility_ids)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'access_log',
    'gas_pipeline',
    'accident',
    'notification_report',
    'inspection',
    'document',
    'stored_substance',
    'facility_unit',
    'facility',
    'substance',
    'substance_group',
    'facility_unit_type',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop function if exists fast_normalise(text)`.execute(db);
}
