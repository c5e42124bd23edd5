import { randomBytes } from 'crypto';
import type { Outcome } from './client';

/** What scenarios use: requests through the load-balancer-like client, and what setup found. */
export interface SoakContext {
  /** Sends one request to the next live instance (retried on another one if refused). */
  send(scenario: string, method: string, path: string, options?: { body?: unknown; headers?: Record<string, string>; expect?: number[] }): Promise<Outcome>;
  adminJwt: string;
  regionIds: string[];
  productIds: string[];
  variantIds: string[];
  /** Created through the API with a 200: checked against the database at the end (data lost: none). */
  created: { customerEmails: string[]; cartIds: string[] };
}

export interface Scenario {
  name: string;
  weight: number;
  run(ctx: SoakContext): Promise<void>;
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];
const auth = (ctx: SoakContext) => ({ authorization: `Bearer ${ctx.adminJwt}` });

export const SCENARIOS: Scenario[] = [
  {
    name: 'store browse',
    weight: 30,
    async run(ctx) {
      await ctx.send(this.name, 'GET', '/store/regions');
      await ctx.send(this.name, 'GET', '/store/products?limit=12');
      await ctx.send(this.name, 'GET', `/store/products/${pick(ctx.productIds)}`);
      await ctx.send(this.name, 'GET', `/store/regions/${pick(ctx.regionIds)}`);
    },
  },
  {
    name: 'store collections',
    weight: 5,
    async run(ctx) {
      await ctx.send(this.name, 'GET', '/store/collections');
    },
  },
  {
    name: 'admin reads (JWT)',
    weight: 15,
    async run(ctx) {
      await ctx.send(this.name, 'GET', '/admin/currencies?limit=20', { headers: auth(ctx) });
      await ctx.send(this.name, 'GET', '/admin/customers?limit=10', { headers: auth(ctx) });
      await ctx.send(this.name, 'GET', '/admin/auth', { headers: auth(ctx) });
    },
  },
  {
    name: 'admin session across instances',
    weight: 5,
    async run(ctx) {
      const login = await ctx.send(this.name, 'POST', '/admin/auth', { body: { email: 'admin@medusa-test.com', password: 'supersecret' } });
      if (!login.cookie) return;
      const cookie = { cookie: login.cookie };
      await ctx.send(this.name, 'GET', '/admin/auth', { headers: cookie });
      await ctx.send(this.name, 'DELETE', '/admin/auth', { headers: cookie });
      await ctx.send(this.name, 'GET', '/admin/auth', { headers: cookie, expect: [401] });
    },
  },
  {
    name: 'customer sign-up and login',
    weight: 8,
    async run(ctx) {
      const email = `soak-${randomBytes(6).toString('hex')}@soak.test`;
      const signUp = await ctx.send(this.name, 'POST', '/store/customers', {
        body: { email, password: 'soak-password', first_name: 'Soak', last_name: 'Test' },
      });
      if (!signUp.ok || !signUp.cookie) return;
      ctx.created.customerEmails.push(email);
      await ctx.send(this.name, 'GET', '/store/customers/me', { headers: { cookie: signUp.cookie } });
      const login = await ctx.send(this.name, 'POST', '/store/auth', { body: { email, password: 'soak-password' } });
      if (login.cookie) await ctx.send(this.name, 'GET', '/store/auth', { headers: { cookie: login.cookie } });
    },
  },
  {
    name: 'cart',
    weight: 10,
    async run(ctx) {
      const created = await ctx.send(this.name, 'POST', '/store/carts', { body: { region_id: pick(ctx.regionIds) } });
      const cartId = (created.body as { cart?: { id?: string } })?.cart?.id;
      if (!created.ok || !cartId) return;
      ctx.created.cartIds.push(cartId);
      await ctx.send(this.name, 'POST', `/store/carts/${cartId}/line-items`, { body: { variant_id: pick(ctx.variantIds), quantity: 1 } });
      await ctx.send(this.name, 'GET', `/store/carts/${cartId}`);
    },
  },
  {
    name: 'admin writes',
    weight: 3,
    async run(ctx) {
      const code = pick(['usd', 'eur', 'dkk', 'sek', 'gbp']);
      await ctx.send(this.name, 'POST', `/admin/currencies/${code}`, { headers: auth(ctx), body: { includes_tax: Math.random() < 0.5 }, expect: [200, 201] });
    },
  },
  {
    name: 'rejected input',
    weight: 5,
    async run(ctx) {
      await ctx.send(this.name, 'POST', '/store/customers', { body: { email: 'not-an-email', password: 1 }, expect: [400] });
      await ctx.send(this.name, 'GET', '/store/products/prod_does_not_exist', { expect: [404] });
      await ctx.send(this.name, 'GET', '/admin/currencies', { expect: [401] });
      await ctx.send(this.name, 'GET', '/store/products?expand=nope', { expect: [400] });
    },
  },
  {
    name: 'health',
    weight: 2,
    async run(ctx) {
      await ctx.send(this.name, 'GET', '/health');
    },
  },
];

export function pickScenario(scenarios: Scenario[]): Scenario {
  const total = scenarios.reduce((sum, s) => sum + s.weight, 0);
  let roll = Math.random() * total;
  for (const s of scenarios) {
    roll -= s.weight;
    if (roll < 0) return s;
  }
  return scenarios[scenarios.length - 1];
}
