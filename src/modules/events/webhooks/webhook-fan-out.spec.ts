import type { RelayedEvent } from '../event-bus.service';
import { deliveredEvents, webhookQueueOf } from './webhook-fan-out';

let seq = 0;
const event = (name: string, data: RelayedEvent['data']): RelayedEvent => ({ id: `evt_${++seq}`, seq: String(seq), name, data });
const ALL = ['cart.created', 'cart.updated', 'cart.customer_updated', 'order.placed', 'customer.updated'];

describe('deliveredEvents: which events of a relayed batch get webhook deliveries', () => {
  it("keeps only a cart's newest cart.updated and cart.customer_updated of the batch, in outbox order, every other event as it is", () => {
    const batch = [
      event('cart.created', { id: 'cart_a' }),
      event('cart.updated', { id: 'cart_a', context: { n: 1 } }),
      event('cart.customer_updated', 'cart_a'),
      event('cart.updated', { id: 'cart_b' }),
      event('cart.updated', { id: 'cart_a', context: { n: 2 } }),
      event('customer.updated', { id: 'cus_1' }),
      event('customer.updated', { id: 'cus_1' }),
      event('cart.customer_updated', 'cart_a'),
      event('cart.updated', { id: 'cart_a', context: { n: 3 } }),
    ];
    const kept = deliveredEvents(batch, ALL).map((e) => e.id);
    expect(kept).toEqual([batch[0], batch[3], batch[5], batch[6], batch[7], batch[8]].map((e) => e.id));
  });

  it('names the resource: the payload id, or the bare id Medusa sends', () => {
    const [updated, customer] = deliveredEvents([event('cart.updated', { id: 'cart_a' }), event('cart.customer_updated', 'cart_a')], ALL);
    expect([updated.resource, customer.resource]).toEqual(['cart_a', 'cart_a']);
  });

  it('leaves out what no endpoint may ask for', () => {
    expect(deliveredEvents([event('customer.password_reset', { id: 'cus_1', token: 't' })], ALL)).toEqual([]);
  });
});

describe('webhookQueueOf: the lane of a delivery', () => {
  it('works cart deliveries apart from the business ones', () => {
    expect(webhookQueueOf('cart.updated')).toBe('webhook-delivery-cart');
    expect(webhookQueueOf('order.placed')).toBe('webhook-delivery');
  });
});
