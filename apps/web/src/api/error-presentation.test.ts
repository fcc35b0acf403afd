import { describe, expect, it } from 'vitest';
import { nb } from '../i18n/locales/nb.ts';
import { nn } from '../i18n/locales/nn.ts';
import { ApiError } from './api-error.ts';
import { presentError } from './error-presentation.ts';

const REFERENCE = '7d1c4e0e-8f55-4f63-9a86-0d2a3c3b9f10';
const http = (status: number, body: ApiError['body'] = null) => new ApiError('http', status, body, `HTTP ${status}`);

describe('the error catalogue (section 8)', () => {
  it('shows the status text for 401, 403 and 404, whatever the body says', () => {
    const body = { reference: REFERENCE, type: 'UNEXPECTED_ERROR' as const, message: 'x' };
    expect(presentError(http(401, body))).toEqual({ message: { key: 'errors.ACCESS_DENIED' }, reference: null });
    expect(presentError(http(403))).toEqual({ message: { key: 'errors.ACCESS_DENIED' }, reference: null });
    expect(presentError(http(404, body))).toEqual({ message: { key: 'errors.NOT_FOUND' }, reference: null });
  });

  it('translates the body type and offers its reference', () => {
    const body = { reference: REFERENCE, type: 'UNEXPECTED_ERROR' as const, message: 'Noe gikk galt' };
    expect(presentError(http(500, body))).toEqual({ message: { key: 'errors.UNEXPECTED_ERROR' }, reference: REFERENCE });
  });

  it('falls back to the message as a key, then to the generic text with the reference', () => {
    const asKey = { reference: REFERENCE, type: 'SOMETHING_NEW', message: 'TIMEOUT' } as unknown as ApiError['body'];
    expect(presentError(http(409, asKey)).message).toEqual({ key: 'errors.TIMEOUT' });
    const raw = { reference: REFERENCE, type: 'SOMETHING_NEW', message: 'Kommunen finnes ikke' } as unknown as ApiError['body'];
    expect(presentError(http(400, raw))).toEqual({ message: { key: 'errors.UNEXPECTED_ERROR' }, reference: REFERENCE });
  });

  it('has the NotImplemented text for 501, with the reference when the body has one', () => {
    const body = { reference: REFERENCE, type: 'UNEXPECTED_ERROR' as const, message: 'Not Implemented' };
    expect(presentError(http(501, body))).toEqual({ message: { key: 'errors.NotImplemented' }, reference: REFERENCE });
    expect(presentError(http(501))).toEqual({ message: { key: 'errors.NotImplemented' }, reference: null });
  });

  it('has texts for a timeout, no answer, and an answer without a body', () => {
    expect(presentError(new ApiError('timeout', null, null, '')).message).toEqual({ key: 'errors.TIMEOUT' });
    expect(presentError(new ApiError('network', null, null, '')).message).toEqual({ key: 'errors.UNEXPECTED_ERROR' });
    expect(presentError(http(502)).message).toEqual({ key: 'errors.UNEXPECTED_ERROR' });
  });

  it('shows the generic text for any other Error, never its (English) message', () => {
    expect(presentError(new Error('The map data worker stopped'))).toEqual({
      message: { key: 'errors.UNEXPECTED_ERROR' },
      reference: null,
    });
    expect(presentError(new TypeError('Failed to fetch'))).toEqual({
      message: { key: 'errors.UNEXPECTED_ERROR' },
      reference: null,
    });
    expect(presentError('?')).toEqual({ message: { key: 'errors.UNEXPECTED_ERROR' }, reference: null });
  });

  it('has every text it can show in both catalogues', () => {
    for (const key of Object.keys(nb.errors)) expect(Object.hasOwn(nn.errors, key), key).toBe(true);
  });
});
