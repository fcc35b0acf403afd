interface Claims {
  preferred_username?: unknown;
  given_name?: unknown;
  middle_name?: unknown;
  family_name?: unknown;
  name?: unknown;
  sub?: unknown;
  realm_access?: { roles?: unknown };
  resource_access?: Record<string, { roles?: unknown }>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []);

/** Given, middle and family name, joined by spaces; falls back to name, then the username. */
export function fullName(claims: Claims): string {
  const joined = [claims.given_name, claims.middle_name, claims.family_name].map(text).filter(Boolean).join(' ');
  return joined || text(claims.name) || text(claims.preferred_username) || text(claims.sub);
}

/** Realm roles and every client's resource roles of a JWT access token (unverified: for display only). */
export function rolesOf(accessToken: string): string[] {
  const payload = accessToken.split('.')[1];
  if (!payload) return [];
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as Claims;
    const resourceRoles = Object.values(claims.resource_access ?? {}).flatMap((access) => strings(access.roles));
    return [...new Set([...strings(claims.realm_access?.roles), ...resourceRoles])];
  } catch {
    return [];
  }
}

export type { Claims };
