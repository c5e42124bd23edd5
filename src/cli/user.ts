import 'reflect-metadata';
import { isEmail } from 'class-validator';
import { parseArgs } from 'util';
import { User } from '../modules/users/user.entity';
import { UsersService } from '../modules/users/users.service';
import { runCli, UsageError } from './cli-runner';
import { DataSource } from 'typeorm';

const USAGE = `usage: npm run user -- --email <email> --password <password> [--api-token <token>]
Creates the admin user, or updates the password / api token of the user with that email.`;

let input: { email: string; password?: string; api_token?: string };

/** `npm run user`: the way to get a first login and an API token into a real database (as `medusa user`). */
void runCli(
  'user',
  USAGE,
  async (app, target) => {
    const users = app.get(UsersService);
    const repo = app.get(DataSource).getRepository(User);
    const existing = await repo.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email: input.email }).getOne();
    if (!existing && !input.password && !input.api_token) throw new UsageError('a new user needs --password (and/or --api-token)');
    if (input.api_token) {
      const holder = await repo.findOne({ where: { api_token: input.api_token } });
      if (holder && holder.id !== existing?.id) throw new Error('that api token already belongs to another user');
    }
    const user = await users.upsert({ ...input, role: 'admin' });
    const changed = [input.password && 'password', input.api_token && 'api token'].filter(Boolean).join(' and ');
    return existing
      ? `Updated admin user ${user.email} (${user.id}) in ${target.description}${changed ? `: new ${changed}` : ''}`
      : `Created admin user ${user.email} (${user.id}) in ${target.description}`;
  },
  () => {
    let values;
    try {
      ({ values } = parseArgs({
        args: process.argv.slice(2),
        options: {
          email: { type: 'string', short: 'e' },
          password: { type: 'string', short: 'p' },
          'api-token': { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        },
      }));
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    }
    if (!values.email) throw new UsageError('--email is required');
    if (!isEmail(values.email)) throw new UsageError(`"${values.email}" is not an email address`);
    if (values.password !== undefined && values.password.length === 0) throw new UsageError('--password must not be empty');
    if (values['api-token'] !== undefined && values['api-token'].length === 0) throw new UsageError('--api-token must not be empty');
    input = { email: values.email, password: values.password, api_token: values['api-token'] };
  },
);
