import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { loadJsonTree } from '../../common/database/json-tree-loader';
import { ApiError } from '../../common/errors/api-error';
import { ListSpec, runList } from '../../common/query/list-spec';
import type { FindConfig } from '../../common/query/query-config.decorator';
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

/** Regions' reads, admin and store: the lists (region-lists.ts), a region by id, its fulfillment options. */
@Injectable()
export class RegionsService {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of regions as the route's spec says (ADMIN_REGION_LIST, STORE_REGION_LIST). */
  list(spec: ListSpec<Region>, filters: Record<string, unknown>, config: FindConfig): Promise<[Region[], number]> {
    return runList(this.dataSource.manager, spec, filters, config);
  }

  /** The live region with `relations`, in one JSON-tree statement; 404 otherwise. */
  async retrieve(id: string, relations: readonly string[] = [], manager: EntityManager = this.dataSource.manager): Promise<Region> {
    const region = await loadJsonTree(manager, Region, id, relations);
    // Medusa 1.20's RegionService words it without "id:" (seen on a real 1.20.10).
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
