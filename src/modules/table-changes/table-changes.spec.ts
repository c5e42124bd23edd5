import { scopesReading } from './change-scopes';

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
