import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

describe('Admin currencies (/admin/currencies)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  describe('GET /admin/currencies', () => {
    it('lists the 120 seeded currencies, 20 per page, in Medusa seed order', async () => {
      const res = await admin.get('/admin/currencies').expect(200);
      expect(res.body).toMatchObject({ count: 120, offset: 0, limit: 20 });
      expect(res.body.currencies).toHaveLength(20);
      expect(res.body.currencies.slice(0, 3).map((c: { code: string }) => c.code)).toEqual(['usd', 'cad', 'eur']);
      expect(res.body.currencies[0]).toEqual({ code: 'usd', name: 'US Dollar', symbol: '$', symbol_native: '$', includes_tax: false });
    });

    it('pages with limit and offset', async () => {
      const res = await admin.get('/admin/currencies?limit=2&offset=2').expect(200);
      expect(res.body).toMatchObject({ count: 120, offset: 2, limit: 2 });
      expect(res.body.currencies.map((c: { code: string }) => c.code)).toEqual(['eur', 'aed']);
    });

    it('filters by exact code (case-insensitive) and searches code or name with q', async () => {
      const byCode = await admin.get('/admin/currencies?code=EUR').expect(200);
      expect(byCode.body.currencies.map((c: { code: string }) => c.code)).toEqual(['eur']);
      const byName = await admin.get('/admin/currencies?q=KRONE').expect(200);
      expect(byName.body.currencies.map((c: { code: string }) => c.code).sort()).toEqual(['dkk', 'nok']);
      expect(byName.body.count).toBe(2);
    });

    it('treats LIKE wildcards in q literally', async () => {
      const res = await admin.get('/admin/currencies?q=%25').expect(200);
      expect(res.body.count).toBe(0);
    });

    it('orders ascending by a column and descending with a leading -', async () => {
      const asc = await admin.get('/admin/currencies?order=code&limit=2').expect(200);
      expect(asc.body.currencies.map((c: { code: string }) => c.code)).toEqual(['aed', 'afn']);
      const desc = await admin.get('/admin/currencies?order=-code&limit=1').expect(200);
      expect(desc.body.currencies[0].code).toBe('zwl');
    });

    it('rejects an unknown order column with 400 instead of passing it to SQL', async () => {
      const res = await admin.get('/admin/currencies?order=name;DROP TABLE currency').expect(400);
      expect(res.body).toEqual({ type: 'invalid_data', message: 'Order field name;DROP TABLE currency is not valid' });
      await admin.get('/admin/currencies?order=rank').expect(400);
    });

    it('returns only the requested fields plus the key', async () => {
      const res = await admin.get('/admin/currencies?fields=name&limit=1').expect(200);
      expect(res.body.currencies[0]).toEqual({ code: 'usd', name: 'US Dollar' });
      const keyOnly = await admin.get('/admin/currencies?fields=&limit=1').expect(200);
      expect(keyOnly.body.currencies[0]).toEqual({ code: 'usd' });
    });

    it('rejects unknown fields and any relation', async () => {
      expect((await admin.get('/admin/currencies?fields=nope').expect(400)).body.message).toBe('Requested fields [nope] are not valid');
      expect((await admin.get('/admin/currencies?expand=stores').expect(400)).body.message).toBe('Requested fields [stores] are not valid');
    });

    it('validates limit and offset', async () => {
      await admin.get('/admin/currencies?limit=-1').expect(400);
      await admin.get('/admin/currencies?limit=abc').expect(400);
      await admin.get('/admin/currencies?offset=1.5').expect(400);
      await admin.get('/admin/currencies?limit=100000').expect(400);
    });

    it('filters by includes_tax and rejects a non-boolean', async () => {
      const res = await admin.get('/admin/currencies?includes_tax=true').expect(200);
      expect(res.body.count).toBe(0);
      await admin.get('/admin/currencies?includes_tax=maybe').expect(400);
    });

    it('rejects unknown query parameters', async () => {
      const res = await admin.get('/admin/currencies?colour=blue').expect(400);
      expect(res.body.message).toBe('property colour should not exist');
    });

    it('needs an authenticated admin', async () => {
      await t.http().get('/admin/currencies').expect(401);
    });
  });

  describe('POST /admin/currencies/:code', () => {
    it('updates includes_tax, looking the code up case-insensitively', async () => {
      const res = await admin.post('/admin/currencies/USD').send({ includes_tax: true }).expect(200);
      expect(res.body.currency).toMatchObject({ code: 'usd', includes_tax: true });
      const list = await admin.get('/admin/currencies?includes_tax=true').expect(200);
      expect(list.body.currencies.map((c: { code: string }) => c.code)).toEqual(['usd']);
      await admin.post('/admin/currencies/usd').send({ includes_tax: false }).expect(200);
    });

    it('404s for an unknown currency', async () => {
      const res = await admin.post('/admin/currencies/xyz').send({ includes_tax: true }).expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: 'Currency with code: xyz was not found' });
    });

    it('validates the body and changes nothing on a bad one', async () => {
      const res = await admin.post('/admin/currencies/eur').send({ includes_tax: 'yes' }).expect(400);
      expect(res.body.type).toBe('invalid_data');
      await admin.post('/admin/currencies/eur').send({ code: 'xxx' }).expect(400);
      const eur = await admin.get('/admin/currencies?code=eur').expect(200);
      expect(eur.body.currencies[0].includes_tax).toBe(false);
    });

    it('needs an authenticated admin (an open currency update would be a hole)', async () => {
      await t.http().post('/admin/currencies/eur').send({ includes_tax: true }).expect(401);
    });
  });
});
