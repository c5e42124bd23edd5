// Drives Medusa's own v1 admin dashboard (@medusajs/admin 7.1.18) in headless Chromium through
// every step of issue 28's "Done means", recording each API request and its status per step.
// Not part of `npm test`; Playwright and the dashboard are not dependencies of this project.
// How to build the dashboard, serve it and run this: scripts/admin-dashboard/README.md.
//
//   node scripts/admin-dashboard/drive.mjs --app http://localhost:7101 --api http://localhost:9100 \
//     [--email admin@medusa-test.com] [--password supersecret] [--report report.json] [--only 'step|step']
//
// Environment: PLAYWRIGHT_DIR, a folder where `playwright-core` is installed (default: resolved from
// here); CHROMIUM, the browser binary (default /usr/bin/chromium); SHOTS, a folder for screenshots
// of failed steps.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) => (a.startsWith('--') ? [a.slice(2), all[i + 1] && !all[i + 1].startsWith('--') ? all[i + 1] : 'true'] : null))
    .filter(Boolean),
);
const APP = (args.app ?? 'http://localhost:7001').replace(/\/$/, '');
const API = (args.api ?? 'http://localhost:9000').replace(/\/$/, '');
const EMAIL = args.email ?? 'admin@medusa-test.com';
const PASSWORD = args.password ?? 'supersecret';
const ONLY = args.only ? new Set(args.only.split('|')) : null;
const SHOTS = process.env.SHOTS ? resolve(process.env.SHOTS) : null;
const STEP_TIMEOUT = Number(args.timeout ?? 20000);
const RUN = Date.now().toString(36);

const requireFrom = createRequire(process.env.PLAYWRIGHT_DIR ? join(resolve(process.env.PLAYWRIGHT_DIR), 'x.js') : import.meta.url);
const { chromium } = requireFrom('playwright-core');

/** Every API call of the dashboard: step, method, path with query, status, what the body held. */
const calls = [];
let currentStep = 'setup';

function shapeOf(body) {
  if (!body || typeof body !== 'object') return undefined;
  const shape = {};
  for (const [k, v] of Object.entries(body)) {
    if (Array.isArray(v)) shape[k] = v.length && v[0] && typeof v[0] === 'object' ? [Object.keys(v[0]).sort().join(',')] : [];
    else if (v && typeof v === 'object') shape[k] = Object.keys(v).sort().join(',');
    else shape[k] = v === null ? null : typeof v;
  }
  return shape;
}

/** A call of the API (not a file of the dashboard, which may come from the same origin at /app). */
function isApi(url) {
  return url.origin === new URL(API).origin && /^\/(admin|store)(\/|$)/.test(url.pathname);
}

/** Console errors of the page: a Content-Security-Policy refusal is one. */
const consoleErrors = [];

function record(page) {
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content.Security.Policy|Refused to/i.test(msg.text()))
      consoleErrors.push({ step: currentStep, text: msg.text().slice(0, 300) });
  });
  page.on('requestfinished', async (req) => {
    const url = new URL(req.url());
    if (!isApi(url)) return;
    const res = await req.response().catch(() => null);
    if (!res) return;
    const entry = { step: currentStep, method: req.method(), path: url.pathname + url.search, status: res.status() };
    const body = req.postData();
    if (body && req.method() !== 'GET') entry.request = body.length > 600 ? body.slice(0, 600) + '…' : body;
    try {
      const type = res.headers()['content-type'] ?? '';
      if (type.includes('json')) {
        const json = await res.json();
        entry.shape = shapeOf(json);
        if (res.status() >= 400) entry.error = JSON.stringify(json).slice(0, 300);
      }
    } catch {
      /* body gone (navigation) */
    }
    calls.push(entry);
  });
  page.on('requestfailed', (req) => {
    const url = new URL(req.url());
    if (!isApi(url)) return;
    if (req.failure()?.errorText === 'net::ERR_ABORTED') return; // the page moved on (navigation)
    calls.push({ step: currentStep, method: req.method(), path: url.pathname + url.search, status: 0, error: req.failure()?.errorText });
  });
}

/** A plain API client with its own session, for preparing data the steps start from. */
async function api(method, path, body, cookie) {
  const res = await fetch(API + path, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return {
    status: res.status,
    json,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

const state = {
  customerEmail: `dash-${RUN}@example.com`,
  customerFirst: 'Dana',
  customerLast: `Dash${RUN}`,
  groupName: `Group ${RUN}`,
  discountCode: `DASH${RUN.toUpperCase()}`,
  conditionCode: `COND${RUN.toUpperCase()}`,
  giftCardNote: `gift ${RUN}`,
  collectionTitle: `Collection ${RUN}`,
};

async function prepare() {
  const made = await api('POST', '/store/customers', {
    email: state.customerEmail,
    password: 'dashboard-pass-1',
    first_name: state.customerFirst,
    last_name: state.customerLast,
  });
  if (made.status !== 200) throw new Error(`could not create a customer: ${made.status} ${JSON.stringify(made.json)}`);
  state.customerId = made.json.customer.id;
}

// ---------------------------------------------------------------------------------------------
// Helpers on the page.

async function settle(page, ms = 400) {
  await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT }).catch(() => {});
  await page.waitForTimeout(ms);
}

async function goto(page, path) {
  await page.goto(APP + path);
  await settle(page);
}

/** Waits for the dashboard's own call to the API (method and path prefix) and returns its response. */
function waitApi(page, method, pathStart, status) {
  const waiting = page.waitForResponse(
    (r) => {
      const u = new URL(r.url());
      return (
        u.origin === new URL(API).origin &&
        r.request().method() === method &&
        (u.pathname + u.search).startsWith(pathStart) &&
        (status === undefined || r.status() === status)
      );
    },
    { timeout: STEP_TIMEOUT },
  );
  waiting.catch(() => {}); // a step that fails before awaiting it reports its own error
  return waiting;
}

async function expectApiOk(responsePromise, what) {
  const res = await responsePromise;
  if (res.status() >= 400) throw new Error(`${what}: ${res.request().method()} ${new URL(res.url()).pathname} answered ${res.status()}`);
  return res.json().catch(() => null);
}

/** The dashboard's row checkbox is a styled div in front of a hidden input. */
async function tickRow(row) {
  await row.locator('input[type="checkbox"]').first().locator('xpath=..').locator('div.cursor-pointer').first().click();
}

/** Opens, one after the other, the "…" menus of the page until one offers `item`, and picks it. */
async function openMenuWith(page, item) {
  const triggers = page.locator('button[aria-haspopup="menu"]');
  const count = await triggers.count();
  for (let i = 0; i < count; i++) {
    const trigger = triggers.nth(i);
    if (!(await trigger.isVisible())) continue;
    await trigger.click();
    const entry = page.getByRole('menuitem', { name: item }).first();
    if (
      await entry.waitFor({ timeout: 1500 }).then(
        () => true,
        () => false,
      )
    ) {
      await entry.click();
      return;
    }
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
  }
  throw new Error(`no menu of the page offers "${item}"`);
}

/** The first input after the text `label` (fields whose input has no name). */
function inputAfter(scope, label) {
  return scope.locator(`xpath=.//*[text()[contains(., ${JSON.stringify(label)})]]/following::input[1]`).first();
}

/** A react-select after the text `label`: focus its input, type, take the first match with Enter. */
async function pickSelect(page, label, optionText, scope = page, multi = false) {
  const input = scope.locator(`xpath=//*[text()[contains(., ${JSON.stringify(label)})]]/following::input[1]`).first();
  await input.click({ force: true });
  await input.fill(optionText);
  await page.waitForTimeout(500);
  await settle(page, 300);
  await input.press('Enter');
  // A multi-select keeps its menu open behind a backdrop: a click on the blank left margin closes it.
  if (multi) await page.mouse.click(5, 450);
  await page.waitForTimeout(200);
}

/** New discount: percentage, the first region, optionally a condition on one product. */
async function createDiscount(page, code, withProductCondition) {
  await goto(page, '/a/discounts');
  await page.getByRole('button', { name: 'Add Discount' }).click();
  await page.getByText('Create new discount').waitFor();
  await page
    .getByRole('radio', { name: /Percentage/ })
    .first()
    .click()
    .catch(() => page.getByText('Percentage').first().click());
  await page
    .getByText(/^General\*?$/)
    .first()
    .click();
  await pickSelect(page, 'Choose valid regions', 'Europe', page, true);
  await page.locator('input[name="code"]').fill(code);
  await page.locator('input[name="rule.value"]').fill('10');
  await page.locator('[name="rule.description"]').fill(`Dashboard check ${code}`);
  if (withProductCondition) {
    await page
      .getByText(/^Conditions$/)
      .first()
      .click();
    await page.getByRole('button', { name: 'Add Condition' }).click();
    const products = waitApi(page, 'GET', '/admin/products');
    await page.getByText('Product', { exact: true }).first().click();
    await products;
    await settle(page);
    const modal = page.locator('[role="dialog"]').last();
    await tickRow(modal.locator('tbody tr').first());
    await modal.getByRole('button', { name: 'Save and close' }).click();
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
    await page.getByText('Product', { exact: true }).first().waitFor();
  }
  const made = waitApi(page, 'POST', '/admin/discounts');
  await page.getByRole('button', { name: 'Publish discount' }).click();
  const body = await expectApiOk(made, 'discount create');
  await settle(page);
  return body?.discount?.id;
}

/** After the export modal: start the job, wait for it in the activity drawer, download its file. */
async function exportAndDownload(page, type) {
  const made = waitApi(page, 'POST', '/admin/batch-jobs');
  await page.locator('[role="dialog"]').last().getByRole('button', { name: 'Export', exact: true }).click();
  const body = await expectApiOk(made, `${type} create`);
  const jobId = body?.batch_job?.id;
  if (body?.batch_job?.type !== type) throw new Error(`batch job type ${body?.batch_job?.type}, expected ${type}`);
  await settle(page);
  const download = page.getByRole('button', { name: 'Download', exact: true }).first();
  if (!(await download.isVisible())) {
    // the bell of the top bar opens the activity drawer (its button has no name)
    await page.locator('div.min-h-topbar button').last().click();
  }
  await download.waitFor({ timeout: 60_000 });
  const url = waitApi(page, 'POST', '/admin/uploads/download-url');
  const fileEvent = page.waitForEvent('download', { timeout: STEP_TIMEOUT }).catch(() => null);
  await download.click();
  const link = await expectApiOk(url, 'download url');
  if (!link?.download_url) throw new Error('no download_url');
  const file = await fileEvent;
  let text;
  if (file) text = await file.path().then((p) => (p ? requireFrom('fs').readFileSync(p, 'utf8') : ''));
  else text = await (await fetch(link.download_url)).text();
  if (!text || !/[,;]/.test(text.split('\n')[0])) throw new Error(`the downloaded file of ${jobId} is not a CSV (${String(text).slice(0, 80)})`);
  state[`${type}-bytes`] = text.length;
  await page.keyboard.press('Escape').catch(() => {});
}

// ---------------------------------------------------------------------------------------------
// The steps of issue 28, in order. Each throws when the dashboard does not get there.

const steps = [
  [
    'login',
    async (page) => {
      await goto(page, '/login');
      await page.fill('input[name="email"]', EMAIL);
      await page.fill('input[name="password"]', PASSWORD);
      const auth = waitApi(page, 'POST', '/admin/auth');
      // the session must hold: the dashboard's next check of it answers 200 (not so across sites)
      const session = waitApi(page, 'GET', '/admin/auth', 200);
      await page.getByRole('button', { name: /continue|sign in|log in/i }).click();
      await expectApiOk(auth, 'login');
      await session;
      await page.waitForURL(/\/a\//, { timeout: STEP_TIMEOUT });
      await settle(page);
    },
  ],
  [
    'customers list',
    async (page) => {
      await goto(page, '/a/customers');
      await page.locator('tbody tr').first().waitFor();
      const searched = waitApi(page, 'GET', '/admin/customers?');
      await page
        .getByPlaceholder(/Search/)
        .last()
        .fill(state.customerEmail);
      await searched;
      await page.getByText(state.customerEmail).first().waitFor({ timeout: STEP_TIMEOUT });
    },
  ],
  [
    'customer open',
    async (page) => {
      await page.getByText(state.customerEmail).first().click();
      await page.waitForURL(new RegExp(`/a/customers/${state.customerId}`), { timeout: STEP_TIMEOUT });
      await page.getByText(state.customerEmail).first().waitFor({ timeout: STEP_TIMEOUT });
      await settle(page);
    },
  ],
  [
    'customer edit',
    async (page) => {
      await openMenuWith(page, 'Edit');
      const save = waitApi(page, 'POST', `/admin/customers/${state.customerId}`);
      state.customerFirst = `Dina${RUN}`;
      await page.locator('input[name="first_name"]').fill(state.customerFirst);
      await page.getByRole('button', { name: 'Save and close' }).click();
      await expectApiOk(save, 'customer save');
      await page.getByText(state.customerFirst).first().waitFor({ timeout: STEP_TIMEOUT });
    },
  ],
  [
    'customer group create',
    async (page) => {
      await goto(page, '/a/customers/groups');
      await page.getByRole('button', { name: 'New group' }).click();
      await page.locator('input[name="general.name"]').fill(state.groupName);
      const made = waitApi(page, 'POST', '/admin/customer-groups');
      await page.getByRole('button', { name: 'Publish Group' }).click();
      state.groupId = (await expectApiOk(made, 'group create'))?.customer_group?.id;
      await page.getByText(state.groupName).first().waitFor();
    },
  ],
  [
    'customer group add customer',
    async (page) => {
      await goto(page, `/a/customers/groups/${state.groupId}`);
      await page.getByText('Edit customers').first().click();
      const modal = page.locator('[role="dialog"]').last();
      const searched = waitApi(page, 'GET', '/admin/customers?');
      await modal.locator('input').first().fill(state.customerEmail);
      await searched;
      await settle(page);
      await tickRow(modal.locator('tr', { hasText: state.customerEmail }).first());
      const added = waitApi(page, 'POST', `/admin/customer-groups/${state.groupId}/customers/batch`);
      await modal.getByRole('button', { name: 'Save' }).click();
      await expectApiOk(added, 'add customers');
      await settle(page);
      await page.locator('tr', { hasText: state.customerEmail }).first().waitFor();
    },
  ],
  [
    'discount create',
    async (page) => {
      state.discountId = await createDiscount(page, state.discountCode, false);
    },
  ],
  [
    'discount create with product condition',
    async (page) => {
      state.conditionDiscountId = await createDiscount(page, state.conditionCode, true);
    },
  ],
  [
    'discount edit',
    async (page) => {
      await goto(page, '/a/discounts');
      await page.getByText(state.discountCode).first().click();
      await page.waitForURL(new RegExp(`/a/discounts/${state.discountId ?? ''}`));
      await settle(page);
      await openMenuWith(page, 'Edit general information');
      const modal = page.locator('[role="dialog"]').last();
      await modal.locator('[name$="description"]').fill(`Edited ${state.discountCode}`);
      const saved = waitApi(page, 'POST', `/admin/discounts/${state.discountId}`);
      await modal.getByRole('button', { name: 'Save and close' }).click();
      await expectApiOk(saved, 'discount edit');
      await page.getByText(`Edited ${state.discountCode}`).first().waitFor();
    },
  ],
  [
    'discount delete',
    async (page) => {
      await openMenuWith(page, 'Delete discount');
      const deleted = waitApi(page, 'DELETE', `/admin/discounts/${state.discountId}`);
      await page.getByRole('button', { name: /Yes, (remove|confirm|delete)/ }).click();
      await expectApiOk(deleted, 'discount delete');
      await page.waitForURL(/\/a\/discounts\/?(\?.*)?$/);
      await page.locator('tbody tr').first().waitFor();
      await page.getByText(state.discountCode).first().waitFor({ state: 'detached' }); // no longer listed
    },
  ],
  [
    'gift card create (custom)',
    async (page) => {
      await goto(page, '/a/gift-cards');
      const custom = page.getByText('Custom Gift Card').first();
      if (!(await custom.isVisible())) await page.locator('button[aria-haspopup="menu"]').first().click();
      await page.getByText('Custom Gift Card').first().click();
      const modal = page.locator('[role="dialog"]').last();
      await pickSelect(page, 'Region', 'Europe', modal);
      await inputAfter(modal, 'Amount').fill('25');
      await modal.locator('input[name="receiver.email"]').fill(state.customerEmail);
      await modal.locator('[name="receiver.message"]').fill(state.giftCardNote);
      const made = waitApi(page, 'POST', '/admin/gift-cards');
      await modal.getByRole('button', { name: 'Create and send' }).click();
      const body = await expectApiOk(made, 'gift card create');
      state.giftCardCode = body?.gift_card?.code;
      await settle(page);
    },
  ],
  [
    'gift card listed',
    async (page) => {
      await goto(page, '/a/gift-cards');
      if (!state.giftCardCode) throw new Error('no gift card was created');
      await page.getByText(state.giftCardCode).first().waitFor();
    },
  ],
  [
    'draft order create',
    async (page) => {
      await goto(page, '/a/draft-orders');
      await page.getByText('Create draft order').first().click();
      const modal = page.locator('[role="dialog"]').last();
      const next = () => modal.getByRole('button', { name: 'Next', exact: true }).click();
      // 1. region
      await pickSelect(page, 'Region', 'Europe', modal);
      await next();
      // 2. items: one existing variant
      await modal.getByRole('button', { name: 'Add Existing' }).click();
      await settle(page);
      await tickRow(modal.locator('tbody tr').first());
      await modal.getByRole('button', { name: 'Add', exact: true }).click();
      await modal.locator('tbody tr').first().waitFor();
      await next();
      // 3. shipping option
      await pickSelect(page, 'Choose a shipping method', '', modal);
      await next();
      // 4. customer (search), shipping address
      await pickSelect(page, 'Find existing customer', state.customerEmail, modal);
      await modal
        .locator('input[name="email"]')
        .and(modal.locator('[disabled]'))
        .waitFor()
        .catch(() => {});
      const address = { first_name: 'Dana', last_name: 'Dash', address_1: 'Street 1', postal_code: '10115', city: 'Berlin' };
      for (const [field, value] of Object.entries(address)) {
        const input = modal.locator(`input[name="shipping_address.${field}"]`);
        if (await input.count()) await input.fill(value);
      }
      const country = modal.locator('xpath=.//*[text()[contains(., "Country")]]/following::input[1]');
      if (await country.count()) await pickSelect(page, 'Country', 'Germany', modal);
      await next();
      // 5. billing: same as shipping
      const same = modal.getByText('Use same as shipping');
      if (await same.count()) await same.click();
      await next();
      // 6. summary
      const made = waitApi(page, 'POST', '/admin/draft-orders');
      await modal.getByRole('button', { name: 'Submit', exact: true }).click();
      const body = await expectApiOk(made, 'draft order create');
      state.draftOrderId = body?.draft_order?.id;
      await settle(page);
    },
  ],
  [
    'draft order mark paid',
    async (page) => {
      if (!state.draftOrderId) throw new Error('no draft order was created');
      await goto(page, `/a/draft-orders/${state.draftOrderId}`);
      await page.getByRole('button', { name: 'Mark as paid' }).click();
      const paid = waitApi(page, 'POST', `/admin/draft-orders/${state.draftOrderId}/pay`);
      await page.getByRole('button', { name: 'Mark paid', exact: true }).click();
      const body = await expectApiOk(paid, 'mark as paid');
      state.orderId = body?.order?.id;
      await page.getByRole('button', { name: 'Go to Order' }).first().waitFor();
    },
  ],
  [
    'order shown',
    async (page) => {
      await page.getByRole('button', { name: 'Go to Order' }).first().click();
      await page.waitForURL(/\/a\/orders\/order_/);
      await settle(page);
      if (state.customerEmail) await page.getByText(state.customerEmail).first().waitFor();
    },
  ],
  [
    'collection create',
    async (page) => {
      await goto(page, '/a/products?view=collections');
      await page.getByRole('button', { name: 'New Collection' }).click();
      const modal = page.locator('[role="dialog"]').last();
      await modal.locator('input[name="title"]').fill(state.collectionTitle);
      await modal.locator('input[name="handle"]').fill(`collection-${RUN}`);
      const made = waitApi(page, 'POST', '/admin/collections');
      await modal.getByRole('button', { name: 'Publish collection' }).click();
      const body = await expectApiOk(made, 'collection create');
      state.collectionId = body?.collection?.id;
      await settle(page);
    },
  ],
  [
    'collection add products',
    async (page) => {
      if (!state.collectionId) throw new Error('no collection was created');
      await goto(page, `/a/collections/${state.collectionId}`);
      await page.getByText(state.collectionTitle).first().waitFor();
      const edit = page.getByText('Edit Products').first();
      if (!(await edit.isVisible())) await openMenuWith(page, 'Edit Products');
      else await edit.click();
      const modal = page.locator('[role="dialog"]').last();
      await modal.locator('tbody tr').first().waitFor();
      await settle(page);
      const first = modal.locator('tbody tr').first();
      state.collectionProduct = (await first.innerText()).split('\n')[0].trim();
      await tickRow(first);
      const added = waitApi(page, 'POST', `/admin/collections/${state.collectionId}/products/batch`);
      await modal.getByRole('button', { name: 'Save', exact: true }).click();
      await expectApiOk(added, 'add products');
      await settle(page);
      await page.locator('tbody tr').first().waitFor();
    },
  ],
  [
    'store currencies seen, added and removed',
    async (page) => {
      await goto(page, '/a/settings/currencies');
      await page.getByText('Store currencies').first().waitFor();
      await page.getByRole('button', { name: 'Edit currencies' }).click();
      let modal = page.locator('[role="dialog"]').last();
      await modal.locator('tbody tr').first().waitFor();
      await modal.getByRole('button', { name: 'Add Currencies' }).click();
      await settle(page);
      modal = page.locator('[role="dialog"]').last();
      await tickRow(modal.locator('tbody tr', { hasText: 'Australian Dollar' }).first());
      const added = waitApi(page, 'POST', '/admin/store');
      await modal.getByRole('button', { name: 'Save and go back' }).click();
      await expectApiOk(added, 'add currency');
      await settle(page);
      modal = page.locator('[role="dialog"]').last();
      const row = modal.locator('tbody tr', { hasText: 'Australian Dollar' }).first();
      await row.waitFor();
      await tickRow(row);
      const removed = page.waitForResponse((r) => /\/admin\/store(\/currencies\/gbp)?\/?$/.test(new URL(r.url()).pathname) && r.request().method() !== 'GET', {
        timeout: STEP_TIMEOUT,
      });
      await modal.getByRole('button', { name: 'Remove', exact: true }).click();
      const res = await removed;
      if (res.status() >= 400) throw new Error(`remove currency answered ${res.status()}`);
      await settle(page);
      await modal
        .getByRole('button', { name: 'Close', exact: true })
        .click()
        .catch(() => {});
    },
  ],
  [
    'product export downloaded',
    async (page) => {
      await goto(page, '/a/products');
      await page.getByRole('button', { name: 'Export Products' }).click();
      await exportAndDownload(page, 'product-export');
    },
  ],
  [
    'order export downloaded',
    async (page) => {
      await goto(page, '/a/orders');
      await page.getByRole('button', { name: 'Export Orders' }).click();
      await exportAndDownload(page, 'order-export');
    },
  ],
  [
    'logout',
    async (page) => {
      await goto(page, '/a/orders');
      await page.locator('div.h-large.w-large [aria-haspopup="menu"]').first().click();
      const out = waitApi(page, 'DELETE', '/admin/auth');
      await page.getByText('Sign out').first().click();
      await expectApiOk(out, 'logout');
      await page.waitForURL(/\/login/);
      // the session is gone: the dashboard's own check of it now answers 401
      const again = await page.evaluate(async (api) => (await fetch(`${api}/admin/auth`, { credentials: 'include' })).status, API);
      if (again !== 401) throw new Error(`after logout GET /admin/auth answered ${again}`);
    },
  ],
];

// ---------------------------------------------------------------------------------------------

/** The calls of each step as a Markdown table (one row per distinct method, path and status). */
function markdown(results) {
  const lines = [`# Dashboard requests: ${API} (dashboard ${APP})`, '', `${results.filter((r) => r.ok).length} of ${results.length} steps work.`, ''];
  for (const r of results) {
    lines.push(
      `## ${r.step}: ${r.ok ? 'works' : `FAILS (${r.error})`}`,
      '',
      '| method | path | status | response (top-level keys; first item of lists) |',
      '|---|---|---|---|',
    );
    const seen = new Set();
    for (const c of calls.filter((x) => x.step === r.step)) {
      const key = `${c.method} ${c.path} ${c.status}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const shape = c.error
        ? `error: ${c.error}`
        : c.shape
          ? Object.entries(c.shape)
              .map(([k, v]) => (Array.isArray(v) ? `${k}[${v[0] ? `{${v[0]}}` : ''}]` : v && v.includes(',') ? `${k}{${v}}` : k))
              .join('; ')
          : '';
      const request = c.request ? ` body ${c.request}` : '';
      lines.push(`| ${c.method} | \`${c.path}\`${request.replace(/\|/g, '\\|')} | ${c.status} | ${shape.replace(/\|/g, '\\|')} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

async function main() {
  const profile = mkdtempSync(join(tmpdir(), 'dashboard-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    acceptDownloads: true,
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
  // With Medusa's `analytics` feature flag on, the dashboard asks once for usage-data consent
  // (a full-page dialog); answer it by opting out whenever it shows.
  await page.addLocatorHandler(page.getByText('Help us get better'), async () => {
    await page.getByRole('switch').last().click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Help us get better').waitFor({ state: 'hidden' });
  });
  const results = [];
  try {
    await prepare();
    let broken = false;
    for (const [name, run] of steps) {
      if (ONLY && !ONLY.has(name)) continue;
      currentStep = name;
      const started = Date.now();
      let error = null;
      if (broken && name !== 'login') {
        // a step that needs the page of the one before is tried anyway; the page is reloaded first
      }
      try {
        await run(page);
        await settle(page, 200);
      } catch (e) {
        error = String(e?.message ?? e)
          .split('\n')
          .filter((l) => l.trim() && !l.includes('===='))
          .slice(0, Number(process.env.ERROR_LINES ?? 3))
          .join(' | ');
        broken = true;
        if (SHOTS) {
          mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({ path: join(SHOTS, `${name.replace(/\W+/g, '-')}.png`) }).catch(() => {});
        }
      }
      const stepCalls = calls.filter((c) => c.step === name);
      const flagged = stepCalls.filter((c) => c.status >= 400 || c.status === 0);
      results.push({ step: name, ok: !error, error, ms: Date.now() - started, flagged: flagged.map((c) => `${c.method} ${c.path} ${c.status}`) });
      console.log(`${error ? 'FAIL' : 'ok  '} ${name}${error ? `: ${error}` : ''}`);
      for (const c of flagged)
        console.log(`       ${c.status >= 500 || c.status === 0 ? '5xx!' : '4xx '} ${c.method} ${c.path} -> ${c.status} ${c.error ?? ''}`);
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
  for (const e of consoleErrors) console.log(`CSP  ${e.step}: ${e.text}`);
  const passed = results.filter((r) => r.ok).length;
  console.log(`\n${passed} of ${results.length} steps work against ${API} (dashboard ${APP})`);
  if (args.markdown) writeFileSync(args.markdown, markdown(results));
  if (args.report) writeFileSync(args.report, JSON.stringify({ app: APP, api: API, passed, total: results.length, results, calls, consoleErrors }, null, 2));
  process.exitCode = passed === results.length ? 0 : 1;
}

await main();
