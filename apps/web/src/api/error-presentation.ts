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
  return value !== 'raw' && Object.hasOwn(nb.errors, value);
}

const errorText = (key: ErrorKey): Text => ({ key: `errors.${key}` });
const rawText = (text: string): Text => ({ key: 'errors.raw', values: { text } });

/**
 * Section 8 of the specification: which text an error shows, and its reference. The body's type,
 * else its message, is looked up in the catalogue (nb and nn); with no text there, the message
 * itself is shown (our server's types all have one). Any other Error shows its message.
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
    // The type, else the message, as a catalogue key; with neither, the raw text, else the generic one.
    const key = [body?.type, body?.message].find((candidate) => candidate !== undefined && isErrorKey(candidate));
    if (key && isErrorKey(key)) return { message: errorText(key), reference };
    const raw = body?.message?.trim() || body?.type?.trim();
    return { message: raw ? rawText(raw) : errorText('UNEXPECTED_ERROR'), reference };
  }
  if (error instanceof Error && error.message.trim()) return { message: rawText(error.message), reference: null };
  return { message: errorText('UNEXPECTED_ERROR'), reference: null };
}
