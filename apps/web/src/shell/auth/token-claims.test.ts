import { describe, expect, it } from 'vitest';
import { fullName, rolesOf } from './token-claims.ts';

const jwt = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.signature`;

describe('identity token claims', () => {
  it('joins given, middle and family name', () => {
    expect(fullName({ given_name: 'Kari', middle_name: 'Marie', family_name: 'Nordmann' })).toBe('Kari Marie Nordmann');
    expect(fullName({ given_name: 'Ola', family_name: 'Nordmann' })).toBe('Ola Nordmann');
  });

  it('falls back to the username when the token has no name', () => {
    expect(fullName({ preferred_username: 'ny.bruker' })).toBe('ny.bruker');
  });

  it('reads realm and resource roles from the access token', () => {
    const token = jwt({ realm_access: { roles: ['fast-admin'] }, resource_access: { 'fast-api': { roles: ['reader'] } } });
    expect(rolesOf(token)).toEqual(['fast-admin', 'reader']);
    expect(rolesOf('not-a-jwt')).toEqual([]);
  });
});
