import { randomBytes } from 'crypto';
import type { TestApp } from './app';
import { UsersService } from '../../src/modules/users/users.service';
import type { User } from '../../src/modules/users/user.entity';

export interface AdminCredentials {
  user: User;
  email: string;
  password: string;
  apiToken: string;
}

/** Creates an admin user with a password and an api_token. */
export async function createAdminUser(t: TestApp, overrides: Partial<{ email: string; password: string }> = {}): Promise<AdminCredentials> {
  const email = overrides.email ?? `admin-${randomBytes(4).toString('hex')}@test.com`;
  const password = overrides.password ?? 'supersecret';
  const apiToken = `tok_${randomBytes(16).toString('hex')}`;
  const user = await t.app.get(UsersService).upsert({ email, password, api_token: apiToken, first_name: 'Ada', last_name: 'Admin', role: 'admin' });
  return { user, email, password, apiToken };
}

/** A supertest agent holding an admin session cookie. */
export async function adminAgent(t: TestApp, credentials?: AdminCredentials) {
  const creds = credentials ?? (await createAdminUser(t));
  const agent = t.agent();
  const res = await agent.post('/admin/auth').send({ email: creds.email, password: creds.password });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return Object.assign(agent, { credentials: creds });
}

/** Headers for api-token auth through Authorization: Bearer. */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
