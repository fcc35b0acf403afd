/** Tables of the facility register (facilities, units, substances, documents, gas pipelines, access log). */
// biome-ignore lint/complexity/noBannedTypes: filled by the register migrations
export type RegisterTables = {};
