import { kebabCase } from './kebab-case';

describe('kebabCase (lodash semantics, as Medusa v1 derives collection handles)', () => {
  it.each([
    ['Summer Collection', 'summer-collection'],
    ['fooBar', 'foo-bar'],
    ['__FOO_BAR__', 'foo-bar'],
    ['Crème Brûlée!', 'creme-brulee'],
    ['abc123', 'abc-123'],
    ['iPhone 15 Pro', 'i-phone-15-pro'],
    ['XMLHttpRequest', 'xml-http-request'],
    ['Tees & Tops', 'tees-tops'],
    ['100% Cotton', '100-cotton'],
    ['ÆØÅ sale', 'ae-oa-sale'],
    ['日本語', '日本語'],
    ["Men's Wear", 'mens-wear'],
    ['  spaced   out  ', 'spaced-out'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(kebabCase(input)).toBe(expected);
  });
});
