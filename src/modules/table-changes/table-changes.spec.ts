import { scopesReading } from './change-scopes';
import { tableChangeNoticesEnabled } from './table-changes.config';

describe('scopesReading', () => {
  it('maps a table to the responses that read it, and an unknown one to all', () => {
    expect(scopesReading('currency').sort()).toEqual(['carts', 'currencies']);
    expect(scopesReading('money_amount')).toEqual(['products']);
    expect(scopesReading('shipping_option')).toEqual(['carts']);
    expect(scopesReading('region').sort()).toEqual(['carts', 'products']);
    expect(scopesReading('product_collection').sort()).toEqual(['collections', 'products']);
    expect(scopesReading('something_new').sort()).toEqual(['api_tokens', 'carts', 'collections', 'currencies', 'products']);
    expect(scopesReading('user')).toEqual(['api_tokens']);
  });
});

describe('tableChangeNoticesEnabled', () => {
  it('is on unless TABLE_CHANGE_NOTICES is "false", and rejects anything but true or false', () => {
    expect(tableChangeNoticesEnabled({})).toBe(true);
    expect(tableChangeNoticesEnabled({ TABLE_CHANGE_NOTICES: 'true' })).toBe(true);
    expect(tableChangeNoticesEnabled({ TABLE_CHANGE_NOTICES: 'false' })).toBe(false);
    for (const bad of ['0', 'no', 'FALSE']) {
      expect(() => tableChangeNoticesEnabled({ TABLE_CHANGE_NOTICES: bad })).toThrow('TABLE_CHANGE_NOTICES must be "true" or "false"');
    }
  });
});
