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

  it('falls back to the message as a key, then shows the raw text with the reference (no translation)', () => {
    const asKey = { reference: REFERENCE, type: 'SOMETHING_NEW', message: 'TIMEOUT' } as unknown as ApiError['body'];
    expect(presentError(http(409, asKey)).message).toEqual({ key: 'errors.TIMEOUT' });
    const raw = { reference: REFERENCE, type: 'SOMETHING_NEW', message: 'Kommunen finnes ikke' } as unknown as ApiError['body'];
    expect(presentError(http(400, raw))).toEqual({
      message: { key: 'errors.raw', values: { text: 'Kommunen finnes ikke' } },
      reference: REFERENCE,
    });
    // No message: the type is the raw text; neither: the generic text.
    const typeOnly = { reference: REFERENCE, type: 'SOMETHING_NEW', message: '' } as unknown as ApiError['body'];
    expect(presentError(http(400, typeOnly)).message).toEqual({ key: 'errors.raw', values: { text: 'SOMETHING_NEW' } });
    const empty = { reference: REFERENCE, type: '', message: '' } as unknown as ApiError['body'];
    expect(presentError(http(400, empty)).message).toEqual({ key: 'errors.UNEXPECTED_ERROR' });
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

  it('shows any other Error by its message (spec § 8), and the generic text for what is no Error', () => {
    expect(presentError(new Error('Kartdataene kunne ikke leses'))).toEqual({
      message: { key: 'errors.raw', values: { text: 'Kartdataene kunne ikke leses' } },
      reference: null,
    });
    expect(presentError(new Error(''))).toEqual({ message: { key: 'errors.UNEXPECTED_ERROR' }, reference: null });
    expect(presentError('?')).toEqual({ message: { key: 'errors.UNEXPECTED_ERROR' }, reference: null });
  });

  it('has every text it can show in both catalogues', () => {
    for (const key of Object.keys(nb.errors)) expect(Object.hasOwn(nn.errors, key), key).toBe(true);
  });
});
