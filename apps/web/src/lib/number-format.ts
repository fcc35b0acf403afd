/**
 * Numbers as Norwegian writes them, in Bokmål and Nynorsk alike: a space between thousands and a
 * decimal comma ("12 345,6"). One formatter per number of decimals, made once.
 */
const formats = new Map<number, Intl.NumberFormat>();

/** Rounded to at most `decimals` decimals, trailing zeros left out. */
export function formatNumber(value: number, decimals = 0): string {
  let format = formats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: decimals });
    formats.set(decimals, format);
  }
  return format.format(value);
}

/** A stored quantity or distance, to three decimals: 42.5 → "42,5"; 12000 → "12 000". */
export function formatQuantity(value: number): string {
  return formatNumber(value, 3);
}
