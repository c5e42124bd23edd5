import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { TaxRateOverrides } from './tax-rate-overrides';
import { loadTaxRateOverrides, OverrideTargets } from './tax-rates.repository';

/** Tax rates: the overrides a tax calculation of a region needs (one statement, loadTaxRateOverrides). */
@Injectable()
export class TaxRatesService {
  constructor(private readonly dataSource: DataSource) {}

  overrides(regionId: string, targets: OverrideTargets, manager: EntityManager = this.dataSource.manager): Promise<TaxRateOverrides> {
    return loadTaxRateOverrides(manager, regionId, targets);
  }
}
