import { Injectable } from '@nestjs/common';
import { isISO31661Alpha2 } from 'class-validator';
import { DataSource, EntityManager, In } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { loadJsonTree } from '../../common/database/json-tree-loader';
import { mergeMetadata } from '../../common/database/metadata';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { ListSpec, runList } from '../../common/query/list-spec';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { boundedJson } from '../../common/validation/stored-json-bounds';
import { Currency } from '../currencies/currency.entity';
import { emitEvent } from '../events/outbox';
import { StoreSettingsService } from '../store-settings/store-settings.service';
import { TaxProviderRegistry } from '../taxes/tax-provider.registry';
import { Country } from './country.entity';
import { FulfillmentProvider, PaymentProvider } from './provider.entities';
import { REGION_RELATIONS } from './region-lists';
import { Region } from './region.entity';
import {
  addRegionProvider,
  appendRegionCountry,
  RegionProviderTable,
  releaseAllRegionCountries,
  releaseRegionCountry,
  removeRegionProvider,
  setRegionCountries,
  setRegionProviders,
} from './regions.repository';

/** The fields of a new region (Medusa's AdminPostRegionsReq). */
export interface RegionCreate {
  name: string;
  currency_code: string;
  tax_rate: number;
  tax_code?: string;
  payment_providers: string[];
  fulfillment_providers: string[];
  countries: string[];
  includes_tax?: boolean;
  metadata?: Record<string, unknown>;
}

/** A region's update (Medusa's AdminPostRegionsRegionReq): the lists replace the region's. */
export type RegionUpdate = Partial<Omit<RegionCreate, 'metadata'>> & {
  gift_cards_taxable?: boolean;
  automatic_taxes?: boolean;
  tax_provider_id?: string | null;
  metadata?: Record<string, unknown> | null;
};

type ProviderKind = 'payment' | 'fulfillment';
const PROVIDERS: Record<ProviderKind, { entity: typeof PaymentProvider | typeof FulfillmentProvider; table: RegionProviderTable; label: string }> = {
  payment: { entity: PaymentProvider, table: 'region_payment_providers', label: 'Payment provider' },
  fulfillment: { entity: FulfillmentProvider, table: 'region_fulfillment_providers', label: 'Fulfillment provider' },
};

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

/**
 * Regions: their reads, admin and store (the lists in region-lists.ts, a region by id, its
 * fulfillment options), and the admin's writes with Medusa v1's RegionService rules: a
 * country in one live region only, the currency one of the store's, installed providers.
 * A region's countries keep the order they were given (`country.region_position`).
 */
@Injectable()
export class RegionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly store: StoreSettingsService,
    private readonly taxes: TaxProviderRegistry,
  ) {}

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

  /** Creates a region (Medusa's checks in its order) and emits `region.created`; answers it with the default relations. */
  async create(input: RegionCreate): Promise<Region> {
    return this.tx.run(async (manager) => {
      const currency = await this.validCurrency(input.currency_code, manager);
      validTaxRate(input.tax_rate);
      const repo = manager.getRepository(Region);
      const region = repo.create({
        name: input.name,
        currency_code: currency,
        tax_rate: input.tax_rate,
        tax_code: input.tax_code ?? null,
        includes_tax: input.includes_tax ?? false,
        metadata: boundedJson('metadata', input.metadata ?? null),
      });
      await repo.save(region);
      await this.replaceCountries(region.id, input.countries, manager);
      await this.replaceProviders('payment', region.id, input.payment_providers, manager);
      await this.replaceProviders('fulfillment', region.id, input.fulfillment_providers, manager);
      await emitEvent(manager, 'region.created', { id: region.id });
      return this.retrieve(region.id, REGION_RELATIONS, manager);
    });
  }

  /** Updates a live region (404 otherwise); the lists replace its own. Emits `region.updated` with the body's keys. */
  async update(id: string, input: RegionUpdate): Promise<Region> {
    return this.tx.run(async (manager) => {
      const region = await this.locked(id, manager);
      const changes: QueryDeepPartialEntity<Region> = {};
      if (input.currency_code !== undefined) changes.currency_code = await this.validCurrency(input.currency_code, manager);
      if (input.tax_rate !== undefined) {
        validTaxRate(input.tax_rate);
        changes.tax_rate = input.tax_rate;
      }
      if (input.tax_provider_id !== undefined) {
        // null (the dashboard's "System Tax Provider") passes validation as in Medusa and clears it.
        if (input.tax_provider_id !== null && !this.taxes.has(input.tax_provider_id)) throw ApiError.invalid('Tax provider not found');
        changes.tax_provider_id = input.tax_provider_id;
      }
      for (const key of ['name', 'tax_code', 'gift_cards_taxable', 'automatic_taxes', 'includes_tax'] as const) {
        if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
      }
      if (input.metadata !== undefined) changes.metadata = mergeMetadata(region.metadata, input.metadata) as QueryDeepPartialEntity<Region>['metadata'];
      if (Object.keys(changes).length) await manager.getRepository(Region).update({ id }, changes);
      if (input.countries !== undefined) await this.replaceCountries(id, input.countries, manager);
      if (input.payment_providers !== undefined) await this.replaceProviders('payment', id, input.payment_providers, manager);
      if (input.fulfillment_providers !== undefined) await this.replaceProviders('fulfillment', id, input.fulfillment_providers, manager);
      // The body's keys (the validated DTO declares every property; only those sent count).
      const fields = Object.keys(input).filter((key) => input[key as keyof RegionUpdate] !== undefined);
      await emitEvent(manager, 'region.updated', { id, fields });
      return this.retrieve(id, REGION_RELATIONS, manager);
    });
  }

  /** Soft-deletes a live region (404 otherwise, as Medusa) and releases its countries; emits `region.deleted`. */
  async delete(id: string): Promise<void> {
    await this.tx.run(async (manager) => {
      await this.locked(id, manager);
      await releaseAllRegionCountries(manager, id);
      await manager.getRepository(Region).softDelete({ id });
      await emitEvent(manager, 'region.deleted', { id });
    });
  }

  /** Adds a country at the end of the region's list; one it already has changes nothing (no event). */
  async addCountry(id: string, code: string): Promise<Region> {
    return this.tx.run(async (manager) => {
      await this.locked(id, manager);
      const [country] = await this.validCountries(id, [code], manager);
      if (country.region_id !== id) {
        await appendRegionCountry(manager, id, country.id);
        await emitEvent(manager, 'region.updated', { id, fields: ['countries'] });
      }
      return this.retrieve(id, REGION_RELATIONS, manager);
    });
  }

  /**
   * Releases a country of the region. The code is compared with the stored lower-case
   * `iso_2` as it is: `IE` matches nothing (Medusa, seen on a real 1.20.10). Absent: no-op.
   */
  async removeCountry(id: string, code: string): Promise<Region> {
    return this.tx.run(async (manager) => {
      await this.locked(id, manager);
      const held = await manager.getRepository(Country).exists({ where: { region_id: id, iso_2: code } });
      if (held) {
        await releaseRegionCountry(manager, id, code);
        await emitEvent(manager, 'region.updated', { id, fields: ['countries'] });
      }
      return this.retrieve(id, REGION_RELATIONS, manager);
    });
  }

  /** Adds an installed provider (404 `<kind> provider <id> was not found` otherwise); already there: no-op. */
  async addProvider(kind: ProviderKind, id: string, providerId: string): Promise<Region> {
    return this.tx.run(async (manager) => {
      await this.locked(id, manager);
      const { entity, table, label } = PROVIDERS[kind];
      if (!(await manager.getRepository(entity).exists({ where: { id: providerId } }))) throw ApiError.notFound(`${label} ${providerId} was not found`);
      const [present] = (await manager.query(`SELECT 1 FROM ${table} WHERE region_id = $1 AND provider_id = $2`, [id, providerId])) as unknown[];
      if (!present) {
        await addRegionProvider(manager, table, id, providerId);
        await emitEvent(manager, 'region.updated', { id, fields: [`${kind}_providers`] });
      }
      return this.retrieve(id, REGION_RELATIONS, manager);
    });
  }

  /** Removes a provider from the region; absent: no-op. */
  async removeProvider(kind: ProviderKind, id: string, providerId: string): Promise<Region> {
    return this.tx.run(async (manager) => {
      await this.locked(id, manager);
      const { table } = PROVIDERS[kind];
      const [present] = (await manager.query(`SELECT 1 FROM ${table} WHERE region_id = $1 AND provider_id = $2`, [id, providerId])) as unknown[];
      if (present) {
        await removeRegionProvider(manager, table, id, providerId);
        await emitEvent(manager, 'region.updated', { id, fields: [`${kind}_providers`] });
      }
      return this.retrieve(id, REGION_RELATIONS, manager);
    });
  }

  /** The live region, locked until the transaction ends; 404 (Medusa's message) otherwise. */
  private async locked(id: string, manager: EntityManager): Promise<Region> {
    const region = await manager.getRepository(Region).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!region) throw ApiError.notFound(`Region with ${id} was not found`);
    return region;
  }

  /** A store currency, lower-cased: 400 `Invalid currency code` when the store lacks it, Medusa's message for an unknown one. */
  private async validCurrency(code: string, manager: EntityManager): Promise<string> {
    const lower = code.toLowerCase();
    const store = await this.store.retrieve(manager);
    if (!(store.currencies ?? []).some((c) => c.code === lower)) throw ApiError.invalid('Invalid currency code');
    if (!(await manager.getRepository(Currency).exists({ where: { code: lower } }))) throw ApiError.invalid(`Could not find currency with code ${code}`);
    return lower;
  }

  /**
   * The countries `codes` name, in that order and locked (two regions claiming one country
   * at once queue): an ISO 3166 alpha-2 code (any case) with a row, held by no other live
   * region (422 naming the holder, Medusa's message).
   */
  private async validCountries(regionId: string, codes: readonly string[], manager: EntityManager): Promise<Country[]> {
    for (const code of codes) if (!isISO31661Alpha2(code.toUpperCase())) throw ApiError.invalid('Invalid country code');
    const lower = [...new Set(codes.map((c) => c.toLowerCase()))];
    const rows = lower.length
      ? await manager.getRepository(Country).find({ where: { iso_2: In(lower) }, order: { id: 'ASC' }, lock: { mode: 'pessimistic_write' } })
      : [];
    const byCode = new Map(rows.map((c) => [c.iso_2, c]));
    return lower.map((code) => {
      const country = byCode.get(code);
      if (!country) throw ApiError.invalid(`Country with code ${code} not found`);
      if (country.region_id && country.region_id !== regionId)
        throw ApiError.duplicate(`${country.display_name} already exists in region ${country.region_id}`);
      return country;
    });
  }

  private async replaceCountries(regionId: string, codes: readonly string[], manager: EntityManager): Promise<void> {
    const countries = await this.validCountries(regionId, codes, manager);
    await setRegionCountries(
      manager,
      regionId,
      countries.map((c) => c.id),
    );
  }

  /** Every id must be an installed provider of that kind (400 `<kind> provider not found`). */
  private async replaceProviders(kind: ProviderKind, regionId: string, ids: readonly string[], manager: EntityManager): Promise<void> {
    const { entity, table, label } = PROVIDERS[kind];
    const unique = [...new Set(ids)];
    const found = unique.length ? await manager.getRepository(entity).count({ where: { id: In(unique) } }) : 0;
    if (found !== unique.length) throw ApiError.invalid(`${label} not found`);
    await setRegionProviders(manager, table, regionId, unique);
  }
}

/** Medusa's check says 0..100 but words it "between 0 and 1". */
function validTaxRate(rate: number): void {
  if (rate > 100 || rate < 0) throw ApiError.invalid('The tax_rate must be between 0 and 1');
}
