import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ApiError } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { AdminGetUsersParams } from './dto/admin-users.dto';
import { ADMIN_USER_LIST } from './user-lists';
import { hashPassword, needsRehash, verifyPassword } from '../../common/auth/password-hasher';
import { endSessionsOf } from '../auth/login-sessions.repository';
import { ApiTokenCache } from './api-token-cache';
import { User, UserRole } from './user.entity';
import { bumpUserTokenVersion, replacePasswordHashIfUnchanged, userTokenVersion } from './users.repository';
import { mergeMetadata } from '../../common/database/metadata';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { PgErrorCode } from '../../common/errors/pg-errors';
import { emitEvent } from '../events/outbox';

/** A new staff account (Medusa's AdminCreateUserRequest; invite acceptance too). */
export interface CreateUserInput {
  email: string;
  password: string;
  first_name?: string | null;
  last_name?: string | null;
  role?: UserRole;
}

/** What POST /admin/users/:id may change (no email, no password). */
export interface UpdateUserInput {
  first_name?: string;
  last_name?: string;
  role?: UserRole;
  api_token?: string;
  metadata?: Record<string, unknown> | null;
}

const DUPLICATE_EMAIL = 'A user with the same email already exists.';

function isUniqueViolation(err: unknown, constraint: string): boolean {
  const driver = (err as { driverError?: { code?: string; constraint?: string } }).driverError;
  return driver?.code === PgErrorCode.UNIQUE_VIOLATION && driver.constraint === constraint;
}

export interface UpsertUserInput {
  id?: string;
  email: string;
  password?: string;
  first_name?: string | null;
  last_name?: string | null;
  role?: UserRole;
  api_token?: string | null;
  metadata?: Record<string, unknown> | null;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly apiTokens: ApiTokenCache,
    private readonly tx: TransactionRunner,
  ) {}

  /**
   * Creates a user as Medusa does: the email lower-cased and unique among live users (400,
   * Medusa's message, whatever the case), the role `member` unless named; emits
   * `user.created`. Runs in the caller's transaction when given one (invite acceptance).
   */
  async create(input: CreateUserInput, manager?: EntityManager): Promise<User> {
    const email = input.email.toLowerCase();
    try {
      return await this.tx.run(
        async (m) => {
          const repo = m.getRepository(User);
          if (await repo.createQueryBuilder('u').where('lower(u.email) = :email', { email }).getExists()) throw ApiError.invalid(DUPLICATE_EMAIL);
          const user = await repo.save(
            repo.create({
              email,
              first_name: input.first_name ?? null,
              last_name: input.last_name ?? null,
              role: input.role ?? 'member',
              password_hash: await hashPassword(input.password),
              metadata: null,
            }),
          );
          await emitEvent(m, 'user.created', { id: user.id });
          return this.retrieve(user.id, m);
        },
        { manager },
      );
    } catch (err) {
      if (isUniqueViolation(err, 'IDX_user_email_unique')) throw ApiError.invalid(DUPLICATE_EMAIL);
      throw err;
    }
  }

  /**
   * Changes names, role, API token and metadata (merged) of a live user (404 otherwise);
   * emits `user.updated`. The answer never carries the token or the password hash.
   */
  async update(id: string, input: UpdateUserInput): Promise<User> {
    try {
      return await this.tx.run(async (manager) => {
        const repo = manager.getRepository(User);
        const user = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!user) throw ApiError.notFound(`User with id: ${id} was not found`);
        const changes: QueryDeepPartialEntity<User> = {};
        if (input.first_name !== undefined) changes.first_name = input.first_name;
        if (input.last_name !== undefined) changes.last_name = input.last_name;
        if (input.role !== undefined) changes.role = input.role;
        if (input.api_token !== undefined) changes.api_token = input.api_token;
        if (input.metadata !== undefined) changes.metadata = mergeMetadata(user.metadata, input.metadata) as QueryDeepPartialEntity<User>['metadata'];
        if (Object.keys(changes).length) await repo.update({ id }, changes);
        await emitEvent(manager, 'user.updated', { id });
        return this.retrieve(id, manager);
      });
    } catch (err) {
      // The token is a credential: two users may not share one (Medusa does not check).
      if (isUniqueViolation(err, 'IDX_user_api_token_unique')) throw ApiError.duplicate('The API token is already in use');
      throw err;
    }
  }

  /**
   * Soft-deletes the user and ends its logins (Medusa leaves its sessions and JWTs working);
   * an unknown id succeeds, as in Medusa. Emits `user.deleted` for a user that was live.
   */
  async delete(id: string): Promise<void> {
    await this.tx.run(async (manager) => {
      const result = await manager.getRepository(User).softDelete({ id });
      if (!result.affected) return;
      await this.endLogins(id, manager);
      await emitEvent(manager, 'user.deleted', { id });
    });
  }

  /** One page of live users and their total (ADMIN_USER_LIST). */
  list(filters: AdminGetUsersParams, config: FindConfig): Promise<[User[], number]> {
    return runList(this.dataSource.manager, ADMIN_USER_LIST, { ...filters }, config);
  }

  async retrieve(id: string, manager: EntityManager = this.dataSource.manager): Promise<User> {
    const user = await manager.getRepository(User).findOne({ where: { id } });
    if (!user) throw ApiError.notFound(`User with id: ${id} was not found`);
    return user;
  }

  /** Whether a live user has exactly this email (Medusa's invite check is case-sensitive). */
  existsWithExactEmail(email: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return manager.getRepository(User).exists({ where: { email } });
  }

  /** Whether a live user has this email in any case. */
  existsWithEmail(email: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return manager.getRepository(User).createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getExists();
  }

  /** The user whose email (case-insensitive) and password match, or undefined. */
  async authenticate(email: string, password: string): Promise<User | undefined> {
    const row = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.password_hash')
      .where('lower(u.email) = lower(:email)', { email })
      .getOne();
    // Verified even when there is no such user (see verifyPassword): same time either way.
    if (!(await verifyPassword(password, row?.password_hash)) || !row) return undefined;
    if (row.password_hash && needsRehash(row.password_hash)) {
      await replacePasswordHashIfUnchanged(this.dataSource.manager, row.id, row.password_hash, await hashPassword(password));
    }
    delete (row as Partial<User>).password_hash;
    return row;
  }

  /** The user's current token version, or undefined when there is no live user with that id. */
  tokenVersion(userId: string, manager: EntityManager = this.dataSource.manager): Promise<number | undefined> {
    return userTokenVersion(manager, userId);
  }

  async findByApiToken(token: string): Promise<User | null> {
    if (!token) return null;
    return this.dataSource.getRepository(User).findOne({ where: { api_token: token } });
  }

  /** The id of the user owning this API token (cached per process, see ApiTokenCache). */
  async userIdForApiToken(token: string): Promise<string | null> {
    if (!token) return null;
    return this.apiTokens.userIdFor(token, async (t) => (await this.findByApiToken(t))?.id ?? null);
  }

  /** Creates the user, or updates the one with that email (the `npm run user` and seed path). */
  async upsert(input: UpsertUserInput, manager: EntityManager = this.dataSource.manager): Promise<User> {
    const repo = manager.getRepository(User);
    const email = input.email.toLowerCase();
    const existing = await repo.createQueryBuilder('u').where('lower(u.email) = :email', { email }).getOne();
    const user = existing ?? repo.create({ id: input.id, email, role: input.role ?? 'admin', metadata: input.metadata ?? null });
    if (input.first_name !== undefined) user.first_name = input.first_name;
    if (input.last_name !== undefined) user.last_name = input.last_name;
    if (input.role !== undefined) user.role = input.role;
    if (input.metadata !== undefined) user.metadata = input.metadata;
    if (input.password !== undefined) user.password_hash = await hashPassword(input.password);
    if (input.api_token !== undefined) user.api_token = input.api_token;
    const saved = await repo.save(user);
    // A new password ends the logins the old one opened (admin JWTs and sessions).
    if (existing && input.password !== undefined) await this.endLogins(saved.id, manager);
    return this.retrieve(saved.id, manager);
  }

  /** Ends what the user's password opened: admin JWTs (the token version goes up) and cookie sessions. */
  async endLogins(userId: string, manager: EntityManager): Promise<void> {
    await bumpUserTokenVersion(manager, userId);
    await endSessionsOf(manager, 'user_id', userId);
  }
}
