const OSLO = 'Europe/Oslo';

const dateParts = new Intl.DateTimeFormat('nb-NO', {
  timeZone: OSLO,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parts(value: Date | string): Record<string, string> {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Object.fromEntries(dateParts.formatToParts(date).map((part) => [part.type, part.value]));
}

/** dd.MM.yyyy in Norwegian time, whatever the browser's time zone. */
export function formatDate(value: Date | string): string {
  const p = parts(value);
  return `${p.day}.${p.month}.${p.year}`;
}

/** dd.MM.yyyy HH:mm in Norwegian time. */
export function formatDateTime(value: Date | string): string {
  const p = parts(value);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

function groupDigits(value: string, size: number): string {
  const digits = value.replace(/\D/g, '');
  return digits.match(new RegExp(`.{1,${size}}`, 'g'))?.join(' ') ?? '';
}

/** "974760673" → "974 760 673". */
export function formatOrganisationNumber(value: string): string {
  return groupDigits(value, 3);
}

/** "33412500" → "33 41 25 00"; a number that is not eight digits is shown as given. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 8 ? groupDigits(digits, 2) : value;
}
