import { createShop, Shop } from '../../factories/cart.factory';
import { createProduct } from '../../factories/product.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Body = Record<string, any>;

/**
 * A cart's tax lines with the region's tax-rate overrides, as Medusa v1's system tax
 * provider applies them: a rate attached to the line's product, else to its product type,
 * else the region's rate; a shipping method's from its option's rate, else the region's.
 * The overrides are made through the admin API, the cart read through the store's.
 */
describe('Cart tax lines with tax-rate overrides (store carts)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let shop: Shop;

  const taxRate = async (body: Body) =>
    (
      await admin
        .post('/admin/tax-rates')
        .send({ region_id: shop.region.id, ...body })
        .expect(200)
    ).body.tax_rate;
  const cartWith = async (variantId: string, withShipping = false) => {
    const cart = (await t.http().post('/store/carts').send({ region_id: shop.region.id }).expect(200)).body.cart;
    let res = await t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: variantId, quantity: 1 }).expect(200);
    if (withShipping) res = await t.http().post(`/store/carts/${cart.id}/shipping-methods`).send({ option_id: shop.shippingOption.id }).expect(200);
    return res.body.cart;
  };
  const rates = (lines: Array<{ rate: number; code: string | null }>) => lines.map((l) => [l.rate, l.code]);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    shop = await createShop(t.dataSource.manager, { region: { name: 'Overrides', tax_rate: 25, countries: ['be'] } });
  });
  afterAll(() => t.close());

  it("taxes a line at its product's override rate, other products at the region's rate", async () => {
    const other = await createProduct(t.dataSource.manager, { handle: 'untaxed-other', variants: [{ prices: [{ currency_code: 'eur', amount: 1000 }] }] });
    const book = await createProduct(t.dataSource.manager, { handle: 'a-book', variants: [{ prices: [{ currency_code: 'eur', amount: 1000 }] }] });
    await taxRate({ code: 'BOOKS', name: 'Books', rate: 6, products: [book.id] });

    const cart = await cartWith(book.variants![0].id);
    expect(rates(cart.items[0].tax_lines)).toEqual([[6, 'BOOKS']]);
    expect(cart.tax_total).toBe(60);
    const plain = await cartWith(other.variants![0].id);
    expect(rates(plain.items[0].tax_lines)).toEqual([[25, 'default']]);
  });

  it("taxes a line at its product type's override rate when its product has none", async () => {
    const food = await createProduct(t.dataSource.manager, { handle: 'bread', variants: [{ prices: [{ currency_code: 'eur', amount: 1000 }] }] });
    await t.dataSource.query(`INSERT INTO product_type (id, value) VALUES ('ptyp_food', 'Food')`);
    await t.dataSource.query(`UPDATE product SET type_id = 'ptyp_food' WHERE id = $1`, [food.id]);
    await taxRate({ code: 'FOOD', name: 'Food', rate: 12, product_types: ['ptyp_food'] });

    const cart = await cartWith(food.variants![0].id);
    expect(rates(cart.items[0].tax_lines)).toEqual([[12, 'FOOD']]);
    expect(cart.item_tax_total).toBe(120);
  });

  it("taxes a shipping method at its option's override rate", async () => {
    await taxRate({ code: 'SHIP0', name: 'Untaxed shipping', rate: 0, shipping_options: [shop.shippingOption.id] });

    const cart = await cartWith(shop.variant.id, true);
    expect(rates(cart.shipping_methods[0].tax_lines)).toEqual([[0, 'SHIP0']]);
    expect(cart.shipping_tax_total).toBe(0);
    expect(rates(cart.items[0].tax_lines)).toEqual([[25, 'default']]);
  });
});
