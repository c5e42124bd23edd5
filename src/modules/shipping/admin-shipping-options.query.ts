import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { loadJsonTree } from '../../common/database/json-tree-loader';
import { ApiError } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import { ADMIN_SHIPPING_OPTION_LIST } from './shipping-option-lists';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { Region } from '../regions/region.entity';
import { AdminGetShippingOptionsParams } from './dto/admin-shipping-options.dto';
import { ShippingOption } from './shipping-option.entity';
import { PricedShippingOption, ShippingOptionsService } from './shipping-options.service';

/** The admin's reads of shipping options (`GET /admin/shipping-options`, `/:id`), admin-only and return options included. */
@Injectable()
export class AdminShippingOptionsQuery {
  constructor(
    private readonly dataSource: DataSource,
    private readonly options: ShippingOptionsService,
  ) {}

  /**
   * A page of options with `config.relations`, each priced for its region as Medusa's
   * list does (`price_incl_tax`, `tax_rates`, `tax_amount`). `q` searches the name.
   */
  async list(query: AdminGetShippingOptionsParams, config: FindConfig): Promise<[PricedShippingOption[], number]> {
    const [page, count] = await runList(this.dataSource.manager, ADMIN_SHIPPING_OPTION_LIST, { ...query }, config);
    for (const option of page) liveRequirements(option);
    return [await this.priced(page, config.relations), count];
  }

  async retrieve(id: string, relations: readonly string[]): Promise<ShippingOption> {
    const option = await loadJsonTree(this.dataSource.manager, ShippingOption, id, relations);
    if (!option) throw ApiError.notFound(`Shipping Option with ${id} was not found`);
    return liveRequirements(option);
  }

  /** Prices each option with its region's tax; the regions are read once per page when not expanded. */
  private async priced(options: ShippingOption[], relations: readonly string[]): Promise<PricedShippingOption[]> {
    const regions = new Map<string, Region>();
    if (relations.includes('region')) for (const o of options) if (o.region) regions.set(o.region_id, o.region);
    const missing = [...new Set(options.map((o) => o.region_id).filter((r) => !regions.has(r)))];
    if (missing.length) {
      const found = await this.dataSource.getRepository(Region).find({ where: { id: In(missing) }, withDeleted: true });
      for (const r of found) regions.set(r.id, r);
    }
    return Promise.all(options.map((o) => this.options.price(o, regions.get(o.region_id)!)));
  }
}

/** A removed requirement no longer applies (Medusa soft-deletes them). */
function liveRequirements(option: ShippingOption): ShippingOption {
  if (option.requirements) option.requirements = option.requirements.filter((r) => !r.deleted_at);
  return option;
}
