import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { toRelations } from '../../common/query/relations';
import { boundedJson } from '../../common/validation/stored-json-bounds';
import { ProductType } from '../products/product-taxonomy.entities';
import { Product } from '../products/product.entity';
import { Region } from '../regions/region.entity';
import { ShippingOption } from '../shipping/shipping-option.entity';
import type { TaxRateOverrides } from './tax-rate-overrides';
import { ADMIN_TAX_RATE_LIST, TAX_RATE_COLUMNS } from './tax-rate-lists';
import { TaxRate } from './tax-rate.entity';
import { attachRate, detachRate, loadTaxRateOverrides, OverrideKind, OverrideTargets } from './tax-rates.repository';

export interface TaxRateInput {
  code?: string;
  name?: string;
  region_id?: string;
  rate?: number | null;
  metadata?: Record<string, unknown>;
  products?: string[];
  product_types?: string[];
  shipping_options?: string[];
}

const KINDS: OverrideKind[] = ['products', 'product_types', 'shipping_options'];

/**
 * Tax rates as Medusa v1's TaxRateService keeps them (no events): CRUD, the product,
 * product type and shipping option attachments, and the overrides a tax calculation of a
 * region needs (one statement, loadTaxRateOverrides).
 */
@Injectable()
export class TaxRatesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  overrides(regionId: string, targets: OverrideTargets, manager: EntityManager = this.dataSource.manager): Promise<TaxRateOverrides> {
    return loadTaxRateOverrides(manager, regionId, targets);
  }

  list(filters: Record<string, unknown>, config: FindConfig): Promise<[TaxRate[], number]> {
    return runList(this.dataSource.manager, ADMIN_TAX_RATE_LIST, filters, config);
  }

  /** The rate with Medusa's default select (no metadata) and `relations`; 404 otherwise. */
  async retrieve(id: string, relations: readonly string[] = [], manager: EntityManager = this.dataSource.manager): Promise<TaxRate> {
    const rate = await manager.getRepository(TaxRate).findOne({
      where: { id },
      select: Object.fromEntries(TAX_RATE_COLUMNS.map((c) => [c, true])),
      relations: toRelations([...relations]),
      relationLoadStrategy: 'query',
    });
    if (!rate) throw ApiError.notFound(`TaxRate with ${id} was not found`);
    return rate;
  }

  /** Creates a rate of an existing region, attached to the listed targets, in one transaction (Medusa's errors). */
  async create(input: TaxRateInput & { code: string; name: string; region_id: string }, relations: readonly string[]): Promise<TaxRate> {
    const id = generateEntityId(TaxRate.idPrefix);
    return this.tx.run(async (manager) => {
      if (!(await manager.getRepository(Region).exists({ where: { id: input.region_id } }))) {
        throw ApiError.notFound(`Region with region_id ${input.region_id} does not exist.`);
      }
      const repo = manager.getRepository(TaxRate);
      await repo.save(
        repo.create({
          id,
          code: input.code,
          name: input.name,
          region_id: input.region_id,
          rate: input.rate ?? null,
          metadata: boundedJson('metadata', input.metadata ?? null),
        }),
      );
      // Medusa answers an unknown product with the rate it could not keep (its error handler looks it up after the rollback).
      await this.attach(manager, id, input.region_id, 'products', input.products ?? [], `TaxRate with ${id} was not found`);
      await this.attach(manager, id, input.region_id, 'product_types', input.product_types ?? []);
      await this.attach(manager, id, input.region_id, 'shipping_options', input.shipping_options ?? []);
      return this.retrieve(id, relations, manager);
    });
  }

  /** Sets the given scalars; each given list replaces that set of attachments. */
  async update(id: string, input: TaxRateInput, relations: readonly string[]): Promise<TaxRate> {
    return this.tx.run(async (manager) => {
      const rate = await this.locked(id, manager);
      const changes: { region_id?: string; code?: string; name?: string; rate?: number | null } = {};
      if (input.region_id !== undefined && input.region_id !== rate.region_id) {
        if (!(await manager.getRepository(Region).exists({ where: { id: input.region_id } }))) {
          throw ApiError.notFound(`Region with region_id ${input.region_id} does not exist.`);
        }
        changes.region_id = input.region_id;
      }
      if (input.code !== undefined) changes.code = input.code;
      if (input.name !== undefined) changes.name = input.name;
      if (input.rate !== undefined) changes.rate = input.rate;
      if (Object.keys(changes).length) await manager.getRepository(TaxRate).update({ id }, changes);
      const regionId = changes.region_id ?? rate.region_id;
      for (const kind of KINDS) {
        const ids = input[kind];
        if (ids === undefined) continue;
        await detachRate(manager, kind, id, { keep: ids });
        await this.attach(manager, id, regionId, kind, ids);
      }
      return this.retrieve(id, relations, manager);
    });
  }

  /** Hard delete (the attachments cascade); an unknown id succeeds (Medusa). */
  async delete(id: string): Promise<void> {
    await this.dataSource.getRepository(TaxRate).delete({ id });
  }

  /** Attaches the rate to more targets of a kind (the batch routes). */
  async addTargets(id: string, kind: OverrideKind, ids: string[], relations: readonly string[]): Promise<TaxRate> {
    return this.tx.run(async (manager) => {
      const rate = await this.locked(id, manager);
      await this.attach(manager, id, rate.region_id, kind, ids);
      return this.retrieve(id, relations, manager);
    });
  }

  /** Detaches the rate from targets of a kind (unknown ids ignored). */
  async removeTargets(id: string, kind: OverrideKind, ids: string[], relations: readonly string[]): Promise<TaxRate> {
    return this.tx.run(async (manager) => {
      await this.locked(id, manager);
      await detachRate(manager, kind, id, { only: ids });
      return this.retrieve(id, relations, manager);
    });
  }

  private async locked(id: string, manager: EntityManager): Promise<TaxRate> {
    const rate = await manager.getRepository(TaxRate).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!rate) throw ApiError.notFound(`TaxRate with ${id} was not found`);
    return rate;
  }

  /** Every target must exist (Medusa's 404s); a shipping option must be of the rate's region (400 not_allowed). */
  private async attach(
    manager: EntityManager,
    rateId: string,
    regionId: string,
    kind: OverrideKind,
    ids: readonly string[],
    productMissing?: string,
  ): Promise<void> {
    const unique = [...new Set(ids)];
    if (!unique.length) return;
    if (kind === 'products') {
      const found = new Set((await manager.getRepository(Product).find({ select: { id: true }, where: { id: In(unique) } })).map((p) => p.id));
      const missing = unique.find((p) => !found.has(p));
      if (missing) throw ApiError.notFound(productMissing ?? `Product with id: ${missing} was not found`);
    } else if (kind === 'product_types') {
      const found = new Set((await manager.getRepository(ProductType).find({ select: { id: true }, where: { id: In(unique) } })).map((p) => p.id));
      const missing = unique.find((p) => !found.has(p));
      if (missing) throw ApiError.notFound(`Product type with id: ${missing} was not found`);
    } else {
      const options = await manager.getRepository(ShippingOption).find({ select: { id: true, region_id: true }, where: { id: In(unique) } });
      const byId = new Map(options.map((o) => [o.id, o]));
      for (const optionId of unique) {
        const option = byId.get(optionId);
        if (!option) throw ApiError.notFound(`Shipping Option with ${optionId} was not found`);
        if (option.region_id !== regionId) {
          throw ApiError.notAllowed(
            `Shipping Option and Tax Rate must belong to the same Region to be associated. Shipping Option with id: ${optionId} belongs to Region with id: ${option.region_id} and Tax Rate with id: ${rateId} belongs to Region with id: ${regionId}`,
          );
        }
      }
    }
    await attachRate(manager, kind, rateId, unique);
  }
}
