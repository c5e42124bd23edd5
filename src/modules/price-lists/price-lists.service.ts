import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { toRelations } from '../../common/query/relations';
import { CustomerGroup } from '../customer-groups/customer-group.entity';
import { MoneyAmount } from '../products/money-amount.entity';
import { deletePriceListPrices, insertPriceListPrices, updatePriceListPrice } from '../products/products.repository';

type PriceListPriceRow = Parameters<typeof insertPriceListPrices>[2][number];
import { Region } from '../regions/region.entity';
import {
  AdminGetPriceListsParams,
  AdminPostPriceListsPriceListPriceListReq,
  AdminPostPriceListsPriceListReq,
  PriceListPriceReq,
} from './dto/admin-price-lists.dto';
import { ADMIN_PRICE_LIST_LIST, PRICE_LIST_RELATIONS } from './price-list-lists';
import { PriceList } from './price-list.entity';

/** A price of a list as Medusa answers it: with its variant as `variant` and `variants`. */
type PriceListPrice = MoneyAmount & { variants: unknown[]; variant: unknown };

/**
 * Price lists as Medusa v1's admin keeps them: CRUD with their customer groups and prices
 * (money amounts written through the products module, which owns them). Medusa emits no
 * event for any of this. The store's caches follow through the tables' change notices.
 */
@Injectable()
export class PriceListsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  list(query: AdminGetPriceListsParams, config: FindConfig): Promise<[PriceList[], number]> {
    return runList(this.dataSource.manager, ADMIN_PRICE_LIST_LIST, { ...query }, config);
  }

  async retrieve(id: string, manager: EntityManager = this.dataSource.manager): Promise<PriceList & { prices: PriceListPrice[] }> {
    const list = await manager.getRepository(PriceList).findOne({ where: { id }, relations: toRelations(PRICE_LIST_RELATIONS) });
    if (!list) throw ApiError.notFound(`Price list with id: ${id} was not found`);
    const prices = await manager
      .getRepository(MoneyAmount)
      .find({ where: { price_list_id: id }, relations: { variant: true }, order: { created_at: 'ASC', id: 'ASC' } });
    return Object.assign(list, {
      prices: prices.map((p) => Object.assign(p, { variants: p.variant ? [p.variant] : [], variant: p.variant ?? null })),
    });
  }

  async create(body: AdminPostPriceListsPriceListReq): Promise<string> {
    return this.tx.run(async (manager) => {
      const repo = manager.getRepository(PriceList);
      const list = repo.create({
        name: body.name,
        description: body.description,
        type: body.type,
        status: body.status ?? 'draft',
        starts_at: body.starts_at ? new Date(body.starts_at) : null,
        ends_at: body.ends_at ? new Date(body.ends_at) : null,
        customer_groups: await this.groupsOf(manager, body.customer_groups),
      });
      await repo.save(list);
      await insertPriceListPrices(manager, list.id, await this.priceRows(manager, body.prices), () => generateEntityId(MoneyAmount.idPrefix));
      return list.id;
    });
  }

  /** Given fields overwrite; `customer_groups` replaces the set; `prices` adds (no id) or updates (id) and never removes. */
  async update(id: string, body: AdminPostPriceListsPriceListPriceListReq): Promise<void> {
    await this.tx.run(async (manager) => {
      const list = await this.lock(manager, id);
      for (const key of ['name', 'description', 'type', 'status'] as const) if (body[key] !== undefined) Object.assign(list, { [key]: body[key] });
      if (body.starts_at !== undefined) list.starts_at = body.starts_at === null ? null : new Date(body.starts_at);
      if (body.ends_at !== undefined) list.ends_at = body.ends_at === null ? null : new Date(body.ends_at);
      if (body.customer_groups !== undefined) list.customer_groups = await this.groupsOf(manager, body.customer_groups);
      else delete list.customer_groups;
      await manager.getRepository(PriceList).save(list);
      if (body.prices) await this.upsertPrices(manager, id, body.prices);
    });
  }

  /** Hard delete with its prices (Medusa's cascade); unknown ids are a no-op. */
  async delete(id: string): Promise<void> {
    await this.tx.run(async (manager) => {
      await deletePriceListPrices(manager, id, { except: [] });
      await manager.getRepository(PriceList).delete({ id });
    });
  }

  /** Adds prices (always new rows); with `override`, every other price of the list is removed. */
  async addPrices(id: string, prices: PriceListPriceReq[], override: boolean): Promise<void> {
    await this.tx.run(async (manager) => {
      await this.lock(manager, id);
      const ids = await insertPriceListPrices(manager, id, await this.priceRows(manager, prices), () => generateEntityId(MoneyAmount.idPrefix));
      if (override) await deletePriceListPrices(manager, id, { except: ids });
    });
  }

  async deletePrices(id: string, priceIds: string[]): Promise<void> {
    await this.tx.run(async (manager) => {
      await this.lock(manager, id);
      await deletePriceListPrices(manager, id, { ids: priceIds });
    });
  }

  /** The list's prices of products' variants, or of one variant; the ids deleted (none for an unknown list). */
  deleteProductPrices(id: string, productIds: string[]): Promise<string[]> {
    return this.tx.run((manager) => deletePriceListPrices(manager, id, { productIds }));
  }

  deleteVariantPrices(id: string, variantId: string): Promise<string[]> {
    return this.tx.run((manager) => deletePriceListPrices(manager, id, { variantIds: [variantId] }));
  }

  private async upsertPrices(manager: EntityManager, listId: string, prices: PriceListPriceReq[]): Promise<void> {
    const fresh = prices.filter((p) => !p.id);
    await insertPriceListPrices(manager, listId, await this.priceRows(manager, fresh), () => generateEntityId(MoneyAmount.idPrefix));
    for (const price of prices.filter((p) => p.id)) {
      const [row] = await this.priceRows(manager, [price]);
      const fields: Partial<PriceListPriceRow> = { variant_id: row.variant_id, amount: row.amount };
      if (price.region_id || price.currency_code) Object.assign(fields, { currency_code: row.currency_code, region_id: row.region_id });
      if (price.min_quantity !== undefined) fields.min_quantity = price.min_quantity;
      if (price.max_quantity !== undefined) fields.max_quantity = price.max_quantity;
      if (!(await updatePriceListPrice(manager, listId, price.id!, fields))) throw ApiError.notFound(`Money amount with id: ${price.id} was not found`);
    }
  }

  /** Region prices take the region's currency; an unknown region is a 404 (Medusa: 500). */
  private async priceRows(manager: EntityManager, prices: PriceListPriceReq[]): Promise<PriceListPriceRow[]> {
    const regionIds = [...new Set(prices.flatMap((p) => (p.region_id ? [p.region_id] : [])))];
    const regions = regionIds.length
      ? await manager.getRepository(Region).find({ where: { id: In(regionIds) }, select: { id: true, currency_code: true } })
      : [];
    return prices.map((p) => {
      const region = p.region_id ? regions.find((r) => r.id === p.region_id) : undefined;
      if (p.region_id && !region) throw ApiError.notFound(`Region with id: ${p.region_id} was not found`);
      return {
        variant_id: p.variant_id,
        currency_code: region ? region.currency_code : (p.currency_code ?? '').toLowerCase(),
        region_id: p.region_id ?? null,
        amount: p.amount,
        min_quantity: p.min_quantity ?? null,
        max_quantity: p.max_quantity ?? null,
      };
    });
  }

  private async groupsOf(manager: EntityManager, groups: Array<{ id: string }> | undefined): Promise<CustomerGroup[]> {
    if (!groups?.length) return [];
    const ids = groups.map((g) => g.id);
    const found = await manager.getRepository(CustomerGroup).find({ where: { id: In(ids) } });
    const missing = ids.find((id) => !found.some((g) => g.id === id));
    if (missing) throw ApiError.notFound(`CustomerGroup with id ${missing} was not found`);
    return found;
  }

  private async lock(manager: EntityManager, id: string): Promise<PriceList> {
    const list = await manager.getRepository(PriceList).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!list) throw ApiError.notFound(`Price list with id: ${id} was not found`);
    return list;
  }
}
