import type { ErrorKey } from '../i18n/i18n-types.ts';
import { nb } from '../i18n/locales/nb.ts';
import type { Text } from '../i18n/text.ts';
import { ApiError } from './api-error.ts';

export interface ErrorPresentation {
  message: Text;
  /** The server's error reference, offered for copying; null when there is none. */
  reference: string | null;
}

function isErrorKey(value: string): value is ErrorKey {
  return Object.hasOwn(nb.errors, value);
}

const errorText = (key: ErrorKey): Text => ({ key: `errors.${key}` });

/**
 * Section 8 of the specification: which text an error shows, and its reference. Every text comes
 * from the catalogue (nb and nn): a cause it does not name gets the generic text, with the
 * server's reference when there is one, never a raw message in whatever language it was written.
 */
export function presentError(error: unknown): ErrorPresentation {
  if (error instanceof ApiError) {
    if (error.kind === 'timeout') return { message: errorText('TIMEOUT'), reference: null };
    if (error.kind === 'network') return { message: errorText('UNEXPECTED_ERROR'), reference: null };
    if (error.status === 401 || error.status === 403) return { message: errorText('ACCESS_DENIED'), reference: null };
    if (error.status === 404) return { message: errorText('NOT_FOUND'), reference: null };
    const body = error.body;
    const reference = body?.reference || null;
    if (error.status === 501) return { message: errorText('NotImplemented'), reference };
    // The type, else the message, as a catalogue key; with neither, the generic text.
    const key = [body?.type, body?.message].find((candidate) => candidate !== undefined && isErrorKey(candidate));
    return { message: errorText(key && isErrorKey(key) ? key : 'UNEXPECTED_ERROR'), reference };
  }
  return { message: errorText('UNEXPECTED_ERROR'), reference: null };
}
