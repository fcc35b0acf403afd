const FOLD: Record<string, string> = { æ: 'ae', ø: 'oe', å: 'aa', Æ: 'Ae', Ø: 'Oe', Å: 'Aa' };

/** A file name safe on every file system: letters, digits, dots, dashes; never a path. */
export function safeFileName(title: string, extension = 'pdf'): string {
  const base = title
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]+/gu, ' ')
    .replace(/\.{2,}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+\s*/, '')
    .slice(0, 120)
    .trim();
  return `${base || 'dokument'}.${extension}`;
}

/** The ASCII fallback of a file name for clients without RFC 5987 (æ → ae, other accents dropped). */
function asciiFileName(name: string): string {
  return name
    .replace(/[æøåÆØÅ]/g, (c) => FOLD[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_');
}

// RFC 5987 attr-char: everything else is percent-encoded (encodeURIComponent leaves a few more).
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment; filename="..."; filename*=UTF-8''...` (RFC 6266): the plain name in ASCII for old
 * clients, the real one with æøå for the rest.
 */
export function contentDisposition(title: string, extension = 'pdf'): string {
  const name = safeFileName(title, extension);
  return `attachment; filename="${asciiFileName(name)}"; filename*=UTF-8''${rfc5987(name)}`;
}
