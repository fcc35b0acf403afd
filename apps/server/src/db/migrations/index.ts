import type { Migration } from 'kysely/migration';
import * as platform from './2026_11_21_2330_platform.ts';
import * as register from './2026_11_22_0100_register.ts';
import * as search from './2026_11_22_0400_search.ts';
import * as accessDecisions from './2026_11_22_1400_access_decisions.ts';
import * as mapSnapshot from './2026_11_22_1600_map_snapshot.ts';
import * as facilityMapTuple from './2026_11_22_2000_facility_map_tuple.ts';
import * as sharedMapSnapshots from './2026_11_23_0100_shared_map_snapshots.ts';
import * as hazardCards from './2026_11_23_1800_hazard_cards.ts';
import * as nearbyAndPlaces from './2026_11_23_1800_nearby_and_places.ts';
import * as rateLimit from './2026_11_23_1800_rate_limit.ts';
import * as searchFilterArrays from './2026_11_23_1800_search_filter_arrays.ts';
import * as statusMessageNn from './2026_11_23_1800_status_message_nn.ts';
import * as hazardGuideEdition from './2026_11_24_0000_hazard_guide_edition.ts';
import * as placeWords from './2026_11_24_0030_place_words.ts';
import * as nearbyBands from './2026_11_24_0100_nearby_bands.ts';
import * as placeWordsStatistics from './2026_11_24_0200_place_words_statistics.ts';
import * as facilityTally from './2026_11_24_0300_facility_tally.ts';
import * as nearbyGroupTotals from './2026_11_24_0500_nearby_group_totals.ts';
import * as registerVersion from './2026_11_24_0900_register_version.ts';
import * as nearbyGroupColumns from './2026_11_24_1200_nearby_group_columns.ts';
import * as accessLogImport from './2026_11_25_1000_access_log_import.ts';
import * as ergFiguresFromSource from './2026_11_28_1800_erg_figures_from_source.ts';
import * as registerImportRuns from './2026_11_29_1200_register_import_runs.ts';
import * as documentReferenceIndexes from './2026_11_29_1300_document_reference_indexes.ts';
import * as deferredIndexes from './2026_11_29_1400_deferred_indexes.ts';
import * as placeWordsProcedural from './2026_11_29_1410_place_words_procedural.ts';
import * as referenceLayers from './2026_11_29_1500_reference_layers.ts';
import * as vulnerableObjects from './2026_11_29_1700_vulnerable_objects.ts';
import * as apiClients from './2026_11_29_1800_api_clients.ts';
import * as hazardTables from './2026_11_29_1900_hazard_tables.ts';
import * as accessLogGinDirect from './2026_11_29_2000_access_log_gin_direct.ts';
import * as addressStreets from './2026_11_30_0100_address_streets.ts';
import * as adrTableA from './2026_11_30_0200_adr_table_a.ts';
import * as streetWords from './2026_11_30_0300_street_words.ts';

/** Every migration, in order. Migrations are frozen: change the schema with a new file. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_2330_platform': platform,
  '2026_11_22_0100_register': register,
  '2026_11_22_0400_search': search,
  '2026_11_22_1400_access_decisions': accessDecisions,
  '2026_11_22_1600_map_snapshot': mapSnapshot,
  '2026_11_22_2000_facility_map_tuple': facilityMapTuple,
  '2026_11_23_0100_shared_map_snapshots': sharedMapSnapshots,
  '2026_11_23_1800_hazard_cards': hazardCards,
  '2026_11_23_1800_nearby_and_places': nearbyAndPlaces,
  '2026_11_23_1800_rate_limit': rateLimit,
  '2026_11_23_1800_search_filter_arrays': searchFilterArrays,
  '2026_11_23_1800_status_message_nn': statusMessageNn,
  '2026_11_24_0000_hazard_guide_edition': hazardGuideEdition,
  '2026_11_24_0030_place_words': placeWords,
  '2026_11_24_0100_nearby_bands': nearbyBands,
  '2026_11_24_0200_place_words_statistics': placeWordsStatistics,
  '2026_11_24_0300_facility_tally': facilityTally,
  '2026_11_24_0500_nearby_group_totals': nearbyGroupTotals,
  '2026_11_24_0900_register_version': registerVersion,
  '2026_11_24_1200_nearby_group_columns': nearbyGroupColumns,
  '2026_11_25_1000_access_log_import': accessLogImport,
  '2026_11_28_1800_erg_figures_from_source': ergFiguresFromSource,
  '2026_11_29_1200_register_import_runs': registerImportRuns,
  '2026_11_29_1300_document_reference_indexes': documentReferenceIndexes,
  '2026_11_29_1400_deferred_indexes': deferredIndexes,
  '2026_11_29_1410_place_words_procedural': placeWordsProcedural,
  '2026_11_29_1500_reference_layers': referenceLayers,
  '2026_11_29_1700_vulnerable_objects': vulnerableObjects,
  '2026_11_29_1800_api_clients': apiClients,
  '2026_11_29_1900_hazard_tables': hazardTables,
  '2026_11_29_2000_access_log_gin_direct': accessLogGinDirect,
  '2026_11_30_0100_address_streets': addressStreets,
  '2026_11_30_0200_adr_table_a': adrTableA,
  '2026_11_30_0300_street_words': streetWords,
};
