import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { SalesChannel } from '../sales-channels/sales-channel.entity';
import { ShippingProfile, ShippingProfileType } from '../shipping/shipping-profile.entity';
import { Store } from './store.entity';

/**
 * The store row and the defaults every deployment has (default sales channel, default
 * and gift-card shipping profiles). They are created by migration; these lookups are
 * what other modules call, and the writes what the seed calls (the admin's writes, with
 * Medusa's rules and errors, are AdminStoreService's).
 */
@Injectable()
export class StoreSettingsService {
  constructor(private readonly dataSource: DataSource) {}

  async retrieve(manager: EntityManager = this.dataSource.manager): Promise<Store> {
    const store = await manager.getRepository(Store).findOne({ where: {}, order: { created_at: 'ASC' }, relations: { currencies: true } });
    if (!store) throw new Error('The store row is missing: run the migrations');
    return store;
  }

  async defaultSalesChannel(manager: EntityManager = this.dataSource.manager): Promise<SalesChannel> {
    const store = await this.retrieve(manager);
    return manager.getRepository(SalesChannel).findOneOrFail({ where: { id: store.default_sales_channel_id! } });
  }

  /** Adds a currency the store does not have yet (the seed: it never removes one). */
  async addCurrency(storeId: string, currencyCode: string, manager: EntityManager): Promise<void> {
    await manager.createQueryBuilder().relation(Store, 'currencies').of(storeId).add(currencyCode);
  }

  /**
   * Sets the store's own columns. update(), not save(): saving a loaded store would rewrite
   * its currencies from a possibly stale relation.
   */
  async setFields(
    storeId: string,
    fields: { name?: string; metadata?: Record<string, unknown> | null; default_currency_code?: string },
    manager: EntityManager,
  ): Promise<void> {
    if (Object.keys(fields).length) await manager.getRepository(Store).update({ id: storeId }, fields as QueryDeepPartialEntity<Store>);
  }

  async shippingProfile(type: Exclude<ShippingProfileType, 'custom'>, manager: EntityManager = this.dataSource.manager): Promise<ShippingProfile> {
    return manager.getRepository(ShippingProfile).findOneOrFail({ where: { type }, order: { created_at: 'ASC' } });
  }
}
