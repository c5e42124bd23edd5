import { parse } from 'csv-parse/sync';
import { ProductCsvShape, productCsvHeader } from '../product-csv/product-csv-columns';
import type { ExportProduct } from './product-export.queries';
import { productLines } from './product-export.rows';

const shape: ProductCsvShape = {
  prices: [
    { currency_code: 'eur', region: null },
    { currency_code: 'eur', region: { id: 'reg_1', name: 'Europe' } },
  ],
  dynamicOptionColumnCount: 2,
  dynamicImageColumnCount: 1,
  dynamicSalesChannelsColumnCount: 1,
  dynamicProductCategoriesColumnCount: 2,
};

function product(overrides: Partial<ExportProduct> = {}): ExportProduct {
  return {
    id: 'prod_1',
    handle: 'tee',
    title: 'Tee',
    subtitle: null,
    description: 'a;b',
    status: 'published',
    thumbnail: null,
    weight: 200,
    length: null,
    width: null,
    height: null,
    hs_code: null,
    origin_country: null,
    mid_code: null,
    material: null,
    collection_title: null,
    collection_handle: null,
    type: null,
    discountable: true,
    external_id: null,
    profile_name: 'Default Shipping Profile',
    profile_type: 'default',
    tags: ['a', 'b'],
    images: ['http://x/1.png'],
    sales_channels: [{ id: 'sc_1', name: 'Web', description: null }],
    categories: [{ handle: 'tops', name: 'Tops', description: 'Upper half' }],
    options: [{ id: 'opt_1', title: 'Size' }],
    variants: [
      {
        id: 'variant_1',
        title: 'S',
        sku: 'T-S',
        barcode: null,
        inventory_quantity: 3,
        allow_backorder: false,
        manage_inventory: true,
        weight: null,
        length: null,
        width: null,
        height: null,
        hs_code: null,
        origin_country: null,
        mid_code: null,
        material: null,
        values: new Map([['opt_1', 'S']]),
        prices: [{ currency_code: 'eur', region_id: 'reg_1', amount: 905 }],
      },
    ],
    ...overrides,
  };
}

describe('product export lines', () => {
  it('has Medusa’s dynamic header: prices, then option pairs, images, sales channel and product category triples', () => {
    expect(productCsvHeader(shape).slice(38)).toEqual([
      'Price EUR',
      'Price Europe [EUR]',
      'Option 1 Name',
      'Option 1 Value',
      'Option 2 Name',
      'Option 2 Value',
      'Image 1 Url',
      'Sales Channel 1 Id',
      'Sales Channel 1 Name',
      'Sales Channel 1 Description',
      'Product Category 1 Handle',
      'Product Category 1 Name',
      'Product Category 1 Description',
      'Product Category 2 Handle',
      'Product Category 2 Name',
      'Product Category 2 Description',
    ]);
    const { dynamicProductCategoriesColumnCount: _none, ...before } = shape;
    expect(productCsvHeader(before).slice(-1)).toEqual(['Sales Channel 1 Description']);
  });

  it('writes one CRLF line per variant, cells in header order, empty where the product has less', () => {
    const line = productLines(product(), shape);
    expect(line.endsWith('\r\n')).toBe(true);
    const [cells] = parse(line, { delimiter: ';', relax_quotes: true }) as string[][];
    const header = productCsvHeader(shape);
    expect(cells).toHaveLength(header.length);
    const at = (name: string) => cells[header.indexOf(name)];
    expect(at('Product Description')).toBe('a;b');
    expect(at('Product Tags')).toBe('a,b');
    expect(line).toContain(';"a;b";');
    expect(line).toContain(';"a,b";');
    expect(at('Price EUR')).toBe('');
    expect(at('Price Europe [EUR]')).toBe('9.05');
    expect(at('Option 1 Value')).toBe('S');
    expect(at('Option 2 Name')).toBe('');
    expect(at('Sales Channel 1 Id')).toBe('Web');
    expect([at('Product Category 1 Handle'), at('Product Category 1 Name'), at('Product Category 1 Description')]).toEqual(['tops', 'Tops', 'Upper half']);
    expect([at('Product Category 2 Handle'), at('Product Category 2 Name'), at('Product Category 2 Description')]).toEqual(['', '', '']);
  });

  it('writes nothing for a product without variants', () => {
    expect(productLines(product({ variants: [] }), shape)).toBe('');
  });
});
