import { DEFAULT_CART_RELATIONS, NEW_CART_RELATIONS, relationsOfNewCart } from './cart-relations';

const topLevel = (paths: readonly string[]) => new Set(paths.map((path) => path.split('.')[0]));

describe('the answer of a cart just created without items', () => {
  it('has every default relation: read by its INSERT, or empty by construction', () => {
    const empty = Object.keys(relationsOfNewCart());
    const covered = new Set([...topLevel(NEW_CART_RELATIONS), ...empty]);
    expect([...covered].sort()).toEqual([...topLevel(DEFAULT_CART_RELATIONS)].sort());
  });

  it('never gives empty a relation its INSERT reads', () => {
    const read = topLevel(NEW_CART_RELATIONS);
    expect(Object.keys(relationsOfNewCart()).filter((name) => read.has(name))).toEqual([]);
  });

  it('gives each cart its own empty collections (answers are decorated in place)', () => {
    const first = relationsOfNewCart();
    first.items.push({} as never);
    expect(relationsOfNewCart().items).toEqual([]);
  });
});
