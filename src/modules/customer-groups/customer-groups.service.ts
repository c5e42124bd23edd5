import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, Not, QueryFailedError } from 'typeorm';
import { mergeMetadata } from '../../common/database/metadata';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { PgErrorCode } from '../../common/errors/pg-errors';
import type { DateComparisonOperator } from '../../common/query/find-params.dto';
import { runList } from '../../common/query/list-spec';
import { ADMIN_CUSTOMER_GROUP_LIST } from './customer-group-lists';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { toRelations } from '../../common/query/relations';
import { Customer } from '../customers/customer.entity';
import { addGroupMembers, removeAllGroupMembers, removeGroupMembers } from '../customers/customers.repository';
import { CustomerListFilters, CustomersService } from '../customers/customers.service';
import { CustomerGroup } from './customer-group.entity';
import { boundedJson } from '../../common/validation/stored-json-bounds';

export interface CustomerGroupListFilters {
  q?: string;
  id?: string[];
  name?: string[];
  discount_condition_id?: string;
  created_at?: DateComparisonOperator;
  updated_at?: DateComparisonOperator;
}

const NAME_UNIQUE_INDEX = 'IDX_customer_group_name_unique';

function duplicateName(name: string): ApiError {
  return ApiError.duplicate(`Key (name)=(${name}) already exists.`);
}

function isNameTaken(err: unknown): boolean {
  const driver = (err as { driverError?: { code?: string; constraint?: string } }).driverError;
  return err instanceof QueryFailedError && driver?.code === PgErrorCode.UNIQUE_VIOLATION && driver.constraint === NAME_UNIQUE_INDEX;
}

@Injectable()
export class CustomerGroupsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly customers: CustomersService,
  ) {}

  list(filters: CustomerGroupListFilters, config: FindConfig): Promise<[CustomerGroup[], number]> {
    return runList(this.dataSource.manager, ADMIN_CUSTOMER_GROUP_LIST, { ...filters }, config);
  }

  /** The group with that id and relations, as `manager` sees it; 404 otherwise. */
  async retrieve(id: string, relations: string[], manager: EntityManager): Promise<CustomerGroup> {
    const group = await manager.getRepository(CustomerGroup).findOne({ where: { id }, relations: toRelations(relations), relationLoadStrategy: 'query' });
    if (!group) throw ApiError.notFound(`CustomerGroup with id ${id} was not found`);
    return group;
  }

  /** retrieve() outside any transaction (what is committed). */
  retrieveCommitted(id: string, relations: string[] = []): Promise<CustomerGroup> {
    return this.retrieve(id, relations, this.dataSource.manager);
  }

  /** Names are unique among live groups; the partial unique index settles races. */
  async create(input: { name: string; metadata?: Record<string, unknown> }): Promise<CustomerGroup> {
    const repo = this.dataSource.getRepository(CustomerGroup);
    if (await repo.exists({ where: { name: input.name } })) throw duplicateName(input.name);
    const group = repo.create({ name: input.name, metadata: boundedJson('metadata', input.metadata ?? null) });
    try {
      await repo.save(group);
    } catch (err) {
      if (isNameTaken(err)) throw duplicateName(input.name);
      throw err;
    }
    return this.retrieveCommitted(group.id);
  }

  /** Updates name and metadata (merged) under a row lock. */
  async update(id: string, input: { name?: string; metadata?: Record<string, unknown> | null }, relations: string[] = []): Promise<CustomerGroup> {
    try {
      return await this.tx.run(async (manager) => {
        const repo = manager.getRepository(CustomerGroup);
        const group = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!group) throw ApiError.notFound(`CustomerGroup with id ${id} was not found`);
        if (input.name !== undefined && input.name !== group.name) {
          if (await repo.exists({ where: { name: input.name, id: Not(id) } })) throw duplicateName(input.name);
          group.name = input.name;
        }
        if (input.metadata !== undefined) group.metadata = mergeMetadata(group.metadata, input.metadata);
        await repo.save(group);
        return this.retrieve(id, relations, manager);
      });
    } catch (err) {
      if (isNameTaken(err)) throw duplicateName(input.name!);
      throw err;
    }
  }

  /**
   * Soft-deletes the group and removes its memberships (the customers stay). Deleting a
   * group that does not exist (or no longer does) succeeds, as in Medusa.
   */
  async delete(id: string): Promise<void> {
    await this.tx.run(async (manager) => {
      await removeAllGroupMembers(manager, id);
      await manager.getRepository(CustomerGroup).softDelete({ id });
    });
  }

  /** The group's customers; 404 for an unknown group. */
  async listCustomers(id: string, filters: Omit<CustomerListFilters, 'groups'>, config: FindConfig): Promise<[Customer[], number]> {
    await this.retrieveCommitted(id);
    return this.customers.list({ ...filters, groups: [id] }, config);
  }

  /**
   * Adds customers to the group (re-adding a member is a no-op). All ids must name live
   * customers, otherwise 404 naming the unknown ones and nothing is added. The group row
   * is locked so a concurrent delete cannot leave memberships of a deleted group.
   */
  async addCustomers(id: string, customerIds: string[]): Promise<CustomerGroup> {
    return this.tx.run(async (manager) => {
      await this.lockGroup(id, manager);
      const unique = [...new Set(customerIds)];
      if (unique.length) {
        const found = await manager.getRepository(Customer).find({ select: { id: true }, where: { id: In(unique) } });
        const known = new Set(found.map((c) => c.id));
        const missing = unique.filter((c) => !known.has(c));
        if (missing.length) throw ApiError.notFound(`The following customer ids do not exist: ${JSON.stringify(missing.join(', '))}`);
        await addGroupMembers(manager, id, unique);
      }
      return this.retrieve(id, [], manager);
    });
  }

  /** Removes customers from the group; ids that are not members are ignored. */
  async removeCustomers(id: string, customerIds: string[]): Promise<CustomerGroup> {
    return this.tx.run(async (manager) => {
      const group = await this.lockGroup(id, manager);
      if (customerIds.length) {
        await removeGroupMembers(manager, id, customerIds);
      }
      return group;
    });
  }

  private async lockGroup(id: string, manager: EntityManager): Promise<CustomerGroup> {
    const group = await manager.getRepository(CustomerGroup).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!group) throw ApiError.notFound(`CustomerGroup with id ${id} was not found`);
    return group;
  }
}
