import { PaymentProviderRegistry } from '../payment-provider.registry';
import { ManualPaymentProvider } from './manual.provider';
import type { PaymentContext, StoredSession } from './payment-provider.interface';
import { SystemPaymentProvider } from './system.provider';
import { TestPaymentProvider } from './test.provider';

const context: PaymentContext = { cart_id: 'cart_1', amount: 1563, currency_code: 'eur', email: 'a@b.com', customer_id: 'cus_1' };
const session = (data: Record<string, unknown>): StoredSession => ({ id: 'ps_1', provider_id: 'test', status: 'pending', data, amount: 1563 });

describe('built-in payment providers', () => {
  it('manual: pending on creation, authorized when asked', async () => {
    const manual = new ManualPaymentProvider();
    expect(await manual.createSession(context)).toEqual({ status: 'pending', data: { status: 'pending' } });
    expect(await manual.authorize(session({ status: 'pending' }), context)).toEqual({ status: 'authorized', data: { status: 'authorized' } });
    expect(manual.capturesOnAuthorize).toBe(false);
  });

  it.each(['requires_more', 'error', 'pending', 'canceled', 'authorized'] as const)('test: authorize answers the scripted status %s', async (status) => {
    const result = await new TestPaymentProvider().authorize(session({ status, token: 't' }), context);
    expect(result).toEqual({ status, data: { status, token: 't' } });
  });

  it('test: authorizes without (or with an unknown) scripted status, and records the amount', async () => {
    const provider = new TestPaymentProvider();
    expect((await provider.authorize(session({}), context)).status).toBe('authorized');
    expect((await provider.authorize(session({ status: 'weird' }), context)).status).toBe('authorized');
    expect(await provider.createSession(context)).toEqual({ status: 'pending', data: { amount: 1563 } });
    expect(await provider.updateSession(session({ status: 'error' }), { ...context, amount: 10 })).toEqual({ status: 'error', amount: 10 });
  });

  it('system: authorizes and captures at once', async () => {
    const system = new SystemPaymentProvider();
    expect(system.capturesOnAuthorize).toBe(true);
    expect(await system.authorize(session({}), context)).toEqual({ status: 'authorized', data: {} });
    expect(await system.updateSessionData(session({}), { anything: 1 })).toEqual({});
  });
});

describe('capture and refund of the built-in providers (no third party: the data records the step)', () => {
  const payment = { id: 'pay_1', provider_id: 'manual', amount: 1563, currency_code: 'eur', data: { status: 'authorized' } };
  it('manual: a capture marks the data captured; a refund keeps it', async () => {
    const manual = new ManualPaymentProvider();
    expect(await manual.capturePayment(payment, 'k1')).toEqual({ status: 'captured' });
    expect(await manual.refundPayment({ ...payment, data: { status: 'captured' } }, 500, 'return', 'k2')).toEqual({ status: 'captured' });
  });
  it('system and test: capture and refund keep their data (test marks the capture)', async () => {
    expect(await new SystemPaymentProvider().capturePayment({ ...payment, data: {} }, 'k')).toEqual({});
    expect(await new TestPaymentProvider().capturePayment({ ...payment, data: { amount: 1563 } }, 'k')).toEqual({ amount: 1563, captured: true });
    expect(await new TestPaymentProvider().refundPayment({ ...payment, data: { amount: 1563 } }, 1, 'other', 'k')).toEqual({ amount: 1563 });
  });
});

describe('PaymentProviderRegistry', () => {
  it('registers the scripted test provider only when the configuration asks for it', () => {
    const without = new PaymentProviderRegistry({ testPaymentProvider: false });
    expect(() => without.get('test')).toThrow('Payment provider test is not installed');
    expect(without.get('manual').id).toBe('manual');
    expect(without.get('system').id).toBe('system');
    expect(() => new PaymentProviderRegistry().get('test')).toThrow('Payment provider test is not installed');
    expect(new PaymentProviderRegistry({ testPaymentProvider: true }).get('test')).toBeInstanceOf(TestPaymentProvider);
  });
});
