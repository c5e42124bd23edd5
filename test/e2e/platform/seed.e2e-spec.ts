import { spawnSync } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import { DEMO_ADMIN } from '../../../src/modules/seed/demo';
import { SeedService } from '../../../src/modules/seed/seed.service';
import { createTestApp, TestApp } from '../../helpers/app';
import { bearer } from '../../helpers/auth';
import { businessTableCounts } from '../../helpers/table-counts';

const ULID_ID = (prefix: string) => new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`);

/**
 * A small file in Medusa's seed format exercising both id rules: `reg_`/`prod_`/...
 * ids are kept, anything else is a placeholder whose references follow the generated id.
 */
function fixture() {
  return {
    store: { currencies: ['eur', 'usd', 'dkk'] },
    users: [{ id: 'usr_seed_ops', email: 'Ops@Seed.test', password: 'seed-secret', first_name: 'Olga', api_token: 'seed-token-1' }],
    regions: [
      { id: 'eu-placeholder', name: 'Seed Europe', currency_code: 'eur', tax_rate: 21, countries: ['NL', 'be'], payment_providers: ['manual', 'test'] },
      { id: 'reg_seed_nordic', name: 'Seed Nordics', currency_code: 'dkk', tax_rate: 25, includes_tax: true, countries: ['dk', 'no'] },
    ],
    shipping_options: [
      { name: 'Seed Standard', region_id: 'eu-placeholder', provider_id: 'manual', price_type: 'flat_rate', amount: 500, data: { id: 'manual' } },
      {
        id: 'so_seed_express',
        name: 'Seed Express',
        region_id: 'reg_seed_nordic',
        provider_id: 'manual',
        amount: 9900,
        requirements: [
          { type: 'min_subtotal', amount: 1000 },
          { type: 'max_subtotal', amount: 500000 },
        ],
      },
      { name: 'Seed Gift Delivery', region_id: 'eu-placeholder', provider_id: 'manual', amount: 0, is_giftcard: true },
    ],
    product_collections: [
      { id: 'col-placeholder', title: 'Seed Basics' },
      { id: 'pcol_seed_kept', title: 'Seed Kept', handle: 'seed-kept' },
    ],
    categories: [
      {
        id: 'cat-placeholder',
        name: 'Seed Apparel',
        metadata: { featured: true },
        category_children: [
          { id: 'pcat_seed_tops', name: 'Seed Tops', handle: 'seed-apparel/tops', description: 'Upper body' },
          { name: 'Seed Backstage', is_internal: true },
          { name: 'Seed Bottoms', category_children: [{ name: 'Seed Shorts' }] },
        ],
      },
    ],
    products: [
      {
        id: 'prod_seed_tee',
        title: 'Seed Tee',
        handle: 'seed-tee',
        collection_id: 'col-placeholder',
        categories: [{ id: 'pcat_seed_tops' }, { id: 'cat-placeholder' }],
        type: { value: 'Seed Shirts' },
        tags: [{ value: 'seed-cotton' }, { value: 'seed-summer' }],
        images: ['https://img.test/tee-front.png', 'https://img.test/tee-back.png'],
        weight: 200,
        options: [{ title: 'Size' }, { title: 'Color' }],
        variants: [
          {
            id: 'variant_seed_tee_s_white',
            title: 'S / White',
            sku: 'SEED-TEE-S-W',
            prices: [
              { currency_code: 'EUR', amount: 1500 },
              { currency_code: 'usd', amount: 1700 },
              { region_id: 'reg_seed_nordic', amount: 11000 },
            ],
            options: [{ value: 'S' }, { value: 'White' }],
            inventory_quantity: 10,
          },
          {
            sku: 'SEED-TEE-M-B',
            prices: [
              { currency_code: 'eur', amount: 1600 },
              { region_id: 'eu-placeholder', amount: 1550 },
            ],
            options: [{ value: 'M' }, { value: 'Black' }],
            manage_inventory: false,
          },
        ],
      },
      {
        id: 'mug-placeholder',
        title: 'Seed Mug',
        collection_id: 'pcol_seed_kept',
        status: 'draft',
        options: [{ title: 'Capacity' }],
        variants: [{ title: '300 ml', prices: [{ currency_code: 'usd', amount: 900 }], options: [{ value: '300 ml' }] }],
      },
      {
        title: 'Seed Gift Card',
        handle: 'seed-gift-card',
        is_giftcard: true,
        options: [{ title: 'Denomination' }],
        variants: [
          { title: '10', prices: [{ currency_code: 'eur', amount: 1000 }], options: [{ value: '10' }], manage_inventory: false },
          { title: '50', prices: [{ currency_code: 'eur', amount: 5000 }], options: [{ value: '50' }], manage_inventory: false },
        ],
      },
    ],
  };
}

describe('Seed importer (Medusa seed format)', () => {
  let t: TestApp;
  let seeder: SeedService;
  let dir: string;

  const writeSeed = (name: string, content: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> => t.dataSource.query(sql, params);

  beforeAll(async () => {
    t = await createTestApp();
    seeder = t.app.get(SeedService);
    dir = mkdtempSync(join(tmpdir(), 'seed-spec-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  describe('a valid file', () => {
    let summary: Awaited<ReturnType<SeedService['seedFromFile']>>;

    beforeAll(async () => {
      summary = await seeder.seedFromFile(writeSeed('fixture.json', fixture()));
    });

    it('reports what it created', () => {
      expect(summary.created).toEqual({
        store_currencies: 2,
        users: 1,
        regions: 2,
        shipping_options: 3,
        product_collections: 2,
        categories: 5,
        products: 3,
        variants: 5,
      });
      expect(summary.existing).toEqual({});
    });

    it('keeps ids with the entity prefix and replaces placeholders with generated ids', async () => {
      const regions = await query<{ id: string; name: string }>(`SELECT id, name FROM region WHERE name LIKE 'Seed %' ORDER BY name`);
      expect(regions[0]).toMatchObject({ name: 'Seed Europe', id: expect.stringMatching(ULID_ID('reg')) });
      expect(regions[1]).toEqual({ name: 'Seed Nordics', id: 'reg_seed_nordic' });

      const collections = await query<{ id: string; handle: string }>(`SELECT id, handle FROM product_collection ORDER BY handle`);
      expect(collections).toEqual([
        { id: expect.stringMatching(ULID_ID('pcol')), handle: 'seed-basics' },
        { id: 'pcol_seed_kept', handle: 'seed-kept' },
      ]);

      const products = await query<{ id: string; handle: string }>(`SELECT id, handle FROM product ORDER BY handle`);
      expect(products).toEqual([
        { id: expect.stringMatching(ULID_ID('prod')), handle: 'seed-gift-card' },
        { id: expect.stringMatching(ULID_ID('prod')), handle: 'seed-mug' },
        { id: 'prod_seed_tee', handle: 'seed-tee' },
      ]);
      const [user] = await query(`SELECT id, email FROM "user" WHERE id = 'usr_seed_ops'`);
      expect(user).toEqual({ id: 'usr_seed_ops', email: 'ops@seed.test' });
      const [variant] = await query(`SELECT product_id FROM product_variant WHERE id = 'variant_seed_tee_s_white'`);
      expect(variant).toEqual({ product_id: 'prod_seed_tee' });
    });

    it('makes references to placeholders follow the generated ids', async () => {
      const [europe] = await query<{ id: string }>(`SELECT id FROM region WHERE name = 'Seed Europe'`);
      const options = await query(`SELECT id, name, region_id FROM shipping_option ORDER BY name`);
      expect(options).toEqual([
        { id: 'so_seed_express', name: 'Seed Express', region_id: 'reg_seed_nordic' },
        { id: expect.stringMatching(ULID_ID('so')), name: 'Seed Gift Delivery', region_id: europe.id },
        { id: expect.stringMatching(ULID_ID('so')), name: 'Seed Standard', region_id: europe.id },
      ]);
      const [{ collection_id }] = await query<{ collection_id: string }>(`SELECT collection_id FROM product WHERE id = 'prod_seed_tee'`);
      const [{ id: basics }] = await query<{ id: string }>(`SELECT id FROM product_collection WHERE handle = 'seed-basics'`);
      expect(collection_id).toBe(basics);
      const regionPrices = await query(
        `SELECT ma.region_id, ma.currency_code, ma.amount FROM money_amount ma JOIN product_variant v ON v.id = ma.variant_id
         WHERE v.product_id = 'prod_seed_tee' AND ma.region_id IS NOT NULL ORDER BY ma.amount`,
      );
      // A region price takes the region's currency.
      expect(regionPrices).toEqual([
        { region_id: europe.id, currency_code: 'eur', amount: 1550 },
        { region_id: 'reg_seed_nordic', currency_code: 'dkk', amount: 11000 },
      ]);
    });

    it('creates the category tree (visible unless told otherwise, ranked in file order) and puts products in categories', async () => {
      const rows = await query<{
        id: string;
        name: string;
        handle: string;
        rank: number;
        is_active: boolean;
        is_internal: boolean;
        parent: string | null;
        mpath: string;
      }>(
        `SELECT c.id, c.name, c.handle, c.rank, c.is_active, c.is_internal, p.name AS parent, c.mpath
           FROM product_category c LEFT JOIN product_category p ON p.id = c.parent_category_id ORDER BY c.mpath`,
      );
      const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
      expect(byName['Seed Apparel']).toMatchObject({
        id: expect.stringMatching(ULID_ID('pcat')),
        handle: 'seed-apparel',
        parent: null,
        rank: 0,
        is_active: true,
        is_internal: false,
      });
      expect(byName['Seed Tops']).toMatchObject({ id: 'pcat_seed_tops', handle: 'seed-apparel/tops', parent: 'Seed Apparel', rank: 0 });
      expect(byName['Seed Backstage']).toMatchObject({ parent: 'Seed Apparel', rank: 1, is_active: true, is_internal: true });
      expect(byName['Seed Bottoms']).toMatchObject({ parent: 'Seed Apparel', rank: 2 });
      expect(byName['Seed Shorts']).toMatchObject({ handle: 'seed-shorts', parent: 'Seed Bottoms', rank: 0 });
      expect(byName['Seed Shorts'].mpath).toBe(`${byName['Seed Apparel'].id}.${byName['Seed Bottoms'].id}.${byName['Seed Shorts'].id}.`);

      const store = await t.http().get('/store/product-categories?handle=seed-apparel&include_descendants_tree=true').expect(200);
      const [apparel] = store.body.product_categories;
      expect(apparel.metadata).toEqual({ featured: true });
      expect(apparel.category_children.map((c: { name: string }) => c.name)).toEqual(['Seed Tops', 'Seed Bottoms']);
      expect(apparel.category_children[1].category_children.map((c: { name: string }) => c.name)).toEqual(['Seed Shorts']);
      const linked = await query(`SELECT product_category_id FROM product_category_product WHERE product_id = 'prod_seed_tee' ORDER BY product_category_id`);
      expect(linked.map((r) => r.product_category_id).sort()).toEqual([byName['Seed Apparel'].id, 'pcat_seed_tops'].sort());
      const tops = await t.http().get('/store/products?category_id[]=pcat_seed_tops').expect(200);
      expect(tops.body.products.map((p: { id: string }) => p.id)).toEqual(['prod_seed_tee']);
    });

    it('adds the store currencies and sets up regions with countries, providers and tax settings', async () => {
      const currencies = await query<{ currency_code: string }>(`SELECT currency_code FROM store_currencies ORDER BY currency_code`);
      expect(currencies.map((c) => c.currency_code)).toEqual(['dkk', 'eur', 'usd']);

      const res = await t.http().get('/store/regions/reg_seed_nordic').expect(200);
      expect(res.body.region).toMatchObject({ name: 'Seed Nordics', currency_code: 'dkk', tax_rate: 25, includes_tax: true, automatic_taxes: true });
      expect(res.body.region.countries.map((c: { iso_2: string }) => c.iso_2).sort()).toEqual(['dk', 'no']);
      const [europe] = await query<{ id: string }>(`SELECT id FROM region WHERE name = 'Seed Europe'`);
      const eu = await t.http().get(`/store/regions/${europe.id}`).expect(200);
      expect(eu.body.region.countries.map((c: { iso_2: string }) => c.iso_2).sort()).toEqual(['be', 'nl']);
      expect(eu.body.region.payment_providers.map((p: { id: string }) => p.id).sort()).toEqual(['manual', 'test']);
      expect(eu.body.region.fulfillment_providers.map((p: { id: string }) => p.id)).toEqual(['manual']);
    });

    it('puts shipping options in the default profile (gift-card profile with is_giftcard) with their requirements', async () => {
      const rows = await query(`SELECT name, profile_id, provider_id, price_type, amount FROM shipping_option ORDER BY name`);
      expect(rows).toEqual([
        { name: 'Seed Express', profile_id: 'sp_default', provider_id: 'manual', price_type: 'flat_rate', amount: 9900 },
        { name: 'Seed Gift Delivery', profile_id: 'sp_gift_card', provider_id: 'manual', price_type: 'flat_rate', amount: 0 },
        { name: 'Seed Standard', profile_id: 'sp_default', provider_id: 'manual', price_type: 'flat_rate', amount: 500 },
      ]);
      const requirements = await query(`SELECT type, amount FROM shipping_option_requirement WHERE shipping_option_id = 'so_seed_express' ORDER BY type`);
      expect(requirements).toEqual([
        { type: 'max_subtotal', amount: 500000 },
        { type: 'min_subtotal', amount: 1000 },
      ]);
    });

    it('creates products published by default, in the default sales channel, with type, tags, images and thumbnail', async () => {
      const res = await t
        .http()
        .get('/store/products')
        .query({ handle: 'seed-tee', expand: 'variants,variants.prices,variants.options,options,tags,type,images,collection' })
        .expect(200);
      expect(res.body.count).toBe(1);
      const tee = res.body.products[0];
      expect(tee).toMatchObject({
        id: 'prod_seed_tee',
        status: 'published',
        is_giftcard: false,
        discountable: true,
        weight: 200,
        thumbnail: 'https://img.test/tee-front.png',
        type: { value: 'Seed Shirts' },
        collection: { title: 'Seed Basics' },
      });
      expect(tee.tags.map((tag: { value: string }) => tag.value).sort()).toEqual(['seed-cotton', 'seed-summer']);
      expect(tee.images.map((i: { url: string }) => i.url).sort()).toEqual(['https://img.test/tee-back.png', 'https://img.test/tee-front.png']);
      expect(tee.options.map((o: { title: string }) => o.title).sort()).toEqual(['Color', 'Size']);

      const [small, medium] = [...tee.variants].sort((a: { sku: string }, b: { sku: string }) => (a.sku < b.sku ? 1 : -1));
      expect(small).toMatchObject({ id: 'variant_seed_tee_s_white', title: 'S / White', inventory_quantity: 10, manage_inventory: true });
      // Without a title the variant is named after its option values.
      expect(medium).toMatchObject({ sku: 'SEED-TEE-M-B', title: 'M / Black', inventory_quantity: 0, manage_inventory: false });
      const byOption = Object.fromEntries(tee.options.map((o: { id: string; title: string }) => [o.id, o.title]));
      const values = small.options.map((v: { option_id: string; value: string }) => `${byOption[v.option_id]}=${v.value}`).sort();
      expect(values).toEqual(['Color=White', 'Size=S']);
      expect(
        small.prices
          .filter((p: { region_id: string | null }) => !p.region_id)
          .map((p: { currency_code: string; amount: number }) => [p.currency_code, p.amount])
          .sort(),
      ).toEqual([
        ['eur', 1500],
        ['usd', 1700],
      ]);

      const channels = await query(`SELECT product_id, sales_channel_id FROM product_sales_channel ORDER BY product_id`);
      expect(channels).toHaveLength(3);
      expect(channels.every((c) => c.sales_channel_id === 'sc_default')).toBe(true);
      // The explicit draft stays a draft (not listed by the store API).
      const [mug] = await query(`SELECT status, collection_id FROM product WHERE handle = 'seed-mug'`);
      expect(mug).toEqual({ status: 'draft', collection_id: 'pcol_seed_kept' });
    });

    it('ships gift-card products with the gift-card profile and makes them not discountable', async () => {
      const [card] = await query(`SELECT is_giftcard, discountable, profile_id FROM product WHERE handle = 'seed-gift-card'`);
      expect(card).toEqual({ is_giftcard: true, discountable: false, profile_id: 'sp_gift_card' });
      const [tee] = await query(`SELECT profile_id FROM product WHERE id = 'prod_seed_tee'`);
      expect(tee).toEqual({ profile_id: 'sp_default' });
      // Medusa 1.20's product_shipping_profile holds the same profiles.
      const links = await query(
        `SELECT p.handle, psp.profile_id FROM product_shipping_profile psp JOIN product p ON p.id = psp.product_id WHERE p.id IN ('prod_seed_tee') OR p.handle = 'seed-gift-card' ORDER BY p.handle`,
      );
      expect(links).toEqual([
        { handle: 'seed-gift-card', profile_id: 'sp_gift_card' },
        { handle: 'seed-tee', profile_id: 'sp_default' },
      ]);
    });

    it('creates users with a hashed password that logs in, and the api_token that authenticates', async () => {
      const [row] = await query<{ password_hash: string }>(`SELECT password_hash FROM "user" WHERE id = 'usr_seed_ops'`);
      expect(row.password_hash).not.toContain('seed-secret');
      const login = await t.http().post('/admin/auth').send({ email: 'ops@seed.test', password: 'seed-secret' }).expect(200);
      expect(login.body.user).toMatchObject({ id: 'usr_seed_ops', first_name: 'Olga', role: 'admin' });
      expect(login.body.user).not.toHaveProperty('api_token');
      const me = await t.http().get('/admin/auth').set(bearer('seed-token-1')).expect(200);
      expect(me.body.user.id).toBe('usr_seed_ops');
    });

    it('creates nothing twice when the same file runs again', async () => {
      const before = await businessTableCounts(t.dataSource);
      const again = await seeder.seedFromFile(join(dir, 'fixture.json'));
      expect(await businessTableCounts(t.dataSource)).toEqual(before);
      expect(again.created).toEqual({});
      expect(again.existing).toEqual({ users: 1, regions: 2, shipping_options: 3, product_collections: 2, categories: 5, products: 3 });
      // Re-running never resets a password changed since.
      const login = await t.http().post('/admin/auth').send({ email: 'ops@seed.test', password: 'seed-secret' });
      expect(login.status).toBe(200);
    });

    it('matches entries by natural key: a placeholder region named like an existing one resolves to it', async () => {
      const before = await businessTableCounts(t.dataSource);
      const result = await seeder.seed({
        regions: [{ id: 'another-placeholder', name: 'Seed Europe', currency_code: 'eur', countries: ['nl'] }],
        shipping_options: [{ name: 'Seed Pickup', region_id: 'another-placeholder', provider_id: 'manual', amount: 0 }],
      });
      expect(result.created).toEqual({ shipping_options: 1 });
      expect(result.existing).toEqual({ regions: 1 });
      const [pickup] = await query(
        `SELECT so.region_id = r.id AS same FROM shipping_option so, region r WHERE so.name = 'Seed Pickup' AND r.name = 'Seed Europe'`,
      );
      expect(pickup).toEqual({ same: true });
      expect((await businessTableCounts(t.dataSource)).region).toBe(before.region);
    });
  });

  describe('a bad file writes nothing and names the bad entry', () => {
    const expectRejected = async (content: unknown, message: string | RegExp) => {
      const before = await businessTableCounts(t.dataSource);
      const file = writeSeed('bad.json', content);
      await expect(seeder.seedFromFile(file)).rejects.toMatchObject({ type: 'invalid_data', message: expect.stringMatching(message) });
      expect(await businessTableCounts(t.dataSource)).toEqual(before);
    };
    const escape = (s: string) => new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

    it('a wrong type deep in the file', async () => {
      const file = fixture();
      file.products[0].variants![0].prices[1].amount = 17.5;
      await expectRejected(file, escape('products[0].variants[0].prices[1].amount must be an integer number'));
    });

    it('an unknown property (a typo is not silently ignored)', async () => {
      await expectRejected({ products: [{ title: 'X', variant: [] }] }, escape('property products[0].variant should not exist'));
    });

    it('a missing required field', async () => {
      await expectRejected({ regions: [{ name: 'No Currency', countries: [] }] }, escape('regions[0].currency_code must be a string'));
    });

    it('invalid JSON, and a top level that is not an object', async () => {
      await expectRejected('{"products": [', /is not valid JSON/);
      await expectRejected([], /the top level must be a JSON object/);
    });

    it('a missing file', async () => {
      await expect(seeder.seedFromFile(join(dir, 'missing.json'))).rejects.toThrow(/Cannot read seed file .*missing\.json: no such file/);
    });

    it('an entry failing late rolls back everything written before it', async () => {
      await expectRejected(
        {
          store: { currencies: ['sek'] },
          users: [{ email: 'late@seed.test', password: 'x' }],
          regions: [{ name: 'Late Region', currency_code: 'eur', countries: ['pl'] }],
          product_collections: [{ title: 'Late Collection' }],
          products: [
            { title: 'Late One', variants: [{ title: 'One', prices: [{ currency_code: 'eur', amount: 100 }] }] },
            { title: 'Late Two', variants: [{ title: 'Two', prices: [{ currency_code: 'xyz', amount: 100 }] }] },
          ],
        },
        escape('products[1].variants[0].prices[0].currency_code "xyz" is not a known currency code'),
      );
      const [{ count }] = await query<{ count: number }>(`SELECT count(*)::int AS count FROM store_currencies WHERE currency_code = 'sek'`);
      expect(count).toBe(0);
    });

    it('a country that already belongs to another region', async () => {
      await expectRejected(
        { regions: [{ name: 'Benelux', currency_code: 'eur', countries: ['lu', 'be'] }] },
        /regions\[0\]\.countries\[1\] "be" \(Belgium\) already belongs to region "Seed Europe" \(reg_/,
      );
    });

    it('an unknown country code', async () => {
      await expectRejected(
        { regions: [{ name: 'Atlantis', currency_code: 'eur', countries: ['zz'] }] },
        escape('regions[0].countries[0] "zz" is not an ISO 3166-1 alpha-2 country code'),
      );
    });

    it('a region currency that is not a store currency', async () => {
      await expectRejected(
        { regions: [{ name: 'Swiss', currency_code: 'chf' }] },
        escape(`regions[0].currency_code "chf" is not one of the store's currencies`),
      );
    });

    it('a provider that is not installed', async () => {
      await expectRejected(
        { regions: [{ name: 'Stripe Land', currency_code: 'eur', payment_providers: ['manual', 'stripe'] }] },
        escape('regions[0].payment_providers[1] "stripe" is not an installed payment provider'),
      );
    });

    it('a reference to a placeholder defined nowhere', async () => {
      await expectRejected(
        { shipping_options: [{ name: 'Lost', region_id: 'no-such-region', provider_id: 'manual', amount: 1 }] },
        escape('shipping_options[0].region_id "no-such-region" matches no region in the file or the database'),
      );
    });

    it('a product in a category defined nowhere', async () => {
      await expectRejected(
        { categories: [{ name: 'Seed Orphans' }], products: [{ title: 'Lost Tee', categories: [{ id: 'no-such-category' }] }] },
        escape('products[0].categories[0].id "no-such-category" matches no product category in the file or the database'),
      );
    });

    it('a category without a name', async () => {
      await expectRejected(
        { categories: [{ name: 'Seed Parent', category_children: [{ handle: 'nameless' }] }] },
        escape('categories[0].category_children[0].name'),
      );
    });

    it('a flat-rate shipping option without an amount', async () => {
      await expectRejected(
        { shipping_options: [{ name: 'Free?', region_id: 'reg_seed_nordic', provider_id: 'manual' }] },
        escape('shipping_options[0].amount is required'),
      );
    });

    it('variant option values that do not match the product options', async () => {
      await expectRejected(
        { products: [{ title: 'Odd', options: [{ title: 'Size' }, { title: 'Color' }], variants: [{ title: 'S', options: [{ value: 'S' }] }] }] },
        escape('products[0].variants[0].options has 1 value(s) but the product has 2 option(s)'),
      );
      await expectRejected(
        { products: [{ title: 'Twins', options: [{ title: 'Size' }], variants: [{ options: [{ value: 'S' }] }, { options: [{ value: 'S' }] }] }] },
        escape('products[0].variants[1].options repeats the option values of variants[0]'),
      );
    });

    it('a sku already used by another product', async () => {
      await expectRejected(
        { products: [{ title: 'Copycat', options: [{ title: 'Size' }], variants: [{ sku: 'SEED-TEE-S-W', options: [{ value: 'S' }] }] }] },
        escape('products[0].variants[0].sku "SEED-TEE-S-W" is already used by variant variant_seed_tee_s_white'),
      );
    });
  });

  describe('the demo data in data/seed.json', () => {
    let demo: TestApp;
    beforeAll(async () => {
      demo = await createTestApp();
    });
    afterAll(() => demo.close());

    it('loads into an empty database with the documented demo login', async () => {
      const service = demo.app.get(SeedService);
      expect(await service.isEmpty()).toBe(true);
      const summary = await service.seedFromFile(resolve(__dirname, '../../../data/seed.json'));
      expect(summary.created).toMatchObject({ users: 1, regions: 2, shipping_options: 4, product_collections: 2, categories: 4 });
      expect(summary.created.products).toBeGreaterThanOrEqual(6);
      expect(await service.isEmpty()).toBe(false);

      await demo.http().post('/admin/auth').send(DEMO_ADMIN).expect(200);
      const regions = await demo.http().get('/store/regions').expect(200);
      expect(regions.body.regions.map((r: { currency_code: string; tax_rate: number }) => [r.currency_code, r.tax_rate]).sort()).toEqual([
        ['eur', 25],
        ['usd', 0],
      ]);
      const cards = await demo.http().get('/store/products').query({ is_giftcard: true }).expect(200);
      expect(cards.body.products).toHaveLength(1);
      expect(cards.body.products[0].variants.length).toBeGreaterThanOrEqual(2);
    });

    it('gives a v1 storefront categories to show and images on a host its image component allows', async () => {
      // The storefront footer's request, then a category page's: its handle, then its products.
      const footer = await demo.http().get('/store/product-categories?limit=6&offset=0').expect(200);
      const roots = footer.body.product_categories.filter((c: { parent_category: unknown }) => !c.parent_category);
      expect(roots.map((c: { handle: string }) => c.handle)).toEqual(['clothing', 'merch']);
      expect(roots[0].category_children.map((c: { handle: string }) => c.handle)).toEqual(['clothing/tops', 'clothing/bottoms']);
      const [tops] = (await demo.http().get('/store/product-categories?handle=clothing/tops').expect(200)).body.product_categories;
      const products = await demo.http().get(`/store/products?category_id[]=${tops.id}`).expect(200);
      expect(products.body.products.length).toBeGreaterThan(0);
      const clothing = await demo.http().get(`/store/products?category_id[]=${roots[0].id}&include_category_children=true`).expect(200);
      expect(clothing.body.count).toBeGreaterThan(products.body.count);

      const all = await demo.http().get('/store/products?limit=100').expect(200);
      const urls = all.body.products
        .flatMap((p: { thumbnail: string | null; images: Array<{ url: string }> }) => [p.thumbnail, ...p.images.map((i) => i.url)])
        .filter(Boolean);
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(new URL(url).host).toBe('medusa-public-images.s3.eu-west-1.amazonaws.com');
    });
  });

  describe('npm run seed (CLI)', () => {
    it('rejects a malformed file with exit code 1 and the entry, before starting any database', () => {
      const file = writeSeed('cli-bad.json', { products: [{ title: 'X', variants: [{ prices: [{ currency_code: 'eur', amount: 'ten' }] }] }] });
      const run = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/cli/seed.ts', file], {
        cwd: resolve(__dirname, '../../..'),
        // An unreachable database: the file must be rejected before any connection is tried.
        env: { ...process.env, TS_NODE_PROJECT: 'tsconfig.json', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', INIT_CWD: dir },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(`seed failed: Invalid seed file ${file}: products[0].variants[0].prices[0].amount must be an integer number`);
      expect(run.stdout).toBe('');
    }, 60_000);
  });
});
