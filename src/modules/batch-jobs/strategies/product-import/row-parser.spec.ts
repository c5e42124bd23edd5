import { detectDelimiter } from './csv-source';
import { buildLayout, ImportLayout } from './import-layout';
import { parseRow } from './row-parser';

const HEADER = [
  'Product Id',
  'Product Handle',
  'Product Title',
  'Product Status',
  'Product Tags',
  'Product Discountable',
  'Product Profile Name',
  'Variant Id',
  'Variant SKU',
  'Variant Inventory Quantity',
  'Variant Allow Backorder',
  'Price EUR',
  'Price Europe [EUR]',
  'Price JPY',
  'Option 1 Name',
  'Option 1 Value',
  'Image 1 Url',
  'Image 2 Url',
  'Sales Channel 1 Id',
  'Sales Channel 1 Name',
];

function layout(header = HEADER): ImportLayout {
  const result = buildLayout(header);
  if ('error' in result) throw new Error(result.error);
  return result;
}

function cells(values: Record<string, string>, header = HEADER): string[] {
  return header.map((h) => values[h] ?? '');
}

describe('buildLayout (the import header)', () => {
  it('requires the Product Handle column', () => {
    expect(buildLayout(['Product Title'])).toEqual({ error: 'Missing column(s) "Product Handle" from the given csv file' });
  });

  it('rejects a column it cannot map, with Medusa’s message', () => {
    expect(buildLayout(['Product Handle', 'Colour'])).toEqual({
      error: 'Unable to treat column Colour from the csv file. No target column found in the provided schema',
    });
  });

  it('rejects a repeated column', () => {
    expect(buildLayout(['Product Handle', 'Price EUR', 'Price EUR'])).toEqual({ error: 'Column "Price EUR" appears more than once in the given csv file' });
  });

  it('recognises static and dynamic columns in any order', () => {
    const l = layout(['Price Europe [EUR]', 'Product Handle', 'Option 2 Value', 'Option 2 Name', 'Image 3 Url']);
    expect(l.regionPrices).toEqual([{ index: 0, header: 'Price Europe [EUR]', region_name: 'Europe', currency_code: 'eur' }]);
    expect(l.options.get(2)).toEqual({ value: 2, name: 3 });
    expect(l.images).toEqual([{ index: 4, position: 3 }]);
    expect(l.hasPrices).toBe(true);
    expect(l.hasSalesChannels).toBe(false);
  });
});

describe('product category columns', () => {
  it('reads the handles of "Product Category N Handle" in column order; name and description are read past', () => {
    const header = ['Product Handle', 'Product Category 2 Handle', 'Product Category 1 Name', 'Product Category 1 Handle', 'Product Category 1 Description'];
    const l = layout(header);
    expect(l.hasCategories).toBe(true);
    expect([...l.categoryHandles.entries()].sort()).toEqual([
      [1, 3],
      [2, 1],
    ]);
    const parsed = parseRow(cells({ 'Product Handle': 'tee', 'Product Category 1 Handle': 'tops', 'Product Category 2 Handle': ' sale ' }, header), l, 1, 2);
    expect(parsed).toMatchObject({ row: { categoryHandles: ['tops', 'sale'] } });
    const none = parseRow(cells({ 'Product Handle': 'tee', 'Product Category 1 Name': 'Tops' }, header), l, 1, 2);
    expect(none).toMatchObject({ row: { categoryHandles: [] } });
  });

  it('leaves categories alone when the file has no category handle column (name and description columns alone included)', () => {
    const parsed = parseRow(cells({ 'Product Handle': 'tee' }), layout(), 1, 2);
    expect(parsed).toMatchObject({ row: { product: { handle: 'tee' } } });
    expect((parsed as { row: { categoryHandles?: string[] } }).row.categoryHandles).toBeUndefined();
    const namesOnly = ['Product Handle', 'Product Category 1 Name', 'Product Category 1 Description'];
    const l = layout(namesOnly);
    expect(l.hasCategories).toBe(false);
    expect(
      (parseRow(cells({ 'Product Handle': 'tee', 'Product Category 1 Name': 'Tops' }, namesOnly), l, 1, 2) as { row: { categoryHandles?: string[] } }).row
        .categoryHandles,
    ).toBeUndefined();
  });
});

describe('parseRow', () => {
  it('types every cell: ints, booleans, status, tags, humanized prices, options, images, channels', () => {
    const result = parseRow(
      cells({
        'Product Handle': 'tee',
        'Product Title': 'Tee',
        'Product Status': 'published',
        'Product Tags': 'a, b,,c',
        'Product Discountable': 'FALSE',
        'Product Profile Name': 'ignored',
        'Variant SKU': 'T-1',
        'Variant Inventory Quantity': '-2',
        'Variant Allow Backorder': 'true',
        'Price EUR': '10.5',
        'Price Europe [EUR]': '9',
        'Price JPY': '1000',
        'Option 1 Name': 'Size',
        'Option 1 Value': 'M',
        'Image 2 Url': 'http://x/2.png',
        'Sales Channel 1 Name': 'Web',
      }),
      layout(),
      4,
      5,
    );
    expect(result).toEqual({
      row: {
        row: 4,
        line: 5,
        product: { id: null, handle: 'tee', title: 'Tee', status: 'published', tags: ['a', 'b', 'c'], discountable: false },
        variant: { id: null, sku: 'T-1', inventory_quantity: -2, allow_backorder: true },
        hasVariant: true,
        prices: [
          { currency_code: 'eur', region_name: null, amount: 1050 },
          { currency_code: 'jpy', region_name: null, amount: 1000 },
          { currency_code: 'eur', region_name: 'Europe', amount: 900 },
        ],
        options: [{ title: 'Size', value: 'M' }],
        images: ['http://x/2.png'],
        salesChannels: [{ ref: 'Web' }],
      },
    });
  });

  it('reports each bad cell with its row, line and column', () => {
    const result = parseRow(
      cells({
        'Product Handle': 'tee',
        'Product Status': 'live',
        'Product Discountable': 'yes',
        'Variant Inventory Quantity': '1.5',
        'Price EUR': '10.555',
        'Option 1 Value': 'M',
        'Variant Id': 'bad id!',
      }),
      layout(),
      7,
      9,
    );
    expect('errors' in result && result.errors).toEqual([
      { row: 7, line: 9, column: 'Product Status', message: '"live" is not a product status (draft, proposed, published, rejected)' },
      { row: 7, line: 9, column: 'Product Discountable', message: '"yes" is not a boolean (true or false)' },
      { row: 7, line: 9, column: 'Variant Inventory Quantity', message: '"1.5" is not an integer' },
      { row: 7, line: 9, column: 'Variant Id', message: '"bad id!" is not a valid id' },
      { row: 7, line: 9, column: 'Price EUR', message: '"10.555" is not a valid amount in EUR' },
      { row: 7, line: 9, column: 'Option 1 Value', message: 'a value is given without "Option 1 Name"' },
    ]);
  });

  it('requires a handle, with Medusa’s message', () => {
    const result = parseRow(cells({ 'Product Title': 'x' }), layout(), 1, 2);
    expect('errors' in result && result.errors).toEqual([
      { row: 1, line: 2, column: 'Product Handle', message: 'No value found for target column "Product Handle" in line 2 of the given csv file' },
    ]);
  });

  it('rejects a row whose cell count differs from the header', () => {
    const result = parseRow(['a', 'b'], layout(), 3, 4);
    expect('errors' in result && result.errors).toEqual([{ row: 3, line: 4, column: undefined, message: 'the row has 2 cells but the header has 20' }]);
  });

  it('treats a row with only product cells as a product without variant', () => {
    const result = parseRow(cells({ 'Product Handle': 'bare', 'Product Title': 'Bare' }), layout(), 1, 2);
    expect('row' in result && result.row.hasVariant).toBe(false);
  });
});

describe('detectDelimiter', () => {
  it('prefers the separator the header uses most, semicolon by default', () => {
    expect(detectDelimiter('Product Id;Product Handle')).toBe(';');
    expect(detectDelimiter('Product Id,Product Handle,Price EUR')).toBe(',');
    expect(detectDelimiter('Product Id\tProduct Handle')).toBe('\t');
    expect(detectDelimiter('Product Handle')).toBe(';');
  });
});
