import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, base64url (43 characters): what the administrator hands to the client once. */
export function newApiClientSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * SHA-256, hex. Not scrypt: a slow, salted hash protects a password a person chose, which an
 * attacker with the hash can guess; 256 random bits cannot be guessed, so a fast hash is as safe
 * and each token request costs a microsecond instead of a deliberate 50 ms.
 */
export function hashApiClientSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `secret` is the one whose hash is `hash`, in time that does not depend on where they differ. */
export function apiClientSecretMatches(secret: string, hash: string): boolean {
  const actual = Buffer.from(hashApiClientSecret(secret), 'hex');
  const expected = Buffer.from(hash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A client id FAST makes (public, but unique and recognisable in a log). */
export function newApiClientId(): string {
  return `fast-client-${randomBytes(8).toString('hex')}`;
}
