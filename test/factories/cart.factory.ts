import { EntityManager } from 'typeorm';
import { JwtService } from '../../src/common/auth/jwt.service';
import type { Product } from '../../src/modules/products/product.entity';
import type { ProductVariant } from '../../src/modules/products/product-variant.entity';
import type { Region } from '../../src/modules/regions/region.entity';
import type { ShippingOption } from '../../src/modules/shipping/shipping-option.entity';
import type { TestApp } from '../helpers/app';
import { createProduct, ProductSpec } from './product.factory';
import { createRegion, RegionOverrides } from './region.factory';
import { createShippingOption } from './shipping-option.factory';

export interface Shop {
  region: Region;
  product: Product;
  variant: ProductVariant;
  shippingOption: ShippingOption;
}

/**
 * A region (default EUR, 25 %, de/fr, manual + test providers), a product with one variant
 * priced in that region's currency (default 1000, 10 in stock) and a flat-rate shipping
 * option (default 1000) in the default profile.
 */
export async function createShop(
  manager: EntityManager,
  spec: { region?: RegionOverrides; product?: ProductSpec; shippingAmount?: number } = {},
): Promise<Shop> {
  const region = await createRegion(manager, spec.region);
  const product = await createProduct(manager, spec.product ?? { variants: [{ prices: [{ currency_code: region.currency_code, amount: 1000 }] }] });
  const shippingOption = await createShippingOption(manager, { region_id: region.id, amount: spec.shippingAmount ?? 1000 });
  return { region, product, variant: product.variants![0], shippingOption };
}

/** Creates a cart through the API (POST /store/carts) and returns the response's cart. */
export async function createCartViaApi(t: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Record<string, any>> {
  const res = await t.http().post('/store/carts').set(headers).send(body);
  if (res.status !== 200) throw new Error(`cart creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.cart;
}

/** `Authorization: Bearer` headers of a store JWT for the customer (at `tokenVersion`: 0 until its password changes). */
export function customerAuth(t: TestApp, customerId: string, tokenVersion = 0): Record<string, string> {
  return { authorization: `Bearer ${t.app.get(JwtService).signStore(customerId, tokenVersion)}` };
}

/**
 * Takes a cart with items to a completable state through the API: a guest email, a
 * shipping address in `country`, the shop's shipping option, payment sessions and the
 * `provider` selected.
 */
export async function prepareCheckout(
  t: TestApp,
  cartId: string,
  spec: { optionId?: string; country?: string; provider?: string; email?: string } = {},
): Promise<Record<string, any>> {
  const expectOk = (res: { status: number; body: any }, step: string) => {
    if (res.status !== 200) throw new Error(`${step} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  expectOk(
    await t
      .http()
      .post(`/store/carts/${cartId}`)
      .send({
        email: spec.email ?? 'shopper@test.com',
        shipping_address: { first_name: 'Ada', address_1: 'Main 1', city: 'Berlin', country_code: spec.country ?? 'de' },
      }),
    'update',
  );
  if (spec.optionId) expectOk(await t.http().post(`/store/carts/${cartId}/shipping-methods`).send({ option_id: spec.optionId }), 'shipping');
  expectOk(await t.http().post(`/store/carts/${cartId}/payment-sessions`), 'payment sessions');
  return expectOk(
    await t
      .http()
      .post(`/store/carts/${cartId}/payment-session`)
      .send({ provider_id: spec.provider ?? 'manual' }),
    'select',
  ).cart;
}
