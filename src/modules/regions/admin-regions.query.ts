import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { loadJsonTree } from '../../common/database/json-tree-loader';
import { ApiError } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import { ADMIN_REGION_LIST } from './region-lists';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { AdminGetRegionsParams } from './dto/admin-regions.dto';
import { FulfillmentProvider } from './provider.entities';
import { Region } from './region.entity';

/** What a fulfillment provider offers, as Medusa's `listFulfillmentOptions` answers it. */
export interface FulfillmentOptions {
  provider_id: string;
  options: Array<{ id: string; is_return?: boolean }>;
}

/**
 * The options of the fulfillment providers this service has: Medusa's `manual` provider
 * offers one option for orders and one for returns.
 */
const PROVIDER_OPTIONS: Readonly<Record<string, FulfillmentOptions['options']>> = {
  manual: [{ id: 'manual-fulfillment' }, { id: 'manual-fulfillment-return', is_return: true }],
};

/** The admin's reads of regions (`GET /admin/regions`, `/:id`, `/:id/fulfillment-options`). */
@Injectable()
export class AdminRegionsQuery {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of regions with `config.relations` (one JSON-tree statement for them). */
  list(query: AdminGetRegionsParams, config: FindConfig): Promise<[Region[], number]> {
    return runList(this.dataSource.manager, ADMIN_REGION_LIST, { ...query }, config);
  }

  async retrieve(id: string, relations: readonly string[]): Promise<Region> {
    const region = await loadJsonTree(this.dataSource.manager, Region, id, relations);
    if (!region || region.deleted_at) throw ApiError.notFound(`Region with ${id} was not found`);
    return region;
  }

  /** The fulfillment options of the region's providers, in the providers' order. */
  async fulfillmentOptions(id: string): Promise<FulfillmentOptions[]> {
    const region = await this.retrieve(id, ['fulfillment_providers']);
    const providers: FulfillmentProvider[] = [...(region.fulfillment_providers ?? [])].sort((a, b) => a.id.localeCompare(b.id));
    return providers.map((p) => ({ provider_id: p.id, options: PROVIDER_OPTIONS[p.id] ?? [] }));
  }
}
