import { toRelations } from './relations';

describe('toRelations', () => {
  it('nests dotted paths and merges shared prefixes', () => {
    expect(toRelations(['variants', 'variants.prices', 'variants.options', 'collection'])).toEqual({
      variants: { prices: true, options: true },
      collection: true,
    });
  });

  it('accepts a child before its parent', () => {
    expect(toRelations(['a.b', 'a'])).toEqual({ a: { b: true } });
  });

  it('is empty for no relations', () => {
    expect(toRelations([])).toEqual({});
  });
});
