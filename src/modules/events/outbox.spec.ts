import { laneOf, MAX_EVENT_FIELD_BYTES, storedEventData } from './outbox';

describe('storedEventData: what an event stores of its payload', () => {
  it('keeps a payload of small values as it is, dates as JSON writes them', () => {
    const data = { id: 'cart_1', email: 'a@b.c', context: { ip: '1.2.3.4' }, metadata: null, created_at: new Date('2026-12-04T00:00:00Z') };
    expect(JSON.parse(storedEventData(data))).toEqual({ ...data, created_at: '2026-12-04T00:00:00.000Z' });
  });

  it('leaves out a top-level value whose JSON is larger than MAX_EVENT_FIELD_BYTES, and nothing else', () => {
    const big = { blob: 'x'.repeat(MAX_EVENT_FIELD_BYTES) };
    const stored = JSON.parse(storedEventData({ id: 'cart_1', context: big, metadata: { small: true }, note: 'y'.repeat(MAX_EVENT_FIELD_BYTES + 1) }));
    expect(stored).toEqual({ id: 'cart_1', metadata: { small: true } });
  });

  it('measures bytes, not characters, and never drops the id', () => {
    const justTooBig = 'é'.repeat(MAX_EVENT_FIELD_BYTES / 2 + 1);
    expect(JSON.parse(storedEventData({ id: 'i'.repeat(4 * MAX_EVENT_FIELD_BYTES), name: justTooBig }))).toEqual({ id: 'i'.repeat(4 * MAX_EVENT_FIELD_BYTES) });
  });

  it('stores a bare-id payload (cart.customer_updated) as a JSON string', () => {
    expect(storedEventData('cart_1')).toBe('"cart_1"');
  });
});

describe('laneOf: where an event waits', () => {
  it("puts what an anonymous client's cart writes cause in the cart lane, the shop's business in its own", () => {
    expect(['cart.created', 'cart.updated', 'cart.customer_updated'].map(laneOf)).toEqual(['cart', 'cart', 'cart']);
    expect(['order.placed', 'customer.created', 'gift_card.created', 'draft_order.updated'].map(laneOf)).toEqual([
      'business',
      'business',
      'business',
      'business',
    ]);
    expect(laneOf('from.a.newer.release')).toBe('business');
  });
});
