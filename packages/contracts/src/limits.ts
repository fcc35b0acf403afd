/** Business constants of the specification (section 9) shared by server and web app. */
export const ORG_HEADER = 'FAST-ORG-NUMBER';
export const REQUEST_TIMEOUT_MS = 30_000;
export const MAX_BODY_BYTES = 100 * 1024;
export const STATUS_MESSAGE_POLL_MS = 60_000;
export const SEARCH_PAGE_SIZES = [10, 25, 50] as const;
/** The largest PostgreSQL integer (int4): every id the database holds (facility, admin entries) is at most this. */
export const MAX_ID = 2_147_483_647;
export const MAP_PAGE_SIZE = 10_000;
export const LANGUAGES = ['nb', 'nn'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The Altinn role a person needs to represent an organisation in FAST. */
export const ALTINN_ROLE = 'DSB - tilgang til Fast';
/** The realm role of the authority's administrators. */
export const ADMIN_ROLE = 'fast-admin';
