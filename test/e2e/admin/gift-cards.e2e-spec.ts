import { GiftCard } from '../../../src/modules/gift-cards/gift-card.entity';
import { createBareOrders } from '../../factories/bare-order.factory';
import { createGiftCard } from '../../factories/gift-card.factory';
import { createRegion } from '../../factories/region.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

const CODE_FORMAT = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

describe('Admin gift cards (/admin/gift-cards)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let regionId: string;
  let otherRegionId: string;
  let untaxedRegionId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    regionId = (await createRegion(t.dataSource.manager, { name: 'Europe', tax_rate: 25 })).id;
    otherRegionId = (await createRegion(t.dataSource.manager, { name: 'Americas', currency_code: 'usd', countries: ['us'], tax_rate: 10 })).id;
    untaxedRegionId = (await createRegion(t.dataSource.manager, { name: 'No gift card tax', countries: [], gift_cards_taxable: false })).id;
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>) => admin.post('/admin/gift-cards').send(body);
  const stored = (id: string) => t.dataSource.getRepository(GiftCard).findOne({ where: { id }, withDeleted: true });

  describe('authentication', () => {
    it('answers 401 on every route without an admin', async () => {
      await t.http().get('/admin/gift-cards').expect(401);
      await t.http().post('/admin/gift-cards').send({ region_id: regionId }).expect(401);
      await t.http().get('/admin/gift-cards/gift_x').expect(401);
      await t.http().post('/admin/gift-cards/gift_x').send({}).expect(401);
      await t.http().delete('/admin/gift-cards/gift_x').expect(401);
    });

    it('accepts an api token', async () => {
      await t.http().get('/admin/gift-cards').set('x-medusa-access-token', admin.credentials.apiToken).expect(200);
    });
  });

  describe('POST /admin/gift-cards (create)', () => {
    it('creates a card with only a region: value 0, balance 0, enabled, a generated code, the region (its columns only)', async () => {
      const res = await create({ region_id: regionId }).expect(200);
      const card = res.body.gift_card;
      expect(card).toMatchObject({
        value: 0,
        balance: 0,
        region_id: regionId,
        is_disabled: false,
        ends_at: null,
        metadata: null,
        order: null,
        deleted_at: null,
      });
      // Medusa 1.20.10's admin answers (defaultAdminGiftCardFields) have no order_id, and the region no providers.
      expect(card).not.toHaveProperty('order_id');
      expect(card.id).toMatch(/^gift_[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(card.code).toMatch(CODE_FORMAT);
      expect(card.region).toMatchObject({ id: regionId, name: 'Europe' });
      expect(card.region).not.toHaveProperty('payment_providers');
      expect(card.region).not.toHaveProperty('fulfillment_providers');
      expect(card.created_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    });

    it('stores value, balance = value, is_disabled, ends_at and metadata as given', async () => {
      const endsAt = '2031-06-01T12:00:00.000Z';
      const res = await create({ region_id: regionId, value: 2500, is_disabled: true, ends_at: endsAt, metadata: { note: 'vip', n: 1 } }).expect(200);
      expect(res.body.gift_card).toMatchObject({ value: 2500, balance: 2500, is_disabled: true, ends_at: endsAt, metadata: { note: 'vip', n: 1 } });
      const row = await stored(res.body.gift_card.id);
      expect(row).toMatchObject({ value: 2500, balance: 2500, is_disabled: true });
    });

    it("takes the region's tax rate, or none when the region's gift cards are not taxable", async () => {
      expect((await create({ region_id: regionId, value: 100 }).expect(200)).body.gift_card.tax_rate).toBe(25);
      expect((await create({ region_id: otherRegionId, value: 100 }).expect(200)).body.gift_card.tax_rate).toBe(10);
      expect((await create({ region_id: untaxedRegionId, value: 100 }).expect(200)).body.gift_card.tax_rate).toBeNull();
    });

    it('gives every card a distinct code', async () => {
      const codes = await Promise.all(
        Array.from({ length: 20 }, async () => (await create({ region_id: regionId, value: 1 }).expect(200)).body.gift_card.code),
      );
      expect(new Set(codes).size).toBe(20);
      codes.forEach((code) => expect(code).toMatch(CODE_FORMAT));
    });

    it('404s for an unknown region and creates nothing', async () => {
      const before = await t.dataSource.getRepository(GiftCard).count();
      const res = await create({ region_id: 'reg_missing', value: 100 }).expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: 'Region with reg_missing was not found' });
      expect(await t.dataSource.getRepository(GiftCard).count()).toBe(before);
    });

    it.each([
      [{}, 'region_id should not be empty'],
      [{ region_id: 42 }, 'region_id must be a string'],
      [{ region_id: 'r', value: -1 }, 'value must not be less than 0'],
      [{ region_id: 'r', value: 10.5 }, 'value must be an integer number'],
      [{ region_id: 'r', value: '100' }, 'value must be an integer number'],
      [{ region_id: 'r', value: null }, 'value must be an integer number'],
      [{ region_id: 'r', value: 2 ** 31 }, 'value must not be greater than 2147483647'],
      [{ region_id: 'r', is_disabled: 'yes' }, 'is_disabled must be a boolean value'],
      [{ region_id: 'r', ends_at: 'not a date' }, 'ends_at must be a Date instance'],
      [{ region_id: 'r', ends_at: 1700000000 }, 'ends_at must be a Date instance'],
      [{ region_id: 'r', metadata: 'x' }, 'metadata must be an object'],
      [{ region_id: 'r', code: 'MINE-MINE-MINE-MINE' }, 'property code should not exist'],
      [{ region_id: 'r', balance: 10 }, 'property balance should not exist'],
    ])('rejects %j with 400 invalid_data', async (body, message) => {
      const res = await create(body).expect(400);
      expect(res.body.type).toBe('invalid_data');
      expect(res.body.message).toContain(message);
    });
  });

  describe('GET /admin/gift-cards (list)', () => {
    let t2: TestApp;
    let agent: Awaited<ReturnType<typeof adminAgent>>;
    let cards: GiftCard[];
    let boughtIn: string;

    // A database of its own so counts and ordering are exact.
    beforeAll(async () => {
      t2 = await createTestApp();
      agent = await adminAgent(t2);
      const region = await createRegion(t2.dataSource.manager);
      cards = [];
      [boughtIn] = await createBareOrders(t2.dataSource.manager, region.id, 1);
      for (const [i, code] of ['AAAA-BBBB-CCCC-0001', 'AAAA-BBBB-CCCC-0002', 'ZZZZ-YYYY-XXXX-0003'].entries()) {
        const order_id = i === 0 ? boughtIn : null;
        cards.push(await createGiftCard(t2.dataSource.manager, { region_id: region.id, code, value: 1000 * (3 - i), order_id }));
        await new Promise((r) => setTimeout(r, 5)); // distinct created_at
      }
      const deleted = await createGiftCard(t2.dataSource.manager, { region_id: region.id, code: 'AAAA-DELE-TED0-0004' });
      await t2.dataSource.getRepository(GiftCard).softDelete(deleted.id);
    });
    afterAll(() => t2.close());

    it('lists live cards newest first with count, offset and the default limit of 50, region and order included', async () => {
      const res = await agent.get('/admin/gift-cards').expect(200);
      expect(res.body).toMatchObject({ count: 3, offset: 0, limit: 50 });
      expect(res.body.gift_cards.map((c: GiftCard) => c.id)).toEqual([cards[2].id, cards[1].id, cards[0].id]);
      expect(res.body.gift_cards[0].region).toMatchObject({ id: expect.any(String) });
      for (const card of res.body.gift_cards) expect(card).not.toHaveProperty('order_id');
      // Medusa's defaultAdminGiftCardRelations: ["region", "order"].
      expect(res.body.gift_cards.map((c: { order: unknown }) => c.order)).toEqual([null, null, expect.objectContaining({ id: boughtIn, object: 'order' })]);
    });

    it('pages with limit and offset', async () => {
      const res = await agent.get('/admin/gift-cards?limit=1&offset=1').expect(200);
      expect(res.body).toMatchObject({ count: 3, offset: 1, limit: 1 });
      expect(res.body.gift_cards.map((c: GiftCard) => c.id)).toEqual([cards[1].id]);
    });

    it('orders by a column, ascending or descending', async () => {
      const asc = await agent.get('/admin/gift-cards?order=value').expect(200);
      expect(asc.body.gift_cards.map((c: GiftCard) => c.value)).toEqual([1000, 2000, 3000]);
      const desc = await agent.get('/admin/gift-cards?order=-value').expect(200);
      expect(desc.body.gift_cards.map((c: GiftCard) => c.value)).toEqual([3000, 2000, 1000]);
    });

    it('searches codes case-insensitively with q, counting only matches', async () => {
      const res = await agent.get('/admin/gift-cards?q=bbbb-cccc').expect(200);
      expect(res.body.count).toBe(2);
      expect(res.body.gift_cards.map((c: GiftCard) => c.code).sort()).toEqual(['AAAA-BBBB-CCCC-0001', 'AAAA-BBBB-CCCC-0002']);
      expect((await agent.get('/admin/gift-cards?q=0003').expect(200)).body.gift_cards.map((c: GiftCard) => c.id)).toEqual([cards[2].id]);
    });

    it('treats LIKE wildcards in q literally and never finds deleted cards', async () => {
      expect((await agent.get('/admin/gift-cards?q=%25').expect(200)).body.count).toBe(0);
      expect((await agent.get('/admin/gift-cards?q=_').expect(200)).body.count).toBe(0);
      expect((await agent.get('/admin/gift-cards?q=DELE').expect(200)).body.count).toBe(0);
    });

    it('counts every live card when nothing filters the list, exactly, as cards are created and deleted', async () => {
      const live = async () => Number((await t.dataSource.query(`SELECT count(*) AS n FROM gift_card WHERE deleted_at IS NULL`))[0].n);
      const listed = async () => (await admin.get('/admin/gift-cards').query({ limit: 1 }).expect(200)).body.count as number;
      const before = await live();
      expect(await listed()).toBe(before);
      const first = (await create({ region_id: regionId, value: 1000 }).expect(200)).body.gift_card;
      await createGiftCard(t.dataSource.manager, { region_id: regionId });
      expect(await listed()).toBe(before + 2);
      await admin.delete(`/admin/gift-cards/${first.id}`).expect(200);
      expect(await listed()).toBe(before + 1);
      expect(await live()).toBe(before + 1);
      // The total is the database's own tally (one row per writing connection), not a scan of the table.
      expect(await t.dataSource.query(`SELECT sum(live)::int AS n FROM live_row_count WHERE table_name = 'gift_card'`)).toEqual([{ n: before + 1 }]);
    });

    it('rejects an unknown order field, a bad limit, expand, fields and unknown parameters with 400', async () => {
      expect((await agent.get('/admin/gift-cards?order=nope').expect(400)).body).toEqual({ type: 'invalid_data', message: 'Order field nope is not valid' });
      await agent.get('/admin/gift-cards?limit=-1').expect(400);
      await agent.get('/admin/gift-cards?limit=abc').expect(400);
      expect((await agent.get('/admin/gift-cards?fields=code').expect(400)).body.message).toContain('property fields should not exist');
      await agent.get('/admin/gift-cards?expand=region').expect(400);
      expect((await agent.get('/admin/gift-cards?region_id=x').expect(400)).body.message).toContain('property region_id should not exist');
    });
  });

  describe('GET /admin/gift-cards/:id', () => {
    it('returns the card with its region and the order it was bought in (null when none)', async () => {
      const card = await createGiftCard(t.dataSource.manager, { region_id: regionId, value: 700, balance: 300 });
      const res = await admin.get(`/admin/gift-cards/${card.id}`).expect(200);
      expect(res.body.gift_card).toMatchObject({ id: card.id, code: card.code, value: 700, balance: 300, region_id: regionId, order: null });
      expect(res.body.gift_card.region.id).toBe(regionId);

      const [orderId] = await createBareOrders(t.dataSource.manager, regionId, 1);
      const bought = await createGiftCard(t.dataSource.manager, { region_id: regionId, order_id: orderId });
      const withOrder = await admin.get(`/admin/gift-cards/${bought.id}`).expect(200);
      expect(withOrder.body.gift_card).toMatchObject({ order: { id: orderId, object: 'order', region_id: regionId } });
      expect(withOrder.body.gift_card).not.toHaveProperty('order_id');
      const updated = await admin.post(`/admin/gift-cards/${bought.id}`).send({ balance: 1 }).expect(200);
      expect(updated.body.gift_card.order).toMatchObject({ id: orderId, object: 'order' });
    });

    it('supports expand (empty: no relations) and fields', async () => {
      const card = await createGiftCard(t.dataSource.manager, { region_id: regionId });
      const bare = await admin.get(`/admin/gift-cards/${card.id}?expand=`).expect(200);
      expect(bare.body.gift_card).not.toHaveProperty('region');
      const slim = await admin.get(`/admin/gift-cards/${card.id}?fields=code,balance&expand=`).expect(200);
      expect(slim.body.gift_card).toEqual({ id: card.id, code: card.code, balance: 5000 });
      const orderOnly = await admin.get(`/admin/gift-cards/${card.id}?expand=order`).expect(200);
      expect(orderOnly.body.gift_card).toMatchObject({ order: null });
      expect(orderOnly.body.gift_card).not.toHaveProperty('region');
      await admin.get(`/admin/gift-cards/${card.id}?expand=order.items`).expect(400);
      await admin.get(`/admin/gift-cards/${card.id}?fields=nope`).expect(400);
    });

    it('404s for an unknown or deleted card', async () => {
      const res = await admin.get('/admin/gift-cards/gift_missing').expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: 'Gift card with id: gift_missing was not found' });
      const card = await createGiftCard(t.dataSource.manager, { region_id: regionId });
      await admin.delete(`/admin/gift-cards/${card.id}`).expect(200);
      await admin.get(`/admin/gift-cards/${card.id}`).expect(404);
    });
  });

  describe('POST /admin/gift-cards/:id (update)', () => {
    let card: GiftCard;
    beforeEach(async () => {
      card = await createGiftCard(t.dataSource.manager, { region_id: regionId, value: 1000, balance: 400, metadata: { keep: 1, drop: 2 } });
    });

    it('sets the balance anywhere from 0 to the value', async () => {
      expect((await admin.post(`/admin/gift-cards/${card.id}`).send({ balance: 1000 }).expect(200)).body.gift_card.balance).toBe(1000);
      expect((await admin.post(`/admin/gift-cards/${card.id}`).send({ balance: 0 }).expect(200)).body.gift_card.balance).toBe(0);
      expect((await stored(card.id))!.balance).toBe(0);
    });

    it('rejects a balance above the value or below 0 with 400 and leaves it unchanged', async () => {
      const above = await admin.post(`/admin/gift-cards/${card.id}`).send({ balance: 1001 }).expect(400);
      expect(above.body).toEqual({ type: 'invalid_data', message: "The balance must be between 0 and the gift card's value (1000)" });
      const below = await admin.post(`/admin/gift-cards/${card.id}`).send({ balance: -1 }).expect(400);
      expect(below.body.message).toContain('balance must not be less than 0');
      expect((await stored(card.id))!.balance).toBe(400);
    });

    it('changes region, is_disabled and ends_at, and clears ends_at with null', async () => {
      const res = await admin
        .post(`/admin/gift-cards/${card.id}`)
        .send({ region_id: otherRegionId, is_disabled: true, ends_at: '2030-01-01T00:00:00.000Z' })
        .expect(200);
      expect(res.body.gift_card).toMatchObject({ region_id: otherRegionId, is_disabled: true, ends_at: '2030-01-01T00:00:00.000Z', balance: 400 });
      expect(res.body.gift_card.region.id).toBe(otherRegionId);
      const cleared = await admin.post(`/admin/gift-cards/${card.id}`).send({ ends_at: null }).expect(200);
      expect(cleared.body.gift_card.ends_at).toBeNull();
      expect(cleared.body.gift_card.is_disabled).toBe(true);
    });

    it('merges metadata: new keys added, "" removes a key, others kept', async () => {
      const res = await admin
        .post(`/admin/gift-cards/${card.id}`)
        .send({ metadata: { drop: '', added: 'yes' } })
        .expect(200);
      expect(res.body.gift_card.metadata).toEqual({ keep: 1, added: 'yes' });
    });

    it('404s for an unknown region and changes nothing', async () => {
      const res = await admin.post(`/admin/gift-cards/${card.id}`).send({ region_id: 'reg_missing', balance: 0 }).expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: 'Region with reg_missing was not found' });
      expect(await stored(card.id)).toMatchObject({ region_id: regionId, balance: 400 });
    });

    it('404s for an unknown or deleted card', async () => {
      expect((await admin.post('/admin/gift-cards/gift_missing').send({ balance: 1 }).expect(404)).body.message).toBe(
        'Gift card with id: gift_missing was not found',
      );
      await admin.delete(`/admin/gift-cards/${card.id}`).expect(200);
      await admin.post(`/admin/gift-cards/${card.id}`).send({ balance: 1 }).expect(404);
    });

    it.each([
      [{ value: 5 }, 'property value should not exist'],
      [{ code: 'AAAA-AAAA-AAAA-AAAA' }, 'property code should not exist'],
      [{ balance: 1.5 }, 'balance must be an integer number'],
      [{ balance: null }, 'balance must be an integer number'],
      [{ region_id: null }, 'region_id must be a string'],
      [{ is_disabled: null }, 'is_disabled must be a boolean value'],
      [{ ends_at: 'soon' }, 'ends_at must be a Date instance'],
      [{ metadata: [1] }, 'metadata must be an object'],
    ])('rejects %j with 400 invalid_data', async (body, message) => {
      const res = await admin.post(`/admin/gift-cards/${card.id}`).send(body).expect(400);
      expect(res.body.type).toBe('invalid_data');
      expect(res.body.message).toContain(message);
    });
  });

  describe('DELETE /admin/gift-cards/:id', () => {
    it('soft-deletes the card and answers with the deletion envelope', async () => {
      const card = await createGiftCard(t.dataSource.manager, { region_id: regionId });
      const res = await admin.delete(`/admin/gift-cards/${card.id}`).expect(200);
      expect(res.body).toEqual({ id: card.id, object: 'gift-card', deleted: true });
      const row = await stored(card.id);
      expect(row!.deleted_at).toBeInstanceOf(Date);
    });

    it('is idempotent, like Medusa: deleting again or an unknown id answers the same 200', async () => {
      const card = await createGiftCard(t.dataSource.manager, { region_id: regionId });
      await admin.delete(`/admin/gift-cards/${card.id}`).expect(200);
      const firstDeletedAt = (await stored(card.id))!.deleted_at;
      const again = await admin.delete(`/admin/gift-cards/${card.id}`).expect(200);
      expect(again.body).toEqual({ id: card.id, object: 'gift-card', deleted: true });
      expect((await stored(card.id))!.deleted_at).toEqual(firstDeletedAt);
      expect((await admin.delete('/admin/gift-cards/gift_missing').expect(200)).body).toEqual({ id: 'gift_missing', object: 'gift-card', deleted: true });
    });
  });
});
