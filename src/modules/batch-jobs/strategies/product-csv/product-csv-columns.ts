/**
 * The product CSV layout Medusa v1 exports and imports: 38 fixed columns (this order),
 * then dynamic price, option, image, sales-channel and product-category columns (see
 * productCsvHeader).
 */
/** Product statuses a CSV may carry. */
export const PRODUCT_STATUSES = ['draft', 'proposed', 'published', 'rejected'];

export type CellKind = 'string' | 'text' | 'int' | 'bool' | 'status' | 'tags' | 'ignored';

export interface StaticColumn {
  header: string;
  /** Which record the cell belongs to and under which property. */
  target: 'product' | 'variant';
  field: string;
  kind: CellKind;
}

export const STATIC_COLUMNS: readonly StaticColumn[] = [
  { header: 'Product Id', target: 'product', field: 'id', kind: 'string' },
  { header: 'Product Handle', target: 'product', field: 'handle', kind: 'string' },
  { header: 'Product Title', target: 'product', field: 'title', kind: 'string' },
  { header: 'Product Subtitle', target: 'product', field: 'subtitle', kind: 'string' },
  { header: 'Product Description', target: 'product', field: 'description', kind: 'text' },
  { header: 'Product Status', target: 'product', field: 'status', kind: 'status' },
  { header: 'Product Thumbnail', target: 'product', field: 'thumbnail', kind: 'string' },
  { header: 'Product Weight', target: 'product', field: 'weight', kind: 'int' },
  { header: 'Product Length', target: 'product', field: 'length', kind: 'int' },
  { header: 'Product Width', target: 'product', field: 'width', kind: 'int' },
  { header: 'Product Height', target: 'product', field: 'height', kind: 'int' },
  { header: 'Product HS Code', target: 'product', field: 'hs_code', kind: 'string' },
  { header: 'Product Origin Country', target: 'product', field: 'origin_country', kind: 'string' },
  { header: 'Product MID Code', target: 'product', field: 'mid_code', kind: 'string' },
  { header: 'Product Material', target: 'product', field: 'material', kind: 'string' },
  { header: 'Product Collection Title', target: 'product', field: 'collection_title', kind: 'string' },
  { header: 'Product Collection Handle', target: 'product', field: 'collection_handle', kind: 'string' },
  { header: 'Product Type', target: 'product', field: 'type', kind: 'string' },
  { header: 'Product Tags', target: 'product', field: 'tags', kind: 'tags' },
  { header: 'Product Discountable', target: 'product', field: 'discountable', kind: 'bool' },
  { header: 'Product External Id', target: 'product', field: 'external_id', kind: 'string' },
  { header: 'Product Profile Name', target: 'product', field: 'profile_name', kind: 'ignored' },
  { header: 'Product Profile Type', target: 'product', field: 'profile_type', kind: 'ignored' },
  { header: 'Variant Id', target: 'variant', field: 'id', kind: 'string' },
  { header: 'Variant Title', target: 'variant', field: 'title', kind: 'string' },
  { header: 'Variant SKU', target: 'variant', field: 'sku', kind: 'string' },
  { header: 'Variant Barcode', target: 'variant', field: 'barcode', kind: 'string' },
  { header: 'Variant Inventory Quantity', target: 'variant', field: 'inventory_quantity', kind: 'int' },
  { header: 'Variant Allow Backorder', target: 'variant', field: 'allow_backorder', kind: 'bool' },
  { header: 'Variant Manage Inventory', target: 'variant', field: 'manage_inventory', kind: 'bool' },
  { header: 'Variant Weight', target: 'variant', field: 'weight', kind: 'int' },
  { header: 'Variant Length', target: 'variant', field: 'length', kind: 'int' },
  { header: 'Variant Width', target: 'variant', field: 'width', kind: 'int' },
  { header: 'Variant Height', target: 'variant', field: 'height', kind: 'int' },
  { header: 'Variant HS Code', target: 'variant', field: 'hs_code', kind: 'string' },
  { header: 'Variant Origin Country', target: 'variant', field: 'origin_country', kind: 'string' },
  { header: 'Variant MID Code', target: 'variant', field: 'mid_code', kind: 'string' },
  { header: 'Variant Material', target: 'variant', field: 'material', kind: 'string' },
];

/** A price column: per currency (`Price EUR`) or per region (`Price Europe [EUR]`). */
interface PriceColumn {
  currency_code: string;
  region: { id: string; name: string } | null;
}

/** Which dynamic columns an export has (Medusa keeps this as `context.shape`). */
export interface ProductCsvShape {
  prices: PriceColumn[];
  dynamicOptionColumnCount: number;
  dynamicImageColumnCount: number;
  dynamicSalesChannelsColumnCount: number;
  /** Absent in the shape of an export prepared before category columns existed: none. */
  dynamicProductCategoriesColumnCount?: number;
}

function priceHeader(price: PriceColumn): string {
  const currency = price.currency_code.toUpperCase();
  return price.region ? `Price ${price.region.name} [${currency}]` : `Price ${currency}`;
}

export function productCsvHeader(shape: ProductCsvShape): string[] {
  const header = STATIC_COLUMNS.map((c) => c.header);
  for (const price of shape.prices) header.push(priceHeader(price));
  for (let i = 1; i <= shape.dynamicOptionColumnCount; i++) header.push(`Option ${i} Name`, `Option ${i} Value`);
  for (let i = 1; i <= shape.dynamicImageColumnCount; i++) header.push(`Image ${i} Url`);
  for (let i = 1; i <= shape.dynamicSalesChannelsColumnCount; i++) {
    header.push(`Sales Channel ${i} Id`, `Sales Channel ${i} Name`, `Sales Channel ${i} Description`);
  }
  for (let i = 1; i <= (shape.dynamicProductCategoriesColumnCount ?? 0); i++) {
    header.push(`Product Category ${i} Handle`, `Product Category ${i} Name`, `Product Category ${i} Description`);
  }
  return header;
}

/** A dynamic header recognised on import. */
export type DynamicColumn =
  | { kind: 'currency_price'; currency_code: string }
  | { kind: 'region_price'; region_name: string; currency_code: string }
  | { kind: 'option_name' | 'option_value'; index: number }
  | { kind: 'image'; index: number }
  | { kind: 'sales_channel_id' | 'sales_channel_name' | 'sales_channel_description'; index: number }
  /** Medusa imports the handle; the name and description columns (an export's) are read past. */
  | { kind: 'category_handle' | 'category_name' | 'category_description'; index: number };

export function parseDynamicHeader(header: string): DynamicColumn | null {
  let m = /^Price ([A-Za-z]{3})$/.exec(header);
  if (m) return { kind: 'currency_price', currency_code: m[1].toLowerCase() };
  m = /^Price (.+) \[([A-Za-z]{3})\]$/.exec(header);
  if (m) return { kind: 'region_price', region_name: m[1], currency_code: m[2].toLowerCase() };
  m = /^Option ([1-9]\d{0,2}) (Name|Value)$/.exec(header);
  if (m) return { kind: m[2] === 'Name' ? 'option_name' : 'option_value', index: Number(m[1]) };
  m = /^Image ([1-9]\d{0,2}) Url$/.exec(header);
  if (m) return { kind: 'image', index: Number(m[1]) };
  m = /^Sales Channel ([1-9]\d{0,2}) (Id|Name|Description)$/.exec(header);
  if (m) {
    const kind = m[2] === 'Id' ? 'sales_channel_id' : m[2] === 'Name' ? 'sales_channel_name' : 'sales_channel_description';
    return { kind, index: Number(m[1]) };
  }
  m = /^Product Category ([1-9]\d{0,2}) (Handle|Name|Description)$/.exec(header);
  if (m) {
    const kind = m[2] === 'Handle' ? 'category_handle' : m[2] === 'Name' ? 'category_name' : 'category_description';
    return { kind, index: Number(m[1]) };
  }
  return null;
}
