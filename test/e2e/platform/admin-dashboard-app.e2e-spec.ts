import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { createTestApp, TestApp } from '../../helpers/app';
import { createAdminUser } from '../../helpers/auth';

/**
 * A shop may point ADMIN_DASHBOARD_DIR at a dashboard built with Medusa's own CLI
 * (`medusa-admin build --deployment --path /app --backend /`): this service then serves it
 * at /app, as Medusa did, on the API's own origin. Unset, /app is nothing but a 404.
 */
describe("Medusa's admin dashboard at /app (ADMIN_DASHBOARD_DIR)", () => {
  const scratch = mkdtempSync(join(tmpdir(), 'admin-dashboard-'));
  const dir = join(scratch, 'build');
  const INDEX = '<!doctype html><html><head><script defer src="/app/main.3f2a.js"></script></head><body><div id="root"></div></body></html>';
  const SCRIPT = 'document.getElementById("root").textContent = "dashboard";';
  let t: TestApp;

  beforeAll(async () => {
    mkdirSync(dir);
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'main.3f2a.js'), SCRIPT);
    writeFileSync(join(dir, '.env'), 'SECRET=dotfile');
    writeFileSync(join(scratch, 'outside.txt'), 'not part of the dashboard');
    t = await createTestApp({ ADMIN_DASHBOARD_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('answers its index.html at /app and at every dashboard route under it, never cached', async () => {
    for (const path of ['/app', '/app/', '/app/login', '/app/a/orders/order_123?offset=15']) {
      const res = await t.http().get(path).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toBe(INDEX);
    }
  });

  it("serves the bundle's files with their type, cached for a year", async () => {
    const res = await t.http().get('/app/main.3f2a.js').expect(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.text).toBe(SCRIPT);
  });

  it('lets the bundle run only from this origin: a CSP on /app, none on the API', async () => {
    const page = await t.http().get('/app/a/customers').expect(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const api = await t.http().get('/store/regions').expect(200);
    expect(api.headers['content-security-policy']).toBeUndefined();
  });

  it('answers a missing file and anything outside the folder with the JSON 404, a dotfile with the index', async () => {
    for (const path of ['/app/missing.4b5c.js', '/app/../outside.txt', '/app/%2e%2e/outside.txt', '/app/..%2foutside.txt']) {
      const res = await t.http().get(path).expect(404);
      expect(res.body).toMatchObject({ type: 'not_found' });
    }
    const dotfile = await t.http().get('/app/.env').expect(200);
    expect(dotfile.text).toBe(INDEX);
  });

  it('accepts no writes under /app', async () => {
    const res = await t.http().post('/app/login').send({ email: 'a@b.co' }).expect(404);
    expect(res.body).toMatchObject({ type: 'not_found' });
  });

  it("lets the dashboard's session work from its own origin, which ADMIN_CORS need not list; other origins stay refused", async () => {
    const { email, password } = await createAdminUser(t);
    // one listening address, as a browser sees it (supertest otherwise listens anew per request)
    const server = t.app.getHttpServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const agent = t.agent();
    const origin = new URL((await agent.get('/app/login').expect(200)).request.url).origin;
    await agent.post('/admin/auth').set('Origin', 'http://elsewhere.test').send({ email, password }).expect(403);
    await agent.post('/admin/auth').set('Origin', origin).send({ email, password }).expect(200);
    const me = await agent.get('/admin/auth').set('Origin', origin).expect(200);
    expect(me.body.user.email).toBe(email);
    await agent.post('/admin/customer-groups').set('Origin', origin).send({ name: 'Dashboard group' }).expect(200);
    await agent.post('/admin/customer-groups').set('Origin', 'http://elsewhere.test').send({ name: 'Forged group' }).expect(403);
  });
});

describe('/app without ADMIN_DASHBOARD_DIR', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is not served: the JSON 404 of any unknown path', async () => {
    for (const path of ['/app', '/app/a/orders']) {
      const res = await t.http().get(path).expect(404);
      expect(res.body).toMatchObject({ type: 'not_found' });
      expect(res.headers['content-security-policy']).toBeUndefined();
    }
  });
});
