import type { Options as AutocannonOptions, Request as AutocannonRequest } from 'autocannon';
import type { StripeFake } from '../test/helpers/stripe-fake/stripe-fake';
import type { STRIPE_REGION } from './dataset';
import { api } from './http-client';
import { CONDITIONAL_DISCOUNT_CODE, LOYAL_CUSTOMER } from './scale-dataset';

export interface BenchContext {
  base: string;
  /** Authenticates admin requests (an API token header). */
  adminHeaders: Record<string, string>;
  regionId: string;
  variantIds: string[];
  discountCodes: string[];
  shippingOptionId: string;
  /** The region whose only payment provider is `stripe`, with its shipping option and a country of it. */
  stripeRegion: typeof STRIPE_REGION;
  /** The fake Stripe the API's `stripe` provider talks to (started by `npm run bench`); the Stripe scenario needs it. */
  stripeFake?: StripeFake;
}

export interface Target {
  minRps?: number;
  maxP99Ms?: number;
  /** For checkout: completed checkouts per second. */
  minPerSecond?: number;
  /** For `--scaling`: p50 at SCALING_LARGE customers at most this many times p50 at SCALING_SMALL. */
  maxP50Ratio?: number;
}

export type RequestPlan = Omit<AutocannonOptions, 'url' | 'connections' | 'duration'> & {
  /** Answers so far that were 2xx but not what the flow needs (a completion that placed no order): counted as errors. */
  wrongAnswers?: () => number;
};

export interface Scenario {
  name: string;
  target?: Target;
  /** Builds the autocannon request list, preparing fixtures through the API first. */
  prepare(ctx: BenchContext): Promise<RequestPlan>;
  /** Scenarios counting a multi-request flow count one unit per N requests. */
  requestsPerUnit?: number;
  /** Needs the scale data set's rows (bench/scale-dataset.ts): run only with --scale. */
  scaleOnly?: boolean;
}

const json = { 'content-type': 'application/json' };

/** The list and search target of issue 32: p99 under 50 ms at 10 connections. */
const LIST_TARGET: Target = { maxP99Ms: 50 };

/** A bearer token of the scale data set's customer with 1 000 past orders. */
async function loyalCustomerHeaders(ctx: BenchContext): Promise<Record<string, string>> {
  const { body } = await api<{ access_token: string }>(ctx.base, 'POST', '/store/auth/token', {
    email: LOYAL_CUSTOMER.email,
    password: LOYAL_CUSTOMER.password,
  });
  return { authorization: `Bearer ${body.access_token}` };
}

/**
 * Variants of the first products: every one of them is in the products condition of the
 * scale data set's BENCHCOND discount (products 1 to 5 000).
 */
const CONDITION_VARIANTS = Array.from({ length: 20 }, (_, i) => `variant_bench_${i + 1}_1`);

/** A GET scenario of issue 32's lists and reads, with the p99 target. */
function read(name: string, path: string, options: { admin?: boolean; scaleOnly?: boolean; target?: Target } = {}): Scenario {
  return {
    name,
    target: options.target ?? LIST_TARGET,
    scaleOnly: options.scaleOnly,
    prepare: async (ctx) => ({ method: 'GET', path, headers: options.admin ? ctx.adminHeaders : undefined }),
  };
}

/**
 * The whole checkout of the headline scenario, each request with `headers` (a customer's
 * bearer token makes the cart, and so the order, the customer's).
 */
function checkoutRequests(ctx: BenchContext, headers: Record<string, string>, variants: string[]): AutocannonRequest[] {
  const variant = roundRobin(variants);
  const h = { ...json, ...headers };
  const step = (path: (cartId: string) => string, body: () => unknown) => ({
    method: 'POST',
    headers: h,
    setupRequest: (req: AutocannonRequest, context: Record<string, string>) => ({ ...req, path: path(context.cartId), body: JSON.stringify(body()) }),
  });
  return [
    {
      method: 'POST',
      path: '/store/carts',
      headers: h,
      body: JSON.stringify({ region_id: ctx.regionId }),
      onResponse: (_status: number, body: string, context: Record<string, string>) => {
        context.cartId = JSON.parse(body).cart.id;
      },
    },
    step(
      (id) => `/store/carts/${id}/line-items`,
      () => ({ variant_id: variant(), quantity: 1 }),
    ),
    step(
      (id) => `/store/carts/${id}/line-items`,
      () => ({ variant_id: variant(), quantity: 1 }),
    ),
    step(
      (id) => `/store/carts/${id}`,
      () => ({
        email: headers.authorization ? undefined : 'buyer@example.com',
        shipping_address: { first_name: 'B', last_name: 'Uyer', address_1: 'Main 1', city: 'Paris', country_code: 'fr', postal_code: '75001' },
      }),
    ),
    step(
      (id) => `/store/carts/${id}/shipping-methods`,
      () => ({ option_id: ctx.shippingOptionId }),
    ),
    step(
      (id) => `/store/carts/${id}/payment-sessions`,
      () => ({}),
    ),
    step(
      (id) => `/store/carts/${id}/complete`,
      () => ({}),
    ),
  ] as AutocannonRequest[];
}

/**
 * The full checkout of a card-only shop (the region's one provider is `stripe`): payment
 * sessions create the cart's PaymentIntent at the fake (and the Stripe customer, kept
 * from the first checkout on: every cart has the same email), the shopper's card is
 * confirmed at the fake as Stripe.js would (browser to Stripe, so no request to the API and
 * none counted), and completion reads the intent back and authorizes. A failed step
 * shows as non-2xx; a completion answering a cart (the intent not authorized) as a wrong answer.
 */
function stripeCheckoutPlan(ctx: BenchContext): RequestPlan {
  const fake = ctx.stripeFake;
  if (!fake) throw new Error('needs the fake Stripe that npm run bench starts (bench/run.ts)');
  const { regionId, shippingOptionId, countryCode } = ctx.stripeRegion;
  const variant = roundRobin(ctx.variantIds);
  let notPlaced = 0;
  const step = (path: (cartId: string) => string, body: () => unknown, extra: Partial<AutocannonRequest> = {}) => ({
    method: 'POST',
    headers: json,
    setupRequest: (req: AutocannonRequest, context: Record<string, string>) => ({ ...req, path: path(context.cartId), body: JSON.stringify(body()) }),
    ...extra,
  });
  const requests = [
    {
      method: 'POST',
      path: '/store/carts',
      headers: json,
      body: JSON.stringify({ region_id: regionId }),
      onResponse: (_status: number, body: string, context: Record<string, string>) => {
        context.cartId = JSON.parse(body).cart.id;
      },
    },
    step(
      (id) => `/store/carts/${id}/line-items`,
      () => ({ variant_id: variant(), quantity: 1 }),
    ),
    step(
      (id) => `/store/carts/${id}/line-items`,
      () => ({ variant_id: variant(), quantity: 1 }),
    ),
    step(
      (id) => `/store/carts/${id}`,
      () => ({
        email: 'card-buyer@example.com',
        shipping_address: { first_name: 'C', last_name: 'Ard', address_1: 'Damrak 1', city: 'Amsterdam', country_code: countryCode, postal_code: '1012 LG' },
      }),
    ),
    step(
      (id) => `/store/carts/${id}/shipping-methods`,
      () => ({ option_id: shippingOptionId }),
    ),
    step(
      (id) => `/store/carts/${id}/payment-sessions`,
      () => ({}),
      {
        onResponse: (status: number, body: string, context: Record<string, string>) => {
          context.intentId = status === 200 ? (JSON.parse(body).cart.payment_session?.data?.id ?? '') : '';
        },
      },
    ),
    {
      method: 'POST',
      headers: json,
      setupRequest: (req: AutocannonRequest, context: Record<string, string>) => {
        // What the storefront's Stripe.js does with data.client_secret before it completes.
        // An intent the API did not make (a failed step) is left to fail completion.
        if (context.intentId && fake.intents.has(context.intentId)) fake.confirm(context.intentId, 'succeeds');
        return { ...req, path: `/store/carts/${context.cartId}/complete`, body: '{}' };
      },
      onResponse: (status: number, body: string) => {
        if (status === 200 && JSON.parse(body).type !== 'order') notPlaced++;
      },
    },
  ] as AutocannonRequest[];
  return { requests, wrongAnswers: () => notPlaced };
}

async function cartWithItems(ctx: BenchContext, items = 2, withShipping = true): Promise<string> {
  const { body } = await api<{ cart: { id: string } }>(ctx.base, 'POST', '/store/carts', { region_id: ctx.regionId });
  const id = body.cart.id;
  for (let i = 0; i < items; i++) {
    await api(ctx.base, 'POST', `/store/carts/${id}/line-items`, { variant_id: ctx.variantIds[i % ctx.variantIds.length], quantity: 1 });
  }
  if (withShipping) {
    await api(ctx.base, 'POST', `/store/carts/${id}`, {
      email: 'bench@example.com',
      shipping_address: { first_name: 'B', last_name: 'Ench', address_1: 'Street 1', city: 'Berlin', country_code: 'de', postal_code: '10115' },
    });
    await api(ctx.base, 'POST', `/store/carts/${id}/shipping-methods`, { option_id: ctx.shippingOptionId });
  }
  return id;
}

async function cartPool(ctx: BenchContext, size: number): Promise<string[]> {
  const ids: string[] = [];
  let claimed = 0;
  // Ten at a time: a pool of thousands would otherwise take longer to make than to measure.
  // Each creator claims a slot before it asks, so exactly `size` carts are made.
  const creator = async (): Promise<void> => {
    while (claimed < size) {
      claimed++;
      const { body } = await api<{ cart: { id: string } }>(ctx.base, 'POST', '/store/carts', { region_id: ctx.regionId });
      ids.push(body.cart.id);
    }
  };
  await Promise.all(Array.from({ length: 10 }, creator));
  return ids;
}

/**
 * POST /store/carts/:id/line-items, each add a new line (the variants go round), to the
 * carts of a pool in turn: cart i receives adds i, i + size, i + 2 * size, ... The pool's
 * size sets how large the carts grow over a run, and so what one add reads and answers.
 */
function addLineItemScenario(name: string, poolSize: number, target: Target = {}): Scenario {
  return {
    name,
    target,
    async prepare(ctx) {
      const next = roundRobin(await cartPool(ctx, poolSize));
      const variant = roundRobin(ctx.variantIds);
      return {
        requests: [
          {
            method: 'POST',
            headers: json,
            setupRequest: (req: AutocannonRequest) => ({
              ...req,
              path: `/store/carts/${next()}/line-items`,
              body: JSON.stringify({ variant_id: variant(), quantity: 1 }),
            }),
          },
        ],
      };
    },
  };
}

function roundRobin<T>(items: T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length];
}

/** Places `count` orders through the store API (cart, items, address, shipping, payment session, complete). */
async function placeOrders(ctx: BenchContext, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const id = await cartWithItems(ctx, 2, true);
    await api(ctx.base, 'POST', `/store/carts/${id}/payment-sessions`, {});
    await api(ctx.base, 'POST', `/store/carts/${id}/complete`, {});
  }
}

/** What Medusa's dashboard sends for its order table (the landing page after login). */
const DASHBOARD_ORDERS =
  '/admin/orders?expand=customer%2Cshipping_address%2Csales_channel' +
  '&fields=id%2Cstatus%2Cdisplay_id%2Ccreated_at%2Cemail%2Cfulfillment_status%2Cpayment_status%2Ctotal%2Ccurrency_code&offset=0&limit=15';
/** What Medusa's dashboard sends for its product table. */
const DASHBOARD_PRODUCTS =
  '/admin/products?fields=id%2Ctitle%2Cthumbnail%2Cstatus%2Chandle%2Ccollection_id' +
  '&expand=variants%2Coptions%2Cvariants.prices%2Cvariants.options%2Ccollection%2Ctags%2Ctype%2Cimages%2Csales_channels&is_giftcard=false&offset=0&limit=15';

/** GET /admin/customers?q=<term>; its target, if any, is checked by `--scaling` (two data set sizes). */
function customerSearch(label: string, term: string, target: Target = {}): Scenario {
  return {
    name: `list admin customers with q (${label})`,
    target,
    prepare: async (ctx) => ({ method: 'GET', path: `/admin/customers?q=${encodeURIComponent(term)}`, headers: ctx.adminHeaders }),
  };
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'get cart (2 items + shipping method)',
    target: { minRps: 2000, maxP99Ms: 20 },
    async prepare(ctx) {
      const id = await cartWithItems(ctx);
      return { method: 'GET', path: `/store/carts/${id}` };
    },
  },
  {
    name: 'create cart',
    target: { minRps: 1500 },
    async prepare(ctx) {
      return { method: 'POST', path: '/store/carts', headers: json, body: JSON.stringify({ region_id: ctx.regionId }) };
    },
  },
  // A storefront cart holds a few lines: 4 000 carts keep every cart at a handful over a
  // run (about 12 000 adds at 1 000 req/s give each cart 3).
  addLineItemScenario('add line item (a cart of a few lines)', 4000, { minRps: 1000 }),
  // The scenario of passes one to six, kept without a target: 200 carts, which grow by one
  // line per 200 adds (about 40 lines each after a run at 700 req/s), so later adds read
  // and answer a cart of tens of lines.
  addLineItemScenario('add line item (200 carts growing to tens of lines)', 200),
  {
    name: 'update cart with a discount code',
    target: {},
    async prepare(ctx) {
      const carts: string[] = [];
      for (let i = 0; i < 50; i++) carts.push(await cartWithItems(ctx, 1, false));
      const next = roundRobin(carts);
      const code = roundRobin(ctx.discountCodes);
      return {
        requests: [
          {
            method: 'POST',
            headers: json,
            setupRequest: (req: AutocannonRequest) => ({ ...req, path: `/store/carts/${next()}`, body: JSON.stringify({ discounts: [{ code: code() }] }) }),
          },
        ],
      };
    },
  },
  { name: 'list store products', target: { minRps: 4000 }, prepare: async () => ({ method: 'GET', path: '/store/products?limit=20' }) },
  { name: 'list store collections', target: { minRps: 4000 }, prepare: async () => ({ method: 'GET', path: '/store/collections' }) },
  {
    name: 'list admin currencies',
    target: { minRps: 4000 },
    prepare: async (ctx) => ({ method: 'GET', path: '/admin/currencies', headers: ctx.adminHeaders }),
  },
  // The scaling check (target: p50 at 1 000 000 customers within 3x of 10 000). The email
  // fragment matches one customer at every size; the last name is one of the data set's
  // 16 000 (16 surnames x 1 000 numbers), so about one customer in 16 000 has it, as a
  // common surname grows with a real customer base (1 at 10 000, 62 at 1 000 000).
  customerSearch('part of an email: user4242@', 'user4242@', { maxP50Ratio: 3 }),
  customerSearch('a last name: Dijkstra242', 'Dijkstra242', { maxP50Ratio: 3 }),
  // The terms of the earlier passes: fragments whose matches grow faster than the table
  // (user4242: 1 at 10 000, 111 at 1 000 000; Hopper42: 5 and 687), and the exact count
  // visits every one.
  customerSearch('growing match set: user4242', 'user4242'),
  customerSearch('growing match set: Hopper42', 'Hopper42'),
  {
    name: 'get admin customer with expand',
    target: {},
    prepare: async (ctx) => ({
      method: 'GET',
      path: '/admin/customers/cus_bench_00004242?expand=groups,shipping_addresses,billing_address',
      headers: ctx.adminHeaders,
    }),
  },
  {
    name: 'list admin discounts',
    target: {},
    prepare: async (ctx) => ({ method: 'GET', path: '/admin/discounts', headers: ctx.adminHeaders }),
  },
  {
    name: 'get admin store (every dashboard page)',
    target: {},
    prepare: async (ctx) => ({ method: 'GET', path: '/admin/store/', headers: ctx.adminHeaders }),
  },
  {
    name: 'list admin products (dashboard product table)',
    target: {},
    prepare: async (ctx) => ({ method: 'GET', path: DASHBOARD_PRODUCTS, headers: ctx.adminHeaders }),
  },
  {
    name: 'list admin products with q (dashboard search)',
    target: {},
    prepare: async (ctx) => ({ method: 'GET', path: '/admin/products?q=shirt&limit=10&offset=0', headers: ctx.adminHeaders }),
  },
  {
    name: 'list admin orders (dashboard landing page)',
    target: {},
    async prepare(ctx) {
      await placeOrders(ctx, 20);
      return { method: 'GET', path: DASHBOARD_ORDERS, headers: ctx.adminHeaders };
    },
  },
  {
    name: 'full checkout (create, 2 items, address, shipping, payment, complete)',
    target: { minPerSecond: 80 },
    requestsPerUnit: 7,
    async prepare(ctx) {
      const variant = roundRobin(ctx.variantIds);
      return {
        requests: [
          {
            method: 'POST',
            path: '/store/carts',
            headers: json,
            body: JSON.stringify({ region_id: ctx.regionId }),
            onResponse: (_status: number, body: string, context: Record<string, string>) => {
              context.cartId = JSON.parse(body).cart.id;
            },
          },
          ...[0, 1].map(() => ({
            method: 'POST',
            headers: json,
            setupRequest: (req: AutocannonRequest, context: Record<string, string>) => ({
              ...req,
              path: `/store/carts/${context.cartId}/line-items`,
              body: JSON.stringify({ variant_id: variant(), quantity: 1 }),
            }),
          })),
          {
            method: 'POST',
            headers: json,
            setupRequest: (req: AutocannonRequest, context: Record<string, string>) => ({
              ...req,
              path: `/store/carts/${context.cartId}`,
              body: JSON.stringify({
                email: 'buyer@example.com',
                shipping_address: { first_name: 'B', last_name: 'Uyer', address_1: 'Main 1', city: 'Paris', country_code: 'fr', postal_code: '75001' },
              }),
            }),
          },
          {
            method: 'POST',
            headers: json,
            setupRequest: (req: AutocannonRequest, context: Record<string, string>) => ({
              ...req,
              path: `/store/carts/${context.cartId}/shipping-methods`,
              body: JSON.stringify({ option_id: ctx.shippingOptionId }),
            }),
          },
          {
            method: 'POST',
            headers: json,
            setupRequest: (req: AutocannonRequest, context: Record<string, string>) => ({
              ...req,
              path: `/store/carts/${context.cartId}/payment-sessions`,
              body: '{}',
            }),
          },
          {
            method: 'POST',
            headers: json,
            setupRequest: (req: AutocannonRequest, context: Record<string, string>) => ({
              ...req,
              path: `/store/carts/${context.cartId}/complete`,
              body: '{}',
            }),
          },
        ],
      };
    },
  },
  {
    name: 'full checkout, stripe (create, 2 items, address, shipping, payment sessions, intent confirmed at the fake, complete)',
    target: {},
    requestsPerUnit: 7,
    prepare: async (ctx) => stripeCheckoutPlan(ctx),
  },
  // Issue 32's reads at a shop's size (and at the default size where the rows exist).
  read('list store products with q', '/store/products?q=Product%204242&limit=20'),
  // pcat_bench_2 holds 250 products at every N (the products are spread evenly over the categories).
  read('list store products in a category', '/store/products?category_id[]=pcat_bench_2&limit=20', { scaleOnly: true }),
  read('list store products in a collection', '/store/products?collection_id[]=pcol_bench_7&limit=20'),
  read('get store product', '/store/products/prod_bench_424'),
  read('list admin customers', '/admin/customers', { admin: true }),
  read('list admin discounts with q', '/admin/discounts?q=BENCH4', { admin: true }),
  read('list admin gift cards with q', '/admin/gift-cards?q=AB1', { admin: true, scaleOnly: true }),
  read('list admin gift cards', '/admin/gift-cards', { admin: true, scaleOnly: true }),
  read('list admin draft orders', '/admin/draft-orders', { admin: true, scaleOnly: true }),
  read('list admin customer group customers', '/admin/customer-groups/cgrp_bench_000003/customers', { admin: true, scaleOnly: true }),
  {
    name: "list store customer's orders (1 000 past orders)",
    target: LIST_TARGET,
    scaleOnly: true,
    prepare: async (ctx) => ({ method: 'GET', path: '/store/customers/me/orders?limit=10', headers: await loyalCustomerHeaders(ctx) }),
  },
  {
    name: 'apply a discount whose condition covers thousands of products',
    target: {},
    scaleOnly: true,
    async prepare(ctx) {
      const carts: string[] = [];
      for (let i = 0; i < 50; i++) {
        const { body } = await api<{ cart: { id: string } }>(ctx.base, 'POST', '/store/carts', { region_id: ctx.regionId });
        await api(ctx.base, 'POST', `/store/carts/${body.cart.id}/line-items`, { variant_id: CONDITION_VARIANTS[i % CONDITION_VARIANTS.length], quantity: 1 });
        carts.push(body.cart.id);
      }
      const next = roundRobin(carts);
      return {
        requests: [
          {
            method: 'POST',
            headers: json,
            setupRequest: (req: AutocannonRequest) => ({
              ...req,
              path: `/store/carts/${next()}`,
              body: JSON.stringify({ discounts: [{ code: CONDITIONAL_DISCOUNT_CODE }] }),
            }),
          },
        ],
      };
    },
  },
  {
    name: 'full checkout as a customer with 1 000 past orders',
    target: {},
    scaleOnly: true,
    requestsPerUnit: 7,
    prepare: async (ctx) => ({ requests: checkoutRequests(ctx, await loyalCustomerHeaders(ctx), ctx.variantIds) }),
  },
];
