import { parseHumanAmount } from '../../csv/medusa-csv';
import { CellKind, PRODUCT_STATUSES } from '../product-csv/product-csv-columns';
import type { ImportLayout } from './import-layout';

export interface RowError {
  /** 1-based data row (the header is not counted). */
  row: number;
  /** 1-based line of the file where the row ends. */
  line: number;
  column?: string;
  message: string;
}

export type CellValue = string | number | boolean | string[] | null;

export interface ParsedRow {
  row: number;
  line: number;
  /** Product cells present in the file, by field (null = empty cell). */
  product: Record<string, CellValue>;
  /** Variant cells present in the file, by field. */
  variant: Record<string, CellValue>;
  /** False for a row that only describes its product (no variant cell filled). */
  hasVariant: boolean;
  /** Undefined when the file has no price columns. */
  prices?: Array<{ currency_code: string; region_name: string | null; amount: number }>;
  options: Array<{ title: string; value: string }>;
  images?: string[];
  /** `ref` is the "Id" cell (Medusa writes the channel name there), else the name cell. */
  salesChannels?: Array<{ ref: string }>;
  /** Handles from the "Product Category N Handle" cells, in column order; undefined when the file has no category columns. */
  categoryHandles?: string[];
}

const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const INT32_MAX = 2_147_483_647;

function parseCell(raw: string, kind: CellKind): { value: CellValue } | { error: string } {
  const empty = raw.trim() === '';
  switch (kind) {
    case 'string':
    case 'text':
    case 'ignored':
      return { value: empty ? null : raw };
    case 'int': {
      if (empty) return { value: null };
      const text = raw.trim();
      if (!/^-?\d{1,10}$/.test(text) || Math.abs(Number(text)) > INT32_MAX) return { error: `"${raw}" is not an integer` };
      return { value: Number(text) };
    }
    case 'bool': {
      if (empty) return { value: null };
      const text = raw.trim().toLowerCase();
      if (text === 'true') return { value: true };
      if (text === 'false') return { value: false };
      return { error: `"${raw}" is not a boolean (true or false)` };
    }
    case 'status': {
      if (empty) return { value: null };
      const text = raw.trim();
      if (!PRODUCT_STATUSES.includes(text)) return { error: `"${raw}" is not a product status (${PRODUCT_STATUSES.join(', ')})` };
      return { value: text };
    }
    case 'tags':
      return {
        value: raw
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      };
  }
}

/**
 * Turns one CSV record into typed product and variant fields, collecting every problem
 * with its row and column (nothing is thrown: the caller decides how many to report).
 */
export function parseRow(cells: string[], layout: ImportLayout, row: number, line: number): { row: ParsedRow } | { errors: RowError[] } {
  const errors: RowError[] = [];
  const fail = (column: string | undefined, message: string) => errors.push({ row, line, column, message });
  if (cells.length !== layout.header.length) {
    fail(undefined, `the row has ${cells.length} cells but the header has ${layout.header.length}`);
    return { errors };
  }
  const parsed: ParsedRow = { row, line, product: {}, variant: {}, hasVariant: false, options: [] };

  for (const { index, column } of layout.statics) {
    if (column.kind === 'ignored') continue;
    const result = parseCell(cells[index], column.kind);
    if ('error' in result) {
      fail(column.header, result.error);
      continue;
    }
    (column.target === 'product' ? parsed.product : parsed.variant)[column.field] = result.value;
    if (column.target === 'variant' && result.value !== null) parsed.hasVariant = true;
  }

  const handle = parsed.product.handle;
  if (typeof handle !== 'string' || handle.trim() === '') {
    fail('Product Handle', `No value found for target column "Product Handle" in line ${line} of the given csv file`);
  }
  for (const [field, header] of [
    ['id', 'Product Id'],
    ['id', 'Variant Id'],
  ] as const) {
    const value = (header === 'Product Id' ? parsed.product : parsed.variant)[field];
    if (typeof value === 'string' && !ID_PATTERN.test(value)) fail(header, `"${value}" is not a valid id`);
  }

  if (layout.hasPrices) {
    parsed.prices = [];
    const columns = [...layout.currencyPrices.map((c) => ({ ...c, region_name: null as string | null })), ...layout.regionPrices];
    for (const column of columns) {
      const raw = cells[column.index];
      if (raw.trim() === '') continue;
      const amount = parseHumanAmount(raw, column.currency_code);
      if (amount === null) fail(column.header, `"${raw}" is not a valid amount in ${column.currency_code.toUpperCase()}`);
      else parsed.prices.push({ currency_code: column.currency_code, region_name: column.region_name, amount });
    }
    if (parsed.prices.length) parsed.hasVariant = true;
  }

  for (const [position, { name, value }] of [...layout.options.entries()].sort((a, b) => a[0] - b[0])) {
    const title = name === undefined ? '' : cells[name];
    const optionValue = value === undefined ? '' : cells[value];
    if (title.trim() === '') {
      if (optionValue.trim() !== '') fail(`Option ${position} Value`, `a value is given without "Option ${position} Name"`);
      continue;
    }
    parsed.options.push({ title, value: optionValue });
    if (optionValue !== '') parsed.hasVariant = true;
  }

  if (layout.hasImages) parsed.images = layout.images.map(({ index }) => cells[index]).filter((url) => url.trim() !== '');

  if (layout.hasSalesChannels) {
    parsed.salesChannels = [];
    for (const [, { id, name }] of [...layout.salesChannels.entries()].sort((a, b) => a[0] - b[0])) {
      const ref = (id !== undefined ? cells[id] : '') || (name !== undefined ? cells[name] : '');
      if (ref.trim() !== '') parsed.salesChannels.push({ ref });
    }
  }

  if (layout.hasCategories) {
    parsed.categoryHandles = [...layout.categoryHandles.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([, index]) => cells[index].trim())
      .filter((handle) => handle !== '');
  }

  return errors.length ? { errors } : { row: parsed };
}
