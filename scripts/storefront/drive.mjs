// Drives Medusa's own v1 Next.js storefront (nextjs-starter-medusa, branch v1) in headless Chromium
// through what a shopper does, following the steps of the storefront's own Playwright suite (e2e/),
// and records each API request per step: the browser's (seen by Playwright) and the Next.js
// server's (read from the API's request log). Not part of `npm test`; Playwright and the storefront
// are not dependencies of this project. How to build the storefront and run this:
// scripts/storefront/README.md.
//
//   node scripts/storefront/drive.mjs --app http://localhost:8300 --api http://localhost:9300 \
//     --api-log /tmp/api.log [--country us] [--report report.json] [--markdown requests.md] [--only 'step|step']
//
// Environment: PLAYWRIGHT_DIR, a folder where `playwright-core` is installed (default: resolved from
// here); CHROMIUM, the browser binary (default /usr/bin/chromium); SHOTS, a folder for screenshots
// of failed steps (and of every step with SHOTS_ALL=1).
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) => (a.startsWith('--') ? [a.slice(2), all[i + 1] && !all[i + 1].startsWith('--') ? all[i + 1] : 'true'] : null))
    .filter(Boolean),
);
const APP = (args.app ?? 'http://localhost:8000').replace(/\/$/, '');
const API = (args.api ?? 'http://localhost:9000').replace(/\/$/, '');
const API_LOG = args['api-log'] ? resolve(args['api-log']) : null;
const COUNTRY = args.country ?? 'us';
const ONLY = args.only ? new Set(args.only.split('|')) : null;
const SHOTS = process.env.SHOTS ? resolve(process.env.SHOTS) : null;
const STEP_TIMEOUT = Number(args.timeout ?? 30000);
const RUN = Date.now().toString(36);

const requireFrom = createRequire(process.env.PLAYWRIGHT_DIR ? join(resolve(process.env.PLAYWRIGHT_DIR), 'x.js') : import.meta.url);

/** Every API call of a step: who sent it (browser or the Next.js server), method, path, status. */
const calls = [];
/** What went wrong on the page itself: uncaught errors, error pages, 5xx of the storefront. */
const pageProblems = [];
let currentStep = 'setup';

// ---------------------------------------------------------------------------------------------
// Requests: the browser's through Playwright, the Next.js server's through the API's log.

function isApi(url) {
  return url.origin === new URL(API).origin && /^\/(admin|store)(\/|$)/.test(url.pathname);
}

function record(page) {
  page.on('requestfinished', async (req) => {
    const url = new URL(req.url());
    if (!isApi(url)) {
      return;
    }
    const res = await req.response().catch(() => null);
    if (!res) return;
    const entry = { step: currentStep, from: 'browser', method: req.method(), path: url.pathname + url.search, status: res.status() };
    if (res.status() >= 400) entry.error = (await res.text().catch(() => '')).slice(0, 300);
    calls.push(entry);
  });
  page.on('response', (res) => {
    const url = new URL(res.url());
    // Not the API's doing, so not recorded: the demo products' images are on S3, which the
    // storefront's image optimizer cannot reach offline (500), and the footer's links to
    // content pages the starter does not have (404 on their prefetch).
    if (url.pathname === '/_next/image' && !(url.searchParams.get('url') ?? '').startsWith(API)) return;
    if (res.status() === 404 && url.searchParams.has('_rsc')) return;
    if (url.origin === APP && res.status() >= 400)
      pageProblems.push({
        step: currentStep,
        problem: `storefront answered ${res.status()} to ${res.request().method()} ${decodeURIComponent(url.pathname + url.search).slice(0, 200)}`,
      });
  });
  page.on('pageerror', (err) => pageProblems.push({ step: currentStep, problem: `uncaught: ${String(err.message).slice(0, 300)}` }));
  page.on('console', (msg) => {
    // a failed resource is reported by the 'response' handler with its URL
    if (msg.type() === 'error' && !/Download the React DevTools|Failed to load resource/.test(msg.text()))
      pageProblems.push({ step: currentStep, problem: `console: ${msg.text().slice(0, 300)}` });
  });
}

/** Reads the lines the API logged since the last call (this service's pino JSON, or Medusa's morgan lines). */
let logOffset = 0;
function readApiLog() {
  if (!API_LOG) return [];
  const size = statSync(API_LOG).size;
  if (size <= logOffset) return [];
  const fd = openSync(API_LOG, 'r');
  const buf = Buffer.alloc(size - logOffset);
  readSync(fd, buf, 0, buf.length, logOffset);
  closeSync(fd);
  const text = buf.toString('utf8');
  const complete = text.lastIndexOf('\n') + 1;
  logOffset += Buffer.byteLength(text.slice(0, complete));
  const out = [];
  for (const line of text.slice(0, complete).split('\n')) {
    if (!line.trim()) continue;
    let method, path, status, agent;
    if (line.startsWith('{')) {
      try {
        const j = JSON.parse(line);
        if (!j.req || !j.res) continue;
        ({ method, url: path } = j.req);
        status = j.res.statusCode;
        agent = j.req.headers?.['user-agent'] ?? '';
      } catch {
        continue;
      }
    } else {
      const m = line.match(/"(GET|POST|PUT|PATCH|DELETE|OPTIONS|HEAD) (\S+) HTTP\/[\d.]+" (\d{3})(?:.*"([^"]*)")?/);
      if (!m) continue;
      [, method, path, status, agent] = m;
      status = Number(status);
    }
    if (!/^\/(admin|store)(\/|$|\?)/.test(path)) continue;
    out.push({ method, path, status, agent: agent ?? '' });
  }
  return out;
}

/** The log lines of a step that did not come from the browser are the Next.js server's requests. */
function takeServerCalls(step) {
  for (const l of readApiLog()) {
    if (/Chrome\//.test(l.agent) || l.method === 'OPTIONS') continue; // the browser's, seen by Playwright already
    calls.push({ step, from: 'next-server', method: l.method, path: l.path, status: l.status });
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers on the page.

async function settle(page, ms = 300) {
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
  await page.waitForTimeout(ms);
}

async function goto(page, path) {
  await page.goto(APP + path, { timeout: 120000 });
  await settle(page);
  await assertNoErrorPage(page);
}

/** Next's error pages: the global error boundary, the built-in 404 and the storefront's own 404. */
async function assertNoErrorPage(page) {
  const text = await page
    .locator('body')
    .innerText()
    .catch(() => '');
  if (/Application error|Internal Server Error|Unhandled Runtime Error/.test(text)) throw new Error(`error page at ${page.url()}: ${text.slice(0, 200)}`);
  if (/Page not found|This page could not be found/.test(text)) throw new Error(`not-found page at ${page.url()}`);
}

const tid = (scope, id) => scope.getByTestId(id);

/** Waits until the text of `locator` matches `re` (a server action re-renders the page). */
async function waitText(locator, re, what) {
  const deadline = Date.now() + STEP_TIMEOUT;
  let last = '';
  while (Date.now() < deadline) {
    last = await locator.innerText().catch(() => '');
    if (re.test(last)) return last;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what}: expected ${re}, saw "${last.slice(0, 200)}"`);
}

const state = {
  email: `shopper-${RUN}@example.com`,
  password: 'storefront-pass-1',
  first: 'Sam',
  last: `Shopper${RUN}`,
};

// ---------------------------------------------------------------------------------------------
// The steps. Each throws when the storefront does not get there.

const C = `/${COUNTRY}`;
/** What the demo data (data/seed.json) shows in the country's region: a price, the first shipping option. */
const PRICE = /[$€]\d/;
const region = ['us', 'ca'].includes(COUNTRY)
  ? { shippingOption: 'Ground', shippingAmount: /\$8\.00/, taxed: false }
  : { shippingOption: 'Standard', shippingAmount: /€6\.00/, taxed: true };

async function cartQuantity(page) {
  const link = await tid(page, 'nav-cart-link').innerText();
  return Number(link.match(/\((\d+)\)/)?.[1] ?? NaN);
}

/** Picks the product's options (one button per value) and adds it; the cart dropdown opens. */
async function addToCart(page, handle, optionValues) {
  await goto(page, `${C}/products/${handle}`);
  const container = tid(page, 'product-container');
  await container.waitFor();
  for (const v of optionValues) {
    await page.mouse.move(0, 0);
    await tid(container, 'product-options').getByTestId('option-button').filter({ hasText: v }).first().click();
  }
  const before = await cartQuantity(page);
  await tid(container, 'add-product-button').click();
  await tid(page, 'nav-cart-dropdown').waitFor({ timeout: STEP_TIMEOUT });
  await settle(page);
  await waitText(tid(page, 'nav-cart-link'), new RegExp(`\\(${(before || 0) + 1}\\)`), 'cart count after adding');
}

/**
 * The address book through the account menu, as a shopper gets there. The starter's addresses
 * page takes its region (the country list of the address form) from the `next-url` header, which
 * only a client-side navigation sends; a full load of the URL falls back to the `us` region.
 */
async function openAddresses(page) {
  await goto(page, `${C}/account`);
  await tid(page, 'account-nav').getByTestId('addresses-link').click();
  await tid(page, 'addresses-page-wrapper').waitFor();
  await settle(page);
}

const steps = [
  [
    'home page',
    async (page) => {
      // the middleware sends / to the default region's country (NEXT_PUBLIC_DEFAULT_REGION)
      await goto(page, '/');
      if (!/^\/[a-z]{2}$/.test(new URL(page.url()).pathname)) throw new Error(`the middleware sent / to ${page.url()}`);
      if (new URL(page.url()).pathname !== C) await goto(page, C);
      // the featured collections, each with its products and their prices
      await page.getByText('Everyday Basics').first().waitFor();
      const prices = await page.getByTestId('price').count();
      if (!prices) throw new Error('the home page shows no product price');
    },
  ],
  [
    'store listing',
    async (page) => {
      await goto(page, `${C}/store`);
      await tid(page, 'store-page-title').waitFor();
      const products = tid(page, 'products-list').getByTestId('product-wrapper');
      await products.first().waitFor();
      const n = await products.count();
      if (n < 6) throw new Error(`the store lists ${n} products`);
      const text = await tid(page, 'products-list').innerText();
      if (!PRICE.test(text)) throw new Error('the store listing shows no price');
      // sort by price: another listing request
      await page.getByText('Price: Low -> High').first().click();
      await page.waitForURL(/sortBy=price_asc/);
      await settle(page);
      await tid(page, 'products-list').getByTestId('product-wrapper').first().waitFor();
    },
  ],
  [
    'category page',
    async (page) => {
      // a parent category lists its children; its products are theirs (none directly: an empty grid, as on Medusa)
      await goto(page, `${C}/categories/clothing`);
      await waitText(tid(page, 'category-page-title'), /Clothing/, 'category title');
      await page.getByRole('link', { name: 'Tops' }).first().waitFor();
      await goto(page, `${C}/categories/clothing/tops`);
      await waitText(tid(page, 'category-page-title'), /Tops/, 'child category title');
      const text = await tid(page, 'products-list').innerText();
      if (!/Sweatshirt/.test(text)) throw new Error(`the Tops category does not list the sweatshirt: ${text.slice(0, 200)}`);
    },
  ],
  [
    'collection page',
    async (page) => {
      await goto(page, `${C}/collections/merch`);
      await page.getByRole('heading', { name: 'Merch' }).first().waitFor();
      const text = await page.locator('main').innerText();
      if (!/Coffee Mug/.test(text) || /Sweatshirt/.test(text)) throw new Error(`the Merch collection lists: ${text.slice(0, 300)}`);
    },
  ],
  [
    'product page',
    async (page) => {
      await goto(page, `${C}/products/sweatshirt`);
      const container = tid(page, 'product-container');
      await waitText(tid(container, 'product-title'), /Sweatshirt/, 'product title');
      await tid(container, 'product-options').getByTestId('option-button').filter({ hasText: 'M' }).first().click();
      await waitText(tid(container, 'product-price'), PRICE, 'variant price');
    },
  ],
  [
    'add to cart',
    async (page) => {
      await addToCart(page, 'sweatshirt', ['M']);
      await addToCart(page, 'coffee-mug', ['350 ml']);
    },
  ],
  [
    'cart page',
    async (page) => {
      await goto(page, `${C}/cart`);
      const cart = tid(page, 'cart-container');
      await cart.waitFor();
      const rows = tid(cart, 'product-row');
      await rows.first().waitFor();
      if ((await rows.count()) !== 2) throw new Error(`the cart shows ${await rows.count()} rows, expected 2`);
      await waitText(tid(cart, 'cart-total'), PRICE, 'cart total');
    },
  ],
  [
    'change quantity',
    async (page) => {
      const cart = tid(page, 'cart-container');
      const row = tid(cart, 'product-row').filter({ hasText: 'Sweatshirt' });
      const before = await tid(cart, 'cart-subtotal').innerText();
      await tid(row, 'product-select-button').selectOption('2');
      await settle(page, 800);
      await waitText(tid(page, 'nav-cart-link'), /\(3\)/, 'cart count after quantity 2');
      const after = await tid(cart, 'cart-subtotal').innerText();
      if (after === before) throw new Error(`the subtotal did not change (${before})`);
    },
  ],
  [
    'remove item',
    async (page) => {
      const cart = tid(page, 'cart-container');
      const row = tid(cart, 'product-row').filter({ hasText: 'Coffee Mug' });
      // the v1 starter's DeleteButton drops its data-testid: the row's only button
      await row.getByRole('button').first().click();
      await settle(page, 800);
      await waitText(tid(page, 'nav-cart-link'), /\(2\)/, 'cart count after removing the mug');
      if (await tid(cart, 'product-row').filter({ hasText: 'Coffee Mug' }).count()) throw new Error('the mug is still in the cart');
    },
  ],
  [
    'checkout address',
    async (page) => {
      await tid(page, 'checkout-button').click();
      const co = tid(page, 'checkout-container');
      await co.waitFor({ timeout: STEP_TIMEOUT });
      await settle(page);
      await tid(co, 'shipping-first-name-input').fill('First');
      await tid(co, 'shipping-last-name-input').fill('Last');
      await tid(co, 'shipping-company-input').fill('MyCorp');
      await tid(co, 'shipping-address-input').fill('123 Fake street');
      await tid(co, 'shipping-postal-code-input').fill('80010');
      await tid(co, 'shipping-city-input').fill('Denver');
      await tid(co, 'shipping-province-input').fill('Colorado');
      await tid(co, 'shipping-country-select').selectOption(COUNTRY);
      await tid(co, 'shipping-email-input').fill(state.email);
      await tid(co, 'shipping-phone-input').fill('3031112222');
      await tid(co, 'submit-address-button').click();
      await page.waitForURL(/step=delivery/, { timeout: STEP_TIMEOUT });
      await settle(page);
      await waitText(tid(co, 'shipping-address-summary'), /123 Fake street/, 'address summary');
    },
  ],
  [
    'checkout delivery',
    async (page) => {
      const co = tid(page, 'checkout-container');
      const option = tid(co, 'delivery-option-radio').filter({ hasText: region.shippingOption });
      await option.first().waitFor();
      await option.first().click();
      await settle(page, 800);
      await tid(co, 'submit-delivery-option-button').click();
      await page.waitForURL(/step=payment/, { timeout: STEP_TIMEOUT });
      await settle(page);
      await waitText(tid(co, 'cart-shipping'), region.shippingAmount, 'shipping total');
    },
  ],
  [
    'checkout payment',
    async (page) => {
      const co = tid(page, 'checkout-container');
      const pay = tid(co, 'submit-payment-button');
      await pay.waitFor();
      // one provider (manual): the storefront has it chosen already; pick it anyway when offered
      const manual = co.getByText(/Test payment|Manual/i).first();
      if (await manual.isVisible().catch(() => false)) await manual.click().catch(() => {});
      await settle(page, 500);
      await pay.click();
      await page.waitForURL(/step=review/, { timeout: STEP_TIMEOUT });
      await settle(page);
      if (region.taxed) await waitText(tid(co, 'cart-taxes'), /[1-9]/, 'taxes of a taxed region');
    },
  ],
  [
    'place order',
    async (page) => {
      const co = tid(page, 'checkout-container');
      await tid(co, 'submit-order-button').click();
      const done = tid(page, 'order-complete-container');
      await done.waitFor({ timeout: 60000 });
      await settle(page);
      await assertNoErrorPage(page);
      state.orderUrl = page.url();
    },
  ],
  [
    'order confirmation',
    async (page) => {
      const done = tid(page, 'order-complete-container');
      await waitText(tid(done, 'order-email'), new RegExp(state.email.replace(/[.]/g, '\\.')), 'order email');
      await waitText(tid(done, 'product-row').first(), /Sweatshirt[\s\S]*M[\s\S]*2/, 'ordered item');
      await waitText(tid(done, 'shipping-address-summary'), /123 Fake street[\s\S]*Denver/, 'shipping address');
      await waitText(tid(done, 'shipping-method-summary'), new RegExp(region.shippingOption), 'shipping method');
      await waitText(tid(done, 'cart-total'), PRICE, 'order total');
      await waitText(tid(done, 'payment-method'), /Test payment/, 'payment method (the manual provider)');
      state.orderDisplayId = (
        await tid(done, 'order-id')
          .innerText()
          .catch(() => '')
      ).replace(/\D/g, '');
    },
  ],
  [
    'register',
    async (page) => {
      await goto(page, `${C}/account`);
      const login = tid(page, 'login-page');
      await login.waitFor();
      await tid(login, 'register-button').click();
      const reg = tid(page, 'register-page');
      await reg.waitFor();
      await tid(reg, 'first-name-input').fill(state.first);
      await tid(reg, 'last-name-input').fill(state.last);
      // the address the guest order was placed with: Medusa gives that guest customer the account
      await tid(reg, 'email-input').fill(state.email);
      await tid(reg, 'phone-input').fill('3031112222');
      await tid(reg, 'password-input').fill(state.password);
      await tid(reg, 'register-button').click();
      const overview = tid(page, 'overview-page-wrapper');
      await Promise.race([
        overview.waitFor({ timeout: STEP_TIMEOUT }),
        tid(reg, 'register-error')
          .waitFor({ timeout: STEP_TIMEOUT })
          .then(async () => {
            throw new Error(`register error: ${await tid(reg, 'register-error').innerText()}`);
          }),
      ]);
      await waitText(tid(page, 'welcome-message'), new RegExp(state.first), 'welcome message');
    },
  ],
  [
    'log out',
    async (page) => {
      await goto(page, `${C}/account`);
      await tid(page, 'account-nav').getByTestId('logout-button').click();
      await tid(page, 'login-page').waitFor({ timeout: STEP_TIMEOUT });
    },
  ],
  [
    'log in',
    async (page) => {
      await goto(page, `${C}/account`);
      const login = tid(page, 'login-page');
      await tid(login, 'email-input').fill(state.email);
      await tid(login, 'password-input').fill('wrong-password');
      await tid(login, 'sign-in-button').click();
      await tid(login, 'login-error-message').waitFor({ timeout: STEP_TIMEOUT });
      await tid(login, 'password-input').fill(state.password);
      await tid(login, 'sign-in-button').click();
      await tid(page, 'overview-page-wrapper').waitFor({ timeout: STEP_TIMEOUT });
    },
  ],
  [
    'account overview',
    async (page) => {
      await goto(page, `${C}/account`);
      const o = tid(page, 'overview-page-wrapper');
      await waitText(tid(o, 'customer-email'), new RegExp(state.email.replace(/[.]/g, '\\.')), 'customer email');
      await waitText(tid(o, 'welcome-message'), new RegExp(state.first), 'welcome');
      // Medusa 1.20 registers an email that has a guest customer as a new account row next to it:
      // the guest order stays the guest's, and the new account has none yet
      await tid(o, 'no-orders-message').waitFor({ timeout: 5000 });
    },
  ],
  [
    'profile edit',
    async (page) => {
      await goto(page, `${C}/account/profile`);
      await tid(page, 'profile-page-wrapper').waitFor();
      const nameEditor = tid(page, 'account-name-editor');
      await tid(nameEditor, 'edit-button').click();
      await tid(nameEditor, 'first-name-input').fill('Samantha');
      await tid(nameEditor, 'last-name-input').fill(state.last);
      await tid(nameEditor, 'save-button').click();
      await tid(nameEditor, 'success-message').waitFor({ timeout: STEP_TIMEOUT });
      await waitText(tid(nameEditor, 'current-info'), /Samantha/, 'saved name');
      const phoneEditor = tid(page, 'account-phone-editor');
      await tid(phoneEditor, 'edit-button').click();
      await tid(phoneEditor, 'phone-input').fill('5550001111');
      await tid(phoneEditor, 'save-button').click();
      await tid(phoneEditor, 'success-message').waitFor({ timeout: STEP_TIMEOUT });
      const billing = tid(page, 'account-billing-address-editor');
      await tid(billing, 'edit-button').click();
      await tid(billing, 'billing-first-name-input').fill('Sam');
      await tid(billing, 'billing-last-name-input').fill('Biller');
      await tid(billing, 'billing-address-1-input').fill('1 Billing Way');
      await tid(billing, 'billing-postcal-code-input').fill('10001');
      await tid(billing, 'billing-city-input').fill('New York');
      await tid(billing, 'billing-country-code-select').selectOption(COUNTRY);
      await tid(billing, 'save-button').click();
      await tid(billing, 'success-message').waitFor({ timeout: STEP_TIMEOUT });
      await goto(page, `${C}/account/profile`);
      await waitText(tid(tid(page, 'account-name-editor'), 'current-info'), /Samantha/, 'name after reload');
      await waitText(tid(tid(page, 'account-phone-editor'), 'current-info'), /5550001111/, 'phone after reload');
      await waitText(tid(tid(page, 'account-billing-address-editor'), 'current-info'), /1 Billing Way/, 'billing address after reload');
    },
  ],
  [
    'addresses add',
    async (page) => {
      await openAddresses(page);
      await tid(page, 'addresses-page-wrapper').waitFor();
      await tid(page, 'add-address-button').click();
      const modal = tid(page, 'add-address-modal');
      await modal.waitFor();
      await tid(modal, 'first-name-input').fill('Ada');
      await tid(modal, 'last-name-input').fill('Lovelace');
      await tid(modal, 'company-input').fill('Engines');
      await tid(modal, 'address-1-input').fill('12 Analytical Road');
      await tid(modal, 'postal-code-input').fill('94107');
      await tid(modal, 'city-input').fill('San Francisco');
      await tid(modal, 'state-input').fill('CA');
      await tid(modal, 'country-select').selectOption(COUNTRY);
      await tid(modal, 'phone-input').fill('5551234567');
      await tid(modal, 'save-button').click();
      await modal.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
      const card = tid(page, 'address-container').filter({ hasText: '12 Analytical Road' });
      await card.waitFor({ timeout: STEP_TIMEOUT });
    },
  ],
  [
    'addresses edit',
    async (page) => {
      const card = tid(page, 'address-container').filter({ hasText: '12 Analytical Road' });
      await tid(card, 'address-edit-button').click();
      const modal = tid(page, 'edit-address-modal');
      await modal.waitFor();
      await tid(modal, 'address-1-input').fill('34 Difference Street');
      await tid(modal, 'city-input').fill('Oakland');
      await tid(modal, 'save-button').click();
      await modal.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT });
      await tid(page, 'address-container').filter({ hasText: '34 Difference Street' }).waitFor({ timeout: STEP_TIMEOUT });
      await openAddresses(page);
      await waitText(tid(page, 'address-container').filter({ hasText: '34 Difference Street' }), /Oakland/, 'edited address after reload');
    },
  ],
  [
    'customer checkout',
    async (page) => {
      await addToCart(page, 'sweatshirt', ['L']);
      await goto(page, `${C}/cart`);
      await tid(page, 'checkout-button').click();
      const co = tid(page, 'checkout-container');
      await co.waitFor({ timeout: STEP_TIMEOUT });
      await settle(page);
      // the saved address of the account (the e2e suite's selectSavedAddress)
      await tid(co, 'shipping-address-select').click();
      await tid(co, 'shipping-address-option').filter({ hasText: '34 Difference Street' }).getByTestId('shipping-address-radio').click();
      await waitText(tid(co, 'shipping-address-select'), /34 Difference Street/, 'chosen saved address');
      const email = await tid(co, 'shipping-email-input').inputValue();
      if (email !== state.email) throw new Error(`the checkout's email is "${email}", not the account's`);
      await tid(co, 'shipping-phone-input').fill('3031112222');
      await tid(co, 'submit-address-button').click();
      await page.waitForURL(/step=delivery/, { timeout: STEP_TIMEOUT });
      await settle(page);
      await tid(co, 'delivery-option-radio').filter({ hasText: region.shippingOption }).first().click();
      await settle(page, 800);
      await tid(co, 'submit-delivery-option-button').click();
      await page.waitForURL(/step=payment/, { timeout: STEP_TIMEOUT });
      await settle(page);
      await tid(co, 'submit-payment-button').click();
      await page.waitForURL(/step=review/, { timeout: STEP_TIMEOUT });
      await settle(page);
      await tid(co, 'submit-order-button').click();
      const done = tid(page, 'order-complete-container');
      await done.waitFor({ timeout: 60000 });
      await waitText(tid(done, 'shipping-address-summary'), /34 Difference Street/, 'shipping address');
      state.customerOrderId = (
        await tid(done, 'order-id')
          .innerText()
          .catch(() => '')
      ).replace(/\D/g, '');
    },
  ],
  [
    'orders list',
    async (page) => {
      await goto(page, `${C}/account/orders`);
      await tid(page, 'orders-page-wrapper').waitFor();
      const card = tid(page, 'order-card').first();
      await card.waitFor({ timeout: 5000 }).catch(() => {
        throw new Error('no order card on the orders page');
      });
      await waitText(tid(card, 'order-amount'), PRICE, 'order amount');
      if (state.customerOrderId) await waitText(tid(card, 'order-display-id'), new RegExp(state.customerOrderId), 'order number');
    },
  ],
  [
    'order details',
    async (page) => {
      await tid(tid(page, 'order-card').first(), 'order-details-link').click();
      const d = tid(page, 'order-details-container');
      await d.waitFor({ timeout: STEP_TIMEOUT });
      await settle(page);
      await assertNoErrorPage(page);
      await waitText(tid(d, 'product-row').first(), /Sweatshirt[\s\S]*L/, 'ordered item');
      await waitText(tid(d, 'shipping-address-summary'), /34 Difference Street/, 'shipping address');
    },
  ],
  [
    'addresses delete',
    async (page) => {
      await openAddresses(page);
      const card = tid(page, 'address-container').filter({ hasText: '34 Difference Street' });
      await tid(card, 'address-delete-button').click();
      await card.waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
      await openAddresses(page);
      if (await tid(page, 'address-container').filter({ hasText: '34 Difference Street' }).count()) throw new Error('the address is back after reload');
    },
  ],
  [
    'log out again',
    async (page) => {
      await goto(page, `${C}/account`);
      await tid(page, 'account-nav').getByTestId('logout-button').click();
      await tid(page, 'login-page').waitFor({ timeout: STEP_TIMEOUT });
      await goto(page, `${C}/account`);
      await tid(page, 'login-page').waitFor({ timeout: STEP_TIMEOUT });
    },
  ],
];

// ---------------------------------------------------------------------------------------------

function markdown(results) {
  const lines = [`# Storefront requests: ${API} (storefront ${APP})`, '', `${results.filter((r) => r.ok).length} of ${results.length} steps work.`, ''];
  for (const r of results) {
    lines.push(`## ${r.step}: ${r.ok ? 'works' : `FAILS (${r.error})`}`, '', '| from | method | path | status |', '|---|---|---|---|');
    const seen = new Set();
    for (const c of calls.filter((x) => x.step === r.step)) {
      const key = `${c.from} ${c.method} ${c.path} ${c.status}`;
      if (seen.has(key)) continue;
      seen.add(key);
      lines.push(`| ${c.from} | ${c.method} | \`${c.path.replace(/\|/g, '\\|')}\` | ${c.status}${c.error ? ` ${c.error.replace(/\|/g, '\\|')}` : ''} |`);
    }
    for (const p of pageProblems.filter((x) => x.step === r.step)) lines.push(`| page | | ${p.problem.replace(/\|/g, '\\|').replace(/\n/g, ' ')} | |`);
    lines.push('');
  }
  return lines.join('\n');
}

async function main() {
  const { chromium } = requireFrom('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'storefront-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(STEP_TIMEOUT);
  record(page);
  readApiLog(); // what the API logged before the run is not the run's
  const results = [];
  try {
    for (const [name, run] of steps) {
      if (ONLY && !ONLY.has(name)) continue;
      currentStep = name;
      const started = Date.now();
      let error = null;
      try {
        await run(page);
        await settle(page, 200);
      } catch (e) {
        error = String(e?.message ?? e)
          .split('\n')
          .filter((l) => l.trim() && !l.includes('===='))
          .slice(0, Number(process.env.ERROR_LINES ?? 3))
          .join(' | ');
        if (SHOTS) {
          mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({ path: join(SHOTS, `${name.replace(/\W+/g, '-')}.png`), fullPage: true }).catch(() => {});
        }
      }
      if (SHOTS && process.env.SHOTS_ALL && !error) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: join(SHOTS, `ok-${name.replace(/\W+/g, '-')}.png`), fullPage: true }).catch(() => {});
      }
      // what the shopper sees at the end of the step, to compare two runs (this service, Medusa)
      const text = await page
        .locator('body')
        .innerText()
        .catch(() => '');
      await new Promise((r) => setTimeout(r, 300)); // the last log lines of the step
      takeServerCalls(name);
      const stepCalls = calls.filter((c) => c.step === name);
      const flagged = stepCalls.filter((c) => c.status >= 400 || c.status === 0);
      const problems = pageProblems.filter((p) => p.step === name);
      results.push({
        step: name,
        ok: !error,
        error,
        ms: Date.now() - started,
        text: text.slice(0, 4000),
        flagged: flagged.map((c) => `${c.from} ${c.method} ${c.path} ${c.status}`),
        problems,
      });
      console.log(`${error ? 'FAIL' : 'ok  '} ${name} (${Date.now() - started} ms)${error ? `: ${error}` : ''}`);
      for (const c of flagged)
        console.log(`       ${c.status >= 500 || c.status === 0 ? '5xx!' : '4xx '} ${c.from} ${c.method} ${c.path} -> ${c.status} ${c.error ?? ''}`);
      for (const p of problems) console.log(`       page ${p.problem.replace(/\n/g, ' ').slice(0, 240)}`);
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
  const passed = results.filter((r) => r.ok).length;
  console.log(`\n${passed} of ${results.length} steps work against ${API} (storefront ${APP}); ${calls.length} API requests recorded`);
  if (args.markdown) writeFileSync(args.markdown, markdown(results));
  if (args.report) writeFileSync(args.report, JSON.stringify({ app: APP, api: API, passed, total: results.length, results, calls, pageProblems }, null, 2));
  process.exitCode = passed === results.length ? 0 : 1;
}

// ---------------------------------------------------------------------------------------------
// --compare ours.json medusa.json: what differs between two runs' reports, step by step.

/** A path or text with what differs between two runs of the same steps masked. */
function masked(text) {
  return text
    .replace(/\b(cart|order|item|addr|cus|prod|variant|so|ps|reg|pcol|pcat|ptyp|ptag)_[0-9A-Za-z_]+/g, '$1_…')
    .replace(/shopper-[a-z0-9]+@example\.com/g, 'EMAIL')
    .replace(/Shopper[a-z0-9]+/g, 'LAST')
    .replace(/(Order number|#)\s*:?\s*\d+/g, '$1 N')
    .replace(/\w{3} \w{3} \d{2} \d{4}( \d\d:\d\d:\d\d)?|\d{1,2}\/\d{1,2}\/\d{4}/g, 'DATE');
}

function compare(fileA, fileB) {
  const [a, b] = [fileA, fileB].map((f) => JSON.parse(readFileSync(f, 'utf8')));
  const requests = (r, step) =>
    new Set(
      r.calls
        .filter((c) => c.step === step)
        .map((c) => `${c.from} ${c.method} ${masked(c.path).replace(/(collection_id|category_id)%5B0%5D=[^&]+/g, '$1=…')} ${c.status}`),
    );
  let differences = 0;
  for (const ra of a.results) {
    const rb = b.results.find((r) => r.step === ra.step);
    if (!rb) continue;
    const out = [];
    if (ra.ok !== rb.ok) out.push(`  works: ${ra.ok} vs ${rb.ok}`);
    const [qa, qb] = [requests(a, ra.step), requests(b, ra.step)];
    for (const q of qa) if (!qb.has(q)) out.push(`  request only in ${fileA}: ${q}`);
    for (const q of qb) if (!qa.has(q)) out.push(`  request only in ${fileB}: ${q}`);
    const [ta, tb] = [masked(ra.text ?? '').split('\n'), masked(rb.text ?? '').split('\n')];
    if (ta.join('\n') !== tb.join('\n')) {
      const sb = new Set(tb);
      const sa = new Set(ta);
      for (const l of ta.filter((x) => !sb.has(x))) out.push(`  text only in ${fileA}: ${l}`);
      for (const l of tb.filter((x) => !sa.has(x))) out.push(`  text only in ${fileB}: ${l}`);
      if (ta.every((l) => sb.has(l)) && tb.every((l) => sa.has(l))) out.push('  text: the same lines in another order');
    }
    if (out.length) {
      differences++;
      console.log(`== ${ra.step}\n${out.join('\n')}`);
    }
  }
  console.log(`\n${differences} of ${a.results.length} steps differ`);
}

if (args.compare) {
  const files = process.argv.slice(process.argv.indexOf('--compare') + 1, process.argv.indexOf('--compare') + 3);
  compare(files[0], files[1]);
} else {
  await main();
}
