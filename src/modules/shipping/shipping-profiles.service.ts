import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { mergeMetadata } from '../../common/database/metadata';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import { boundedJson } from '../../common/validation/stored-json-bounds';
import { Product } from '../products/product.entity';
import { moveProductsIntoShippingProfile } from '../products/products.repository';
import { ShippingOption } from './shipping-option.entity';
import { ADMIN_SHIPPING_PROFILE_LIST, SHIPPING_PROFILE_PAGE } from './shipping-profile-lists';
import { ShippingProfile, ShippingProfileType } from './shipping-profile.entity';

/** A profile as its admin routes answer it: with its products (each with its profiles) and its options. */
export type ShippingProfileWithRelations = ShippingProfile & { products: Product[]; shipping_options: ShippingOption[] };

export interface ShippingProfileUpdate {
  name?: string;
  type?: ShippingProfileType;
  metadata?: Record<string, unknown> | null;
  products?: string[];
  shipping_options?: string[];
}

/**
 * Shipping profiles as Medusa v1's ShippingProfileService keeps them: no uniqueness, no
 * event, deletes without a check (products and options keep pointing at a deleted profile,
 * as in Medusa).
 */
@Injectable()
export class ShippingProfilesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  /** Medusa's list: the first SHIPPING_PROFILE_LIST_SIZE live profiles, no count. */
  async list(): Promise<ShippingProfile[]> {
    const [profiles] = await runList(this.dataSource.manager, ADMIN_SHIPPING_PROFILE_LIST, {}, SHIPPING_PROFILE_PAGE);
    return profiles;
  }

  /** A live profile with its products and options; 404 with Medusa's message otherwise. */
  async retrieve(id: string, manager: EntityManager = this.dataSource.manager): Promise<ShippingProfileWithRelations> {
    const profile = await manager.getRepository(ShippingProfile).findOne({ where: { id } });
    if (!profile) throw ApiError.notFound(`Profile with id: ${id} was not found`);
    const [products, shipping_options] = await Promise.all([
      manager.getRepository(Product).find({ where: { profiles: { id } }, relations: { profiles: true }, order: { created_at: 'ASC', id: 'ASC' } }),
      manager.getRepository(ShippingOption).find({ where: { profile_id: id }, order: { created_at: 'ASC', id: 'ASC' } }),
    ]);
    return Object.assign(profile, { products, shipping_options });
  }

  /** Creates a profile; answers the saved row (no relations), as Medusa does. */
  async create(input: { name: string; type: ShippingProfileType; metadata?: Record<string, unknown> }): Promise<ShippingProfile> {
    const repo = this.dataSource.getRepository(ShippingProfile);
    return repo.save(repo.create({ name: input.name, type: input.type, metadata: boundedJson('metadata', input.metadata ?? null) }));
  }

  /**
   * Updates name, type and metadata (merged); `products` move into this profile (out of
   * their previous one) and `shipping_options` get it as their profile. Unknown ids are
   * ignored and unlisted members stay, as in Medusa.
   */
  async update(id: string, input: ShippingProfileUpdate): Promise<ShippingProfileWithRelations> {
    return this.tx.run(async (manager) => {
      const repo = manager.getRepository(ShippingProfile);
      const profile = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!profile) throw ApiError.notFound(`Profile with id: ${id} was not found`);
      if (input.name !== undefined) profile.name = input.name;
      if (input.type !== undefined) profile.type = input.type;
      if (input.metadata !== undefined) profile.metadata = mergeMetadata(profile.metadata, input.metadata);
      await repo.save(profile);
      if (input.products?.length) await moveProductsIntoShippingProfile(manager, id, [...new Set(input.products)]);
      if (input.shipping_options?.length) {
        await manager.getRepository(ShippingOption).update({ id: In([...new Set(input.shipping_options)]) }, { profile_id: id });
      }
      return this.retrieve(id, manager);
    });
  }

  /** Soft delete with no check; an unknown id succeeds (Medusa). */
  async delete(id: string): Promise<void> {
    await this.dataSource.getRepository(ShippingProfile).softDelete({ id });
  }
}
