import { parseSeedData } from './seed-file.reader';

const rejection = (raw: unknown) => {
  try {
    parseSeedData(raw, 'f.json');
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected the data to be rejected');
};

describe('parseSeedData (shape of a seed file)', () => {
  it('accepts Medusa seed data and returns it typed', () => {
    const { data, notices } = parseSeedData({
      store: { currencies: ['eur'] },
      products: [
        {
          title: 'Tee',
          subtitle: null,
          options: [{ title: 'Size' }],
          variants: [{ options: [{ value: 'S' }], prices: [{ currency_code: 'eur', amount: 100 }] }],
        },
      ],
    });
    expect(data.products![0].variants![0].prices![0].amount).toBe(100);
    expect(notices).toEqual([]);
  });

  it('names a nested entry by its full path with array indexes', () => {
    expect(
      rejection({
        products: [
          { title: 'a' },
          {
            title: 'b',
            variants: [
              {},
              {
                prices: [
                  { currency_code: 'eur', amount: 1 },
                  { currency_code: 'eur', amount: 'x' },
                ],
              },
            ],
          },
        ],
      }),
    ).toBe('Invalid seed file f.json: products[1].variants[1].prices[1].amount must be an integer number');
  });

  it('reports one problem per property, the type first', () => {
    expect(rejection({ regions: [{ name: 'EU', currency_code: 'eur', tax_rate: 'high' }] })).toBe(
      'Invalid seed file f.json: regions[0].tax_rate must be a number conforming to the specified constraints',
    );
  });

  it('lists every bad entry, capped at ten', () => {
    const users = Array.from({ length: 12 }, () => ({ email: 'not-an-email' }));
    const message = rejection({ users });
    expect(message).toContain('users[0].email must be an email; users[1].email must be an email');
    expect(message).toContain('users[9].email must be an email (and 2 more)');
    expect(message).not.toContain('users[10]');
  });

  it('rejects unknown properties and a non-object top level', () => {
    expect(rejection({ regions: [{ name: 'EU', currency_code: 'eur', country: ['de'] }] })).toBe(
      'Invalid seed file f.json: property regions[0].country should not exist',
    );
    expect(rejection({ extra: true })).toBe('Invalid seed file f.json: property extra should not exist');
    expect(rejection([{ title: 'x' }])).toBe('Invalid seed file f.json: the top level must be a JSON object');
  });

  it('skips the Medusa keys this service has no entities for, with a notice', () => {
    const { data, notices } = parseSeedData({ categories: [{ name: 'x', category_children: [{ name: 'y' }] }], publishable_api_keys: [], rule_types: [] });
    expect(notices).toEqual([
      '"publishable_api_keys" is not supported by this service and was skipped',
      '"rule_types" is not supported by this service and was skipped',
    ]);
    expect(data.categories?.[0].category_children?.[0].name).toBe('y');
    expect(rejection({ categories: [{ name: 'x', category_children: [{ title: 'y' }] }] })).toMatch(/categories\[0\]\.category_children\[0\]/);
  });
});
