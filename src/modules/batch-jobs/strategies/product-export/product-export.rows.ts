import { csvLine, humanizeAmount } from '../../csv/medusa-csv';
import { ProductCsvShape, STATIC_COLUMNS } from '../product-csv/product-csv-columns';
import type { ExportProduct, ExportVariant } from './product-export.queries';

function staticCells(product: ExportProduct, variant: ExportVariant): unknown[] {
  return STATIC_COLUMNS.map((column) => {
    if (column.target === 'variant') return (variant as unknown as Record<string, unknown>)[column.field];
    if (column.field === 'tags') return product.tags.join(',');
    return (product as unknown as Record<string, unknown>)[column.field];
  });
}

/**
 * The CSV lines of one product, one per variant (a product without variants has none),
 * laid out by `shape`: Medusa's static columns, then prices, options, images, sales
 * channels and categories (handle, name, description). Like Medusa, the "Sales Channel i
 * Id" cell holds the channel's name.
 */
export function productLines(product: ExportProduct, shape: ProductCsvShape): string {
  let out = '';
  for (const variant of product.variants) {
    const cells = staticCells(product, variant);
    for (const column of shape.prices) {
      const price = variant.prices.find((p) => p.currency_code === column.currency_code && p.region_id === (column.region?.id ?? null));
      cells.push(price ? humanizeAmount(price.amount, price.currency_code) : '');
    }
    for (let i = 0; i < shape.dynamicOptionColumnCount; i++) {
      const option = product.options[i];
      cells.push(option?.title ?? '', option ? (variant.values.get(option.id) ?? '') : '');
    }
    for (let i = 0; i < shape.dynamicImageColumnCount; i++) cells.push(product.images[i] ?? '');
    for (let i = 0; i < shape.dynamicSalesChannelsColumnCount; i++) {
      const channel = product.sales_channels[i];
      cells.push(channel?.name ?? '', channel?.name ?? '', channel?.description ?? '');
    }
    for (let i = 0; i < (shape.dynamicProductCategoriesColumnCount ?? 0); i++) {
      const category = product.categories[i];
      cells.push(category?.handle ?? '', category?.name ?? '', category?.description ?? '');
    }
    out += csvLine(cells);
  }
  return out;
}
