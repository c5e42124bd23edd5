import { TableChangeNotices } from '../../../src/modules/table-changes/table-change-notices';
import { ApiTokenCache } from '../../../src/modules/users/api-token-cache';
import { createTestApp, TestApp } from '../../helpers/app';
import { createAdminUser } from '../../helpers/auth';

/**
 * Admin API tokens are looked up once per process and then served from memory; any change
 * to "user" (by any instance or plain SQL) drops the lookups as soon as its notice arrives.
 */
describe('API token lookups: cached per instance, dropped on every change to users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const changes = () => t.app.get(TableChangeNotices);
  const tokens = () => t.app.get(ApiTokenCache);
  const me = (token: string) => t.http().get('/admin/auth').set('x-medusa-access-token', token);

  async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; i < 200; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`${what}: not seen`);
  }

  async function settled(): Promise<void> {
    await eventually(async () => changes().trusted, 'the change listener to be trusted');
    await changes().listener!.sync();
  }

  it('serves a known token from memory: a change nobody announces is not seen, an announced one is', async () => {
    const admin = await createAdminUser(t);
    await settled();
    await me(admin.apiToken).expect(200);
    expect(tokens().size).toBeGreaterThan(0);

    // A silent write (no trigger fires): the cached lookup still answers.
    await t.dataSource.transaction(async (m) => {
      await m.query('SET LOCAL session_replication_role = replica');
      await m.query('UPDATE "user" SET api_token = $1 WHERE id = $2', [`${admin.apiToken}-silent`, admin.user.id]);
    });
    await me(admin.apiToken).expect(200);

    // An ordinary write (revoking the token) is announced: the old token stops working.
    await t.dataSource.query('UPDATE "user" SET api_token = NULL WHERE id = $1', [admin.user.id]);
    await eventually(async () => (await me(admin.apiToken)).status === 401, 'the revoked token to be refused');
    expect(tokens().size).toBe(0);
  });

  it('never keeps unknown tokens, and refuses them every time', async () => {
    await settled();
    const before = tokens().size;
    for (let i = 0; i < 3; i++) await me(`tok_unknown_${i}`).expect(401);
    expect(tokens().size).toBe(before);
  });

  it('asks the database on every request while the listener is down', async () => {
    const admin = await createAdminUser(t);
    await settled();
    await me(admin.apiToken).expect(200);
    // Kept down for the whole check: its first reconnection attempt is pushed far out.
    const listener = changes().listener!;
    const delays = { reconnectDelayMs: listener.reconnectDelayMs, maxReconnectDelayMs: listener.maxReconnectDelayMs };
    Object.assign(listener, { reconnectDelayMs: 600_000, maxReconnectDelayMs: 600_000 });
    try {
      await t.dataSource.query('SELECT pg_terminate_backend($1)', [listener.backendPid]);
      await eventually(async () => !changes().trusted, 'the listener loss to be noticed');
      // Looked up while down (and not kept: nothing would tell this instance it went stale) ...
      await me(admin.apiToken).expect(200);
      // ... so a silent revocation, which only a database lookup can see, is seen at once.
      await t.dataSource.transaction(async (m) => {
        await m.query('SET LOCAL session_replication_role = replica');
        await m.query('UPDATE "user" SET api_token = NULL WHERE id = $1', [admin.user.id]);
      });
      await me(admin.apiToken).expect(401);
      expect(changes().trusted).toBe(false);
    } finally {
      await listener.stop();
      Object.assign(listener, delays);
      listener.start();
    }
    await settled();
    await me(admin.apiToken).expect(401);
  });
});
