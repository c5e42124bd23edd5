import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { Oauth } from '../../../src/modules/apps/oauth.entity';
import { OAuthProviderRegistry } from '../../../src/modules/apps/oauth-provider.registry';

describe('Admin apps (/admin/apps)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    const repo = t.dataSource.getRepository(Oauth);
    await repo.save(repo.create({ display_name: 'Slack', application_name: 'slack', install_url: 'https://slack.example/install', data: { state: 'abc' } }));
    await repo.save(repo.create({ display_name: 'Unplugged', application_name: 'unplugged', data: { state: 'xyz' } }));
    t.app.get(OAuthProviderRegistry).register({
      applicationName: 'slack',
      generateToken: async (code: string) => ({ access_token: `token-for-${code}` }),
    });
  });
  afterAll(() => t.close());

  it('lists installed applications', async () => {
    const res = await admin.get('/admin/apps').expect(200);
    expect(res.body.apps.map((a: Oauth) => a.application_name)).toEqual(['slack', 'unplugged']);
    expect(res.body.apps[0]).toMatchObject({ display_name: 'Slack', install_url: 'https://slack.example/install' });
    expect(res.body.apps[0].id).toMatch(/^oauth_/);
  });

  it('generates a token through the application provider when the state matches', async () => {
    const res = await admin.post('/admin/apps/authorizations').send({ application_name: 'slack', state: 'abc', code: 'c0de' }).expect(200);
    expect(res.body.apps).toMatchObject({ application_name: 'slack', data: { access_token: 'token-for-c0de' } });
  });

  it('refuses a state that does not match (and changes nothing)', async () => {
    const repo = t.dataSource.getRepository(Oauth);
    await repo.update({ application_name: 'slack' }, { data: { state: 'abc' } });
    const res = await admin.post('/admin/apps/authorizations').send({ application_name: 'slack', state: 'evil', code: 'c' }).expect(400);
    expect(res.body).toEqual({ type: 'not_allowed', message: 'Slack could not match state' });
    expect((await repo.findOneByOrFail({ application_name: 'slack' })).data).toEqual({ state: 'abc' });
  });

  it('400s when no provider is installed for the application', async () => {
    const res = await admin.post('/admin/apps/authorizations').send({ application_name: 'unplugged', state: 'xyz', code: 'c' }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_data',
      message: 'An OAuth handler for Unplugged could not be found make sure the plugin is installed',
    });
  });

  it('404s for an unknown application', async () => {
    const res = await admin.post('/admin/apps/authorizations').send({ application_name: 'nope', state: 's', code: 'c' }).expect(404);
    expect(res.body).toEqual({ type: 'not_found', message: 'Oauth application nope not found' });
  });

  it('validates the body', async () => {
    const res = await admin.post('/admin/apps/authorizations').send({ application_name: '', state: 's' }).expect(400);
    expect(res.body.message).toContain('application_name should not be empty');
    expect(res.body.message).toContain('code must be a string');
  });

  it('needs an authenticated admin', async () => {
    await t.http().get('/admin/apps').expect(401);
    await t.http().post('/admin/apps/authorizations').send({ application_name: 'slack', state: 'abc', code: 'c' }).expect(401);
  });
});
