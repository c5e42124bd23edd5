import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { SalesChannel } from '../sales-channels/sales-channel.entity';
import { ShippingProfile, ShippingProfileType } from '../shipping/shipping-profile.entity';
import { Store } from './store.entity';

/**
 * The store row and the defaults every deployment has (default sales channel, default
 * and gift-card shipping profiles). They are created by migration; these lookups are
 * what other modules call.
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

  async shippingProfile(type: Exclude<ShippingProfileType, 'custom'>, manager: EntityManager = this.dataSource.manager): Promise<ShippingProfile> {
    return manager.getRepository(ShippingProfile).findOneOrFail({ where: { type }, order: { created_at: 'ASC' } });
  }
}
