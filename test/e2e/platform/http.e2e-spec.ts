import type { Server } from 'http';
import { createTestApp, TestApp } from '../../helpers/app';

describe('HTTP platform: health, docs, CORS, headers, limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ STORE_CORS: 'http://shop.test', ADMIN_CORS: 'http://admin.test', BODY_LIMIT: '10kb' });
  });
  afterAll(() => t.close());

  it('reports health with a database ping', async () => {
    const res = await t.http().get('/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
  });

  it('serves the OpenAPI document and the Swagger UI', async () => {
    const doc = await t.http().get('/docs-json').expect(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/admin/auth', '/admin/currencies', '/store/products', '/store/regions/{id}']));
    const ui = await t.http().get('/docs').expect(200);
    expect(ui.text).toContain('swagger');
  });

  it('allows credentialed CORS from the configured store origin on /store only', async () => {
    const ok = await t.http().options('/store/products').set('Origin', 'http://shop.test').set('Access-Control-Request-Method', 'GET');
    expect(ok.headers['access-control-allow-origin']).toBe('http://shop.test');
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const wrongSurface = await t.http().options('/admin/auth').set('Origin', 'http://shop.test').set('Access-Control-Request-Method', 'POST');
    expect(wrongSurface.headers['access-control-allow-origin']).toBeUndefined();
    const stranger = await t.http().get('/store/products').set('Origin', 'http://evil.test');
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows credentialed CORS from the configured admin origin on /admin and exposes Idempotency-Key', async () => {
    const res = await t.http().get('/admin/auth').set('Origin', 'http://admin.test');
    expect(res.status).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBe('http://admin.test');
    expect(res.headers['access-control-expose-headers']).toContain('Idempotency-Key');
  });

  it('sets security headers and echoes a request id', async () => {
    const res = await t.http().get('/store/regions').set('x-request-id', 'req-123').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toBe('req-123');
    const generated = await t.http().get('/store/regions').expect(200);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an oversized body with 413 JSON', async () => {
    const res = await t
      .http()
      .post('/admin/auth')
      .send({ email: 'a@b.co', password: 'x'.repeat(20_000) })
      .expect(413);
    expect(res.body).toEqual({ type: 'payload_too_large', message: 'The request body is too large.' });
  });

  it('does not create a session for anonymous requests', async () => {
    const res = await t.http().get('/store/regions').expect(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it("creates requests and responses on the Express app's prototypes, so Express never swaps them per request", async () => {
    const express = t.app.getHttpAdapter().getInstance() as { request: object; response: object };
    const server = t.app.getHttpServer() as Server;
    const seen: Array<[boolean, boolean]> = [];
    // First listener of 'request': it runs before Express's handler would set the prototypes.
    const record = (req: object, res: object) => seen.push([Object.getPrototypeOf(req) === express.request, Object.getPrototypeOf(res) === express.response]);
    server.prependListener('request', record);
    try {
      await t.http().get('/store/regions').expect(200);
    } finally {
      server.removeListener('request', record);
    }
    expect(seen).toEqual([[true, true]]);
  });
});
