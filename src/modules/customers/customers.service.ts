import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull, QueryFailedError } from 'typeorm';
import { hashPassword, needsRehash, verifyPassword } from '../../common/auth/password-hasher';
import { endSessionsOf } from '../auth/login-sessions.repository';
import { customerEventData, emitEvent } from '../events/outbox';
import { loadJsonTree } from '../../common/database/json-tree-loader';
import { generateEntityId } from '../../common/database/ids';
import { mergeMetadata } from '../../common/database/metadata';
import { boundedJson } from '../../common/validation/stored-json-bounds';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { PgErrorCode } from '../../common/errors/pg-errors';
import type { DateComparisonOperator } from '../../common/query/find-params.dto';
import { runList } from '../../common/query/list-spec';
import { ADMIN_CUSTOMER_LIST, CUSTOMER_SEARCH_COLUMNS } from './customer-lists';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { FrequentTrigrams } from '../../common/query/frequent-trigrams';
import { narrowSearchTerm } from '../../common/query/trigram-search';
import { CustomerGroup } from '../customer-groups/customer-group.entity';
import { AddressInput, setBillingAddress } from './customer-addresses.service';
import { Customer } from './customer.entity';
import {
  bumpCustomerTokenVersion,
  customerTokenVersion,
  findGuest,
  findOrInsertGuest,
  type GuestCustomer,
  replaceCustomerGroups,
  replacePasswordHashIfUnchanged,
} from './customers.repository';

export interface CustomerListFilters {
  q?: string;
  has_account?: boolean;
  groups?: string[];
  created_at?: DateComparisonOperator;
  updated_at?: DateComparisonOperator;
}

export interface CreateAccountInput {
  email: string;
  password: string;
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  metadata?: Record<string, unknown> | null;
}

export interface UpdateCustomerInput {
  email?: string;
  first_name?: string;
  last_name?: string;
  phone?: string;
  password?: string;
  groups?: Array<{ id: string }>;
  metadata?: Record<string, unknown> | null;
  /** An address object or the id of one of the customer's addresses; null changes nothing. */
  billing_address?: AddressInput | string | null;
}

const ACCOUNT_EXISTS = 'A customer with the given email already has an account. Log in instead';
const EMAIL_UNIQUE_INDEX = 'IDX_customer_email_has_account_unique';
/** Emails are stored lower-cased so lookups can use the (email, has_account) index. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function isUniqueViolation(err: unknown, constraint: string): boolean {
  const driver = (err as { driverError?: { code?: string; constraint?: string } }).driverError;
  return err instanceof QueryFailedError && driver?.code === PgErrorCode.UNIQUE_VIOLATION && driver.constraint === constraint;
}

/**
 * Customers: guest rows (created at checkout from an email) and account rows (created at
 * registration, with a password). An email has at most one live row of each kind; the two
 * are never merged, because emails are not verified.
 */
/** The caller's own login, which a password change it asks for leaves open. */
export interface KeptLogin {
  keepSessionId?: string;
  keepTokenId?: string;
}

@Injectable()
export class CustomersService {
  private readonly searchTrigrams: FrequentTrigrams;

  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {
    this.searchTrigrams = new FrequentTrigrams(dataSource, { table: 'customer', columns: CUSTOMER_SEARCH_COLUMNS, liveRows: 'deleted_at IS NULL' });
  }

  /** A page of customers; `groups` keeps customers that belong to any of those groups. */
  list(filters: CustomerListFilters, config: FindConfig): Promise<[Customer[], number]> {
    const indexTerms = filters.q ? this.searchIndexTerms(filters.q) : undefined;
    return runList(this.dataSource.manager, ADMIN_CUSTOMER_LIST, { ...filters }, config, { indexTerms });
  }

  /** Per search column, the part of `q` the trigram index is asked for (see trigram-search). */
  searchIndexTerms(q: string): Record<string, string> {
    const frequent = this.searchTrigrams.byColumn();
    return Object.fromEntries(CUSTOMER_SEARCH_COLUMNS.map((column) => [column, narrowSearchTerm(q, frequent.get(column) ?? new Set())]));
  }

  /** Samples which trigrams are common now (otherwise done in the background after start and every few minutes). */
  resampleSearchTrigrams(): Promise<void> {
    return this.searchTrigrams.resample();
  }

  /** The live customer with that id, with the given relations, as `manager` sees it; 404 otherwise. */
  async retrieve(id: string, relations: readonly string[], manager: EntityManager): Promise<Customer> {
    // With relations, one JSON-tree statement (loadJsonTree) instead of TypeORM's query per relation.
    const customer = relations.length ? await loadJsonTree(manager, Customer, id, relations) : await manager.getRepository(Customer).findOne({ where: { id } });
    if (!customer) throw ApiError.notFound(`Customer with id: ${id} was not found`);
    return customer;
  }

  /** retrieve() outside any transaction: what is committed (routes' answers). Inside one, retrieve() with its manager. */
  retrieveCommitted(id: string, relations: readonly string[] = []): Promise<Customer> {
    return this.retrieve(id, relations, this.dataSource.manager);
  }

  /**
   * Creates a registered account (has_account true, password hashed). An email that
   * already has an account is a 422; a guest row with that email is left untouched and
   * a separate account row is created next to it. The unique index on
   * (email, has_account) settles concurrent registrations of one email. Opens its own
   * transaction (no route registers an account inside another write).
   */
  async createAccount(input: CreateAccountInput): Promise<Customer> {
    const email = normalizeEmail(input.email);
    const metadata = boundedJson('metadata', input.metadata ?? null);
    const password_hash = await hashPassword(input.password);
    return this.tx.run(async (manager) => {
      const repo = manager.getRepository(Customer);
      if (await repo.exists({ where: { email, has_account: true } })) throw ApiError.duplicate(ACCOUNT_EXISTS);
      const customer = repo.create({
        email,
        first_name: input.first_name ?? null,
        last_name: input.last_name ?? null,
        phone: input.phone ?? null,
        metadata,
        has_account: true,
        password_hash,
      });
      try {
        await repo.save(customer);
      } catch (err) {
        if (isUniqueViolation(err, EMAIL_UNIQUE_INDEX)) throw ApiError.duplicate(ACCOUNT_EXISTS);
        throw err;
      }
      await emitEvent(manager, 'customer.created', customerEventData(customer));
      return this.retrieve(customer.id, [], manager);
    });
  }

  /**
   * The live guest customer with that email (its id and email), created if there is none,
   * in one statement. Safe under concurrency: the insert does nothing when another
   * transaction created the row first (it waits for that one to commit), and the row is
   * then read back. Account rows are never returned: a checkout with an email must not
   * attach to someone's account.
   */
  async findOrCreateGuest(email: string, manager: EntityManager): Promise<GuestCustomer> {
    const normalized = normalizeEmail(email);
    const row = await findOrInsertGuest(manager, normalized, generateEntityId(Customer.idPrefix));
    if (row) return row;
    const raced = await findGuest(manager, normalized);
    if (!raced) throw new Error(`The guest customer ${normalized} was neither found nor created`);
    return raced;
  }

  /**
   * Updates a customer under a row lock. The email of a registered account cannot change
   * here, except by the customer itself (`ownAccount`), where it stays unique among
   * accounts; `groups` replaces all memberships (unknown group: 404, nothing changed).
   */
  async update(id: string, input: UpdateCustomerInput, relations: string[] = [], options: { ownAccount?: boolean } & KeptLogin = {}): Promise<Customer> {
    return this.tx.run(async (manager) => {
      const repo = manager.getRepository(Customer);
      const customer = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!customer) throw ApiError.notFound(`Customer with id: ${id} was not found`);
      if (input.email !== undefined) {
        if (customer.has_account && !options.ownAccount) throw ApiError.invalid('Email cannot be changed when the user has registered their account');
        customer.email = normalizeEmail(input.email);
      }
      if (input.first_name !== undefined) customer.first_name = input.first_name;
      if (input.last_name !== undefined) customer.last_name = input.last_name;
      if (input.phone !== undefined) customer.phone = input.phone;
      if (input.metadata !== undefined) customer.metadata = mergeMetadata(customer.metadata, input.metadata);
      if (input.billing_address !== undefined) await setBillingAddress(customer, input.billing_address, manager);
      await repo.save(customer);
      await emitEvent(manager, 'customer.updated', customerEventData(customer));
      if (input.password !== undefined)
        await this.changePassword(customer.id, input.password, { keepSessionId: options.keepSessionId, keepTokenId: options.keepTokenId }, manager);
      if (input.groups !== undefined)
        await this.replaceGroups(
          customer.id,
          input.groups.map((g) => g.id),
          manager,
        );
      return this.retrieve(id, relations, manager);
    });
  }

  /**
   * Sets a customer's password and ends every login the old one opened: store JWTs signed
   * before (the token version goes up) and the customer's cookie sessions, except
   * `keepSessionId` / `keepTokenId` (the session or store JWT asking for the change, when the
   * shopper changes it themselves: they stay logged in). Every path that sets a customer's
   * password goes through here, inside the transaction of the change that asks for it
   * (`manager`). 404 for an unknown customer.
   */
  async changePassword(customerId: string, password: string, keep: KeptLogin, manager: EntityManager): Promise<void> {
    const hash = await hashPassword(password);
    const repo = manager.getRepository(Customer);
    const { affected } = await repo.update({ id: customerId, deleted_at: IsNull() }, { password_hash: hash });
    if (!affected) throw ApiError.notFound(`Customer with id: ${customerId} was not found`);
    await bumpCustomerTokenVersion(manager, customerId);
    await endSessionsOf(manager, 'customer_id', customerId, keep.keepSessionId);
    if (keep.keepTokenId) await repo.update(customerId, { kept_token_id: keep.keepTokenId });
  }

  /** The customer's committed token version (read outside any transaction), or undefined when there is no live customer with that id. */
  tokenVersion(customerId: string): Promise<number | undefined> {
    return customerTokenVersion(this.dataSource.manager, customerId);
  }

  /** The account (has_account) whose email and password match, or undefined; a login, outside any transaction. */
  async authenticate(email: string, password: string): Promise<Customer | undefined> {
    const manager = this.dataSource.manager;
    const row = await manager
      .getRepository(Customer)
      .createQueryBuilder('customer')
      .addSelect('customer.password_hash')
      .where('customer.email = :email AND customer.has_account = true', { email: normalizeEmail(email) })
      .getOne();
    // Verified even when there is no such account (see verifyPassword): same time either way.
    if (!(await verifyPassword(password, row?.password_hash)) || !row) return undefined;
    if (row.password_hash && needsRehash(row.password_hash)) {
      await replacePasswordHashIfUnchanged(manager, row.id, row.password_hash, await hashPassword(password));
    }
    delete row.password_hash;
    return row;
  }

  /** Whether a committed registered account exists for that email (guest rows do not count). */
  hasAccount(email: string): Promise<boolean> {
    return this.dataSource.manager.getRepository(Customer).exists({ where: { email: normalizeEmail(email), has_account: true } });
  }

  private async replaceGroups(customerId: string, groupIds: string[], manager: EntityManager): Promise<void> {
    const unique = [...new Set(groupIds)];
    if (unique.length) {
      const found = await manager.getRepository(CustomerGroup).find({ select: { id: true }, where: { id: In(unique) } });
      const known = new Set(found.map((g) => g.id));
      const missing = unique.find((g) => !known.has(g));
      if (missing) throw ApiError.notFound(`Customer_group with customer_group_id ${missing} does not exist.`);
    }
    await replaceCustomerGroups(manager, customerId, unique);
  }
}
