import type { QueryDeepPartialEntity } from 'typeorm';
import { insertEntities, updateById } from '../../../src/common/database/row-writes';
import { BatchJob } from '../../../src/modules/batch-jobs/batch-job.entity';
import { Discount } from '../../../src/modules/discounts/discount.entity';
import { PaymentSession } from '../../../src/modules/payments/payment-session.entity';
import { createTestApp, TestApp } from '../../helpers/app';
import { createCartViaApi, createShop, Shop } from '../../factories/cart.factory';

/**
 * insertEntities / updateById (the checkout's hot writes) write what TypeORM's insert()
 * and update() write: the row read back is the same, ids come from @BeforeInsert, unset
 * columns take their defaults, JSON is stored as JSON, and updated_at moves on update.
 */
describe('Row writes: the same rows as TypeORM insert() and update()', () => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager);
  });
  afterAll(() => t.close());

  const session = (cartId: string, providerId: string, extra: Partial<PaymentSession> = {}) =>
    t.dataSource.manager.create(PaymentSession, {
      cart_id: cartId,
      provider_id: providerId,
      status: 'pending',
      data: { nested: { a: [1, 'two'] } },
      amount: 1234,
      ...extra,
    });

  async function stored(id: string): Promise<Record<string, unknown>> {
    const [row] = await t.dataSource.query('SELECT * FROM payment_session WHERE id = $1', [id]);
    return row;
  }

  it('inserts rows as TypeORM does: generated id, defaults, JSON, timestamps', async () => {
    const m = t.dataSource.manager;
    const cartA = await createCartViaApi(t, { region_id: shop.region.id });
    const cartB = await createCartViaApi(t, { region_id: shop.region.id });
    const ours = session(cartA.id, 'manual');
    const theirs = session(cartB.id, 'manual');
    await insertEntities(m, PaymentSession, [ours]);
    await m.getRepository(PaymentSession).insert(theirs as QueryDeepPartialEntity<PaymentSession>);

    expect(ours.id).toMatch(/^ps_/);
    const [a, b] = [await stored(ours.id), await stored(theirs.id)];
    const comparable = (row: Record<string, unknown>) => ({ ...row, id: undefined, cart_id: undefined, created_at: undefined, updated_at: undefined });
    expect(comparable(a)).toEqual(comparable(b));
    expect(a).toMatchObject({ data: { nested: { a: [1, 'two'] } }, is_initiated: false, is_selected: null, amount: 1234, payment_authorized_at: null });
    expect(a.created_at).toBeInstanceOf(Date);
  });

  it('writes several rows in one statement, DEFAULT where a row leaves a column unset', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const selected = session(cart.id, 'manual', { is_selected: true, is_initiated: true });
    const plain = session(cart.id, 'test');
    await insertEntities(t.dataSource.manager, PaymentSession, [selected, plain]);
    expect(await stored(selected.id)).toMatchObject({ is_selected: true, is_initiated: true });
    expect(await stored(plain.id)).toMatchObject({ is_selected: null, is_initiated: false });
  });

  it('updates by id: only the given columns, and updated_at moves on', async () => {
    const m = t.dataSource.manager;
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const row = session(cart.id, 'manual');
    await insertEntities(m, PaymentSession, [row]);
    const before = await stored(row.id);
    await new Promise((r) => setTimeout(r, 5));
    const authorizedAt = new Date('2026-01-02T03:04:05.678Z');
    await updateById(m, PaymentSession, row.id, { status: 'authorized', data: { x: 'y' }, payment_authorized_at: authorizedAt, amount: undefined });
    const after = await stored(row.id);
    expect(after).toMatchObject({ status: 'authorized', data: { x: 'y' }, payment_authorized_at: authorizedAt, amount: 1234, provider_id: 'manual' });
    expect((after.updated_at as Date).getTime()).toBeGreaterThan((before.updated_at as Date).getTime());
    expect(after.created_at).toEqual(before.created_at);
  });

  it('refuses entities whose listeners it would skip, and unknown properties', async () => {
    const m = t.dataSource.manager;
    await expect(insertEntities(m, BatchJob, [m.create(BatchJob, { type: 'product-export' })])).rejects.toThrow(/afterInsertListeners/);
    await expect(updateById(m, Discount, 'disc_x', { code: 'X' })).rejects.toThrow(/beforeUpdateListeners/);
    await expect(updateById(m, PaymentSession, 'ps_x', { nope: 1 } as never)).rejects.toThrow(/no column nope/);
  });
});
