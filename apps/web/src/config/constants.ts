/** Web-only constants of the specification (section 9); shared ones live in @fast/contracts. */
export const AUTH_POLL_MS = 50;
export const TOKEN_REFRESH_CHECK_MS = 10_000;
export const TOKEN_MIN_VALIDITY_S = 60;
export const SESSION_CHECK_MS = 5_000;
export const OIDC_STATE_MAX_AGE_S = 60 * 60;
export const SERVICE_WORKER_UPDATE_MS = 300_000;

export const TOAST_DURATION_MS = {
  positive: 2_500,
  error: 30_000,
  default: 5_000,
  confirm: null,
} as const;

/** The screen breakpoints of the specification, in CSS pixels (CSS modules repeat the numbers in their @media rules). */
export const BREAKPOINTS = { small: 600, medium: 1024, large: 1440, xlarge: 1920 } as const;

/** Local-storage keys: `organization` is the specification's name for the chosen organisation. */
export const STORAGE_KEYS = {
  organisation: 'organization',
  language: 'language',
  signedOut: 'fast.signed-out',
} as const;

export const PATHS = {
  landing: '/',
  search: '/search',
  facility: (id: string | number) => `/anlegg/${id}`,
  map: '/kart',
  incident: '/hendelse',
  access: '/access',
  admin: '/admin',
  selectOrganisation: '/selectorganization/',
  notFound: '/404',
} as const;

/** Where "read more about the service" leads: the authority's own pages. */
export const READ_MORE_URL = 'https://www.dsb.no/';
