/** Medusa v1's CSV dialect for exports: `;` between cells, CRLF between lines. */
export const CSV_DELIMITER = ';';
export const CSV_LINE_END = '\r\n';

/**
 * Medusa quotes a cell only when it contains a line feed, a comma or a semicolon (inner
 * quotes doubled); any other value, quotes included, is written raw. null/undefined are
 * empty; booleans and numbers are stringified.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  if (/[\n,;]/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function csvLine(values: readonly unknown[]): string {
  return values.map(csvCell).join(CSV_DELIMITER) + CSV_LINE_END;
}

/** Currencies Medusa never divides by 100 when showing amounts (no minor unit in use). */
const ZERO_DECIMAL_CURRENCIES = new Set([
  'krw', 'jpy', 'vnd', 'clp', 'pyg', 'xaf', 'xof', 'bif', 'djf', 'gnf', 'kmf', 'mga', 'rwf', 'xpf', 'htg', 'vuv', 'xag', 'xdr', 'xau',
]);

function decimalsOf(currencyCode: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(currencyCode.toLowerCase()) ? 0 : 2;
}

/** Minor units to the amount people read (1050 EUR -> "10.5", 1000 JPY -> "1000"), as Medusa's humanizeAmount. */
export function humanizeAmount(amount: number, currencyCode: string): string {
  const decimals = decimalsOf(currencyCode);
  if (decimals === 0) return String(amount);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  if (cents === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * The inverse of humanizeAmount, exact (no floating point): "10.5" EUR -> 1050. Returns
 * null for anything that is not a non-negative amount with at most the currency's decimals.
 */
export function parseHumanAmount(text: string, currencyCode: string): number | null {
  const decimals = decimalsOf(currencyCode);
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.replace(/0+$/, '').length > decimals) return null;
  const minor = Number(match[1]) * 10 ** decimals + Number((fraction + '00').slice(0, decimals) || '0');
  return Number.isSafeInteger(minor) && minor <= 2_147_483_647 ? minor : null;
}
