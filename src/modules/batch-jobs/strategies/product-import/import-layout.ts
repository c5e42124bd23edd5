import { DynamicColumn, parseDynamicHeader, STATIC_COLUMNS, StaticColumn } from '../product-csv/product-csv-columns';

/** Where each known column sits in the file (columns may come in any order). */
export interface ImportLayout {
  header: string[];
  statics: Array<{ index: number; column: StaticColumn }>;
  currencyPrices: Array<{ index: number; header: string; currency_code: string }>;
  regionPrices: Array<{ index: number; header: string; region_name: string; currency_code: string }>;
  options: Map<number, { name?: number; value?: number }>;
  images: Array<{ index: number; position: number }>;
  salesChannels: Map<number, { id?: number; name?: number; description?: number }>;
  /** Column index of each "Product Category N Handle", by N. */
  categoryHandles: Map<number, number>;
  hasPrices: boolean;
  hasImages: boolean;
  hasSalesChannels: boolean;
  /** True when the file has a "Product Category N Handle" column: each product's categories are then replaced (as Medusa; Name and Description columns alone change nothing). */
  hasCategories: boolean;
  has(field: string, target: 'product' | 'variant'): boolean;
}

const REQUIRED = ['Product Handle'];

/**
 * Reads the header (Medusa's rules): `Product Handle` is required; every other column
 * must be a known static column or match a dynamic pattern. Returns the layout or the
 * reason the file cannot be imported.
 */
export function buildLayout(header: string[]): ImportLayout | { error: string } {
  const missing = REQUIRED.filter((name) => !header.includes(name));
  if (missing.length) return { error: `Missing column(s) ${missing.map((m) => `"${m}"`).join(', ')} from the given csv file` };
  const byHeader = new Map(STATIC_COLUMNS.map((c) => [c.header, c]));
  const seen = new Set<string>();
  const layout: ImportLayout = {
    header,
    statics: [],
    currencyPrices: [],
    regionPrices: [],
    options: new Map(),
    images: [],
    salesChannels: new Map(),
    categoryHandles: new Map(),
    hasPrices: false,
    hasImages: false,
    hasSalesChannels: false,
    hasCategories: false,
    has(field, target) {
      return this.statics.some((s) => s.column.field === field && s.column.target === target);
    },
  };
  for (const [index, name] of header.entries()) {
    if (name === '') continue;
    if (seen.has(name)) return { error: `Column "${name}" appears more than once in the given csv file` };
    seen.add(name);
    const column = byHeader.get(name);
    if (column) {
      layout.statics.push({ index, column });
      continue;
    }
    const dynamic: DynamicColumn | null = parseDynamicHeader(name);
    if (!dynamic) return { error: `Unable to treat column ${name} from the csv file. No target column found in the provided schema` };
    switch (dynamic.kind) {
      case 'currency_price':
        layout.currencyPrices.push({ index, header: name, currency_code: dynamic.currency_code });
        break;
      case 'region_price':
        layout.regionPrices.push({ index, header: name, region_name: dynamic.region_name, currency_code: dynamic.currency_code });
        break;
      case 'option_name':
      case 'option_value': {
        const entry = layout.options.get(dynamic.index) ?? {};
        entry[dynamic.kind === 'option_name' ? 'name' : 'value'] = index;
        layout.options.set(dynamic.index, entry);
        break;
      }
      case 'image':
        layout.images.push({ index, position: dynamic.index });
        break;
      case 'category_handle':
        layout.categoryHandles.set(dynamic.index, index);
        layout.hasCategories = true;
        break;
      case 'category_name':
      case 'category_description':
        break;
      default: {
        const entry = layout.salesChannels.get(dynamic.index) ?? {};
        const key = dynamic.kind === 'sales_channel_id' ? 'id' : dynamic.kind === 'sales_channel_name' ? 'name' : 'description';
        entry[key] = index;
        layout.salesChannels.set(dynamic.index, entry);
      }
    }
  }
  layout.images.sort((a, b) => a.position - b.position);
  layout.hasPrices = layout.currencyPrices.length + layout.regionPrices.length > 0;
  layout.hasImages = layout.images.length > 0;
  layout.hasSalesChannels = layout.salesChannels.size > 0;
  return layout;
}
