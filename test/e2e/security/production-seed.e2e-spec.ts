import { DEMO_ADMIN, seedDemoData } from '../../../src/modules/seed/demo';
import { createTestApp, TestApp } from '../../helpers/app';

/**
 * The demo data's admin (admin@medusa-test.com / supersecret) has a published password. A
 * production start with SEED_DEMO=true seeds the rest of the demo data but creates that
 * admin only with a password given at start (SEED_ADMIN_PASSWORD), and says in one line
 * what it did. Outside production the demo admin is created as before.
 */
describe('Demo seed at a production start', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const demoAdmins = async () => (await t.dataSource.query('SELECT email FROM "user" WHERE email = $1', [DEMO_ADMIN.email])) as unknown[];
  const login = (password: string) => t.http().post('/admin/auth').send({ email: DEMO_ADMIN.email, password });

  async function start(isProduction: boolean, env: NodeJS.ProcessEnv): Promise<string[]> {
    const lines: string[] = [];
    expect(await seedDemoData(t.app, { seedDemo: true, isProduction, seedAdminPassword: env.SEED_ADMIN_PASSWORD }, false, (line) => lines.push(line))).toBe(
      true,
    );
    return lines;
  }

  it('without SEED_ADMIN_PASSWORD: no demo admin, the rest of the demo data, and one line saying so', async () => {
    const lines = await start(true, {});
    expect(await demoAdmins()).toEqual([]);
    await login(DEMO_ADMIN.password).expect(401);
    expect(lines.filter((l) => l.includes(DEMO_ADMIN.email))).toEqual([
      `Demo data: not creating ${DEMO_ADMIN.email}: NODE_ENV is production and the demo password is published; set SEED_ADMIN_PASSWORD to create it with a password of yours`,
    ]);
    expect((await t.dataSource.query('SELECT count(*)::int AS n FROM region'))[0].n).toBeGreaterThan(0);
  });

  it('with SEED_ADMIN_PASSWORD: the demo admin logs in with that password only', async () => {
    const lines = await start(true, { SEED_ADMIN_PASSWORD: 'a-long-password-of-mine' });
    await login(DEMO_ADMIN.password).expect(401);
    await login('a-long-password-of-mine').expect(200);
    expect(lines.some((l) => l.includes('SEED_ADMIN_PASSWORD'))).toBe(true);
  });

  it('the published password given as SEED_ADMIN_PASSWORD does not count', async () => {
    await start(true, { SEED_ADMIN_PASSWORD: DEMO_ADMIN.password });
    expect(await demoAdmins()).toEqual([]);
  });

  it('outside production the demo admin is created with the documented password', async () => {
    await start(false, {});
    await login(DEMO_ADMIN.password).expect(200);
  });
});
