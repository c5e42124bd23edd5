import { Injectable } from '@nestjs/common';
import { User } from '../../users/user.entity';
import { UsersService } from '../../users/users.service';
import { isRealId, SeedContext, seedEntryError } from '../seed-context';
import { SeedUser } from '../seed-file.schema';

/**
 * `users`: creates each user through UsersService (scrypt-hashed password). A user whose
 * email (case-insensitive) already exists is left as it is: re-running a seed never
 * resets a password someone changed since (`npm run user` is the way to do that).
 */
@Injectable()
export class UsersImporter {
  constructor(private readonly users: UsersService) {}

  async import(entries: SeedUser[], ctx: SeedContext): Promise<void> {
    const repo = ctx.manager.getRepository(User);
    for (const [i, entry] of entries.entries()) {
      const path = `users[${i}]`;
      const email = entry.email.toLowerCase();
      const existing = await repo.createQueryBuilder('u').where('lower(u.email) = :email', { email }).getOne();
      if (existing) {
        ctx.existing('users');
        continue;
      }
      const id = isRealId(entry.id, 'usr') ? entry.id : undefined;
      if (id && (await repo.exists({ where: { id }, withDeleted: true }))) {
        seedEntryError(`${path}.id`, `"${id}" already belongs to another user`);
      }
      if (entry.api_token && (await repo.exists({ where: { api_token: entry.api_token } }))) {
        seedEntryError(`${path}.api_token`, 'is already used by another user');
      }
      await this.users.upsert(
        {
          id,
          email,
          password: entry.password,
          first_name: entry.first_name,
          last_name: entry.last_name,
          role: entry.role ?? 'admin',
          api_token: entry.api_token,
          metadata: entry.metadata,
        },
        ctx.manager,
      );
      ctx.created('users');
    }
  }
}
