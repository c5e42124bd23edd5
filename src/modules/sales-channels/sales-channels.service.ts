import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { emitEvent } from '../events/outbox';
import { Product } from '../products/product.entity';
import { addProductsToSalesChannel, removeProductsFromSalesChannel } from '../products/products.repository';
import { Store } from '../store-settings/store.entity';
import { AdminGetSalesChannelsParams, AdminPostSalesChannelsReq, AdminPostSalesChannelsSalesChannelReq } from './dto/admin-sales-channels.dto';
import { ADMIN_SALES_CHANNEL_LIST } from './sales-channel-lists';
import { SalesChannel } from './sales-channel.entity';

/** Sales channels as Medusa v1's admin keeps them: CRUD, their products, Medusa's events. */
@Injectable()
export class SalesChannelsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  /** A page of channels (ADMIN_SALES_CHANNEL_LIST). */
  list(query: AdminGetSalesChannelsParams, config: FindConfig): Promise<[SalesChannel[], number]> {
    return runList(this.dataSource.manager, ADMIN_SALES_CHANNEL_LIST, { ...query }, config);
  }

  async retrieve(id: string, manager: EntityManager = this.dataSource.manager): Promise<SalesChannel> {
    const channel = await manager.getRepository(SalesChannel).findOne({ where: { id } });
    if (!channel) throw ApiError.notFound(`Sales channel with id: ${id} was not found`);
    return channel;
  }

  async create(body: AdminPostSalesChannelsReq): Promise<SalesChannel> {
    return this.tx.run(async (manager) => {
      const repo = manager.getRepository(SalesChannel);
      const channel = await repo.save(repo.create({ name: body.name, description: body.description ?? null, is_disabled: body.is_disabled ?? false }));
      // Medusa emits this before the row has its id ({ id: undefined }); here it carries the id (docs/medusa-differences.md).
      await emitEvent(manager, 'sales_channel.created', { id: channel.id });
      return this.retrieve(channel.id, manager);
    });
  }

  async update(id: string, body: AdminPostSalesChannelsSalesChannelReq): Promise<SalesChannel> {
    return this.tx.run(async (manager) => {
      const channel = await this.lock(manager, id);
      for (const key of ['name', 'description', 'is_disabled'] as const) if (body[key] !== undefined) Object.assign(channel, { [key]: body[key] });
      await manager.getRepository(SalesChannel).save(channel);
      await emitEvent(manager, 'sales_channel.updated', { id });
      return this.retrieve(id, manager);
    });
  }

  /** Soft delete; the store's default channel is refused; an unknown id is a no-op. Product links stay (as Medusa). */
  async delete(id: string): Promise<void> {
    await this.tx.run(async (manager) => {
      const store = await manager
        .getRepository(Store)
        .findOne({ where: {}, select: { id: true, default_sales_channel_id: true }, order: { created_at: 'ASC' } });
      if (store?.default_sales_channel_id === id) throw ApiError.notAllowed('You cannot delete the default sales channel');
      const result = await manager.getRepository(SalesChannel).softDelete({ id });
      if (result.affected) await emitEvent(manager, 'sales_channel.deleted', { id });
    });
  }

  /** Adds live products to the channel; unknown products are one "multiple errors" 400. */
  async addProducts(id: string, productIds: string[]): Promise<SalesChannel> {
    return this.tx.run(async (manager) => {
      const found = productIds.length ? await manager.getRepository(Product).find({ where: { id: In(productIds) }, select: { id: true } }) : [];
      const missing = productIds.filter((p) => !found.some((f) => f.id === p));
      if (missing.length) throw ApiError.multiple([`Products ${missing.join(', ')} do not exist`]);
      await this.lock(manager, id, `Sales_channel with sales_channel_id ${id} does not exist.`);
      await addProductsToSalesChannel(manager, id, productIds);
      return this.retrieve(id, manager);
    });
  }

  async removeProducts(id: string, productIds: string[]): Promise<SalesChannel> {
    return this.tx.run(async (manager) => {
      await this.lock(manager, id);
      await removeProductsFromSalesChannel(manager, id, productIds);
      return this.retrieve(id, manager);
    });
  }

  private async lock(manager: EntityManager, id: string, missing = `Sales channel with id: ${id} was not found`): Promise<SalesChannel> {
    const channel = await manager.getRepository(SalesChannel).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!channel) throw ApiError.notFound(missing);
    return channel;
  }
}
