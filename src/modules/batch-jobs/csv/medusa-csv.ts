/** Medusa v1's CSV dialect for exports: `;` between cells, CRLF between lines. */
const CSV_DELIMITER = ';';
const CSV_LINE_END = '\r\n';

/**
 * Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`; tab and CR start one in
 * some), behind any run of apostrophes so that the escape below stays reversible.
 */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;
/** What neutraliseText makes of FORMULA_LIKE text: one more apostrophe in front. */
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/**
 * A leading apostrophe makes a spreadsheet read a cell as text, so a shopper's name such
 * as `=HYPERLINK(...)` is shown, not run. Applied to text only: numbers the service writes
 * (amounts, quantities, ids) are numbers, never text, so a negative amount is left as it
 * is. restoreText undoes it exactly (an apostrophe the text itself began with is kept).
 */
export function neutraliseText(text: string): string {
  return FORMULA_LIKE.test(text) ? `'${text}` : text;
}

/** The text neutraliseText was given: what an import reads from a cell this service exported. */
export function restoreText(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}

/**
 * A cell holding the separator, a comma, a quote, CR or LF is quoted (inner quotes
 * doubled); text that starts like a formula is neutralised (neutraliseText). null and
 * undefined are empty; booleans and numbers are stringified.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? neutraliseText(value) : String(value);
  if (/[\n\r,;"]/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function csvLine(values: readonly unknown[]): string {
  return values.map(csvCell).join(CSV_DELIMITER) + CSV_LINE_END;
}

/** Currencies Medusa never divides by 100 when showing amounts (no minor unit in use). */
const ZERO_DECIMAL_CURRENCIES = new Set([
  'krw',
  'jpy',
  'vnd',
  'clp',
  'pyg',
  'xaf',
  'xof',
  'bif',
  'djf',
  'gnf',
  'kmf',
  'mga',
  'rwf',
  'xpf',
  'htg',
  'vuv',
  'xag',
  'xdr',
  'xau',
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
