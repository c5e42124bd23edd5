import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { loadJsonTree } from '../../common/database/json-tree-loader';
import { ApiError } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { AdminGetShippingOptionsParams } from './dto/admin-shipping-options.dto';
import { ADMIN_SHIPPING_OPTION_LIST } from './shipping-option-lists';
import { calculateShippingMethodTotals } from '../../common/money';
import { CustomShippingOption } from '../draft-orders/custom-shipping-option.entity';
import { Product } from '../products/product.entity';
import { Region } from '../regions/region.entity';
import { TaxProviderRegistry } from '../taxes/tax-provider.registry';
import type { TaxRateOverrides } from '../taxes/tax-rate-overrides';
import { TaxRatesService } from '../taxes/tax-rates.service';
import type { TaxRegion } from '../taxes/tax-provider.interface';
import { ShippingOption, ShippingOptionRequirement } from './shipping-option.entity';
import { mergeMetadata } from '../../common/database/metadata';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { boundedJson } from '../../common/validation/stored-json-bounds';
import { RegionsService } from '../regions/regions.service';
import { StoreSettingsService } from '../store-settings/store-settings.service';
import type { AdminPostShippingOptionsOptionReq, AdminPostShippingOptionsReq } from './dto/admin-shipping-options.dto';
import { ADMIN_SHIPPING_OPTION_RELATIONS } from './shipping-option-lists';
import { amountFor, optionProvider, validateRequirements } from './shipping-option-rules';

/** A region as shipping option prices need it: its tax settings, and whether it adds taxes at all. */
export type PricingRegion = TaxRegion & { automatic_taxes: boolean };

/** Filters of GET /store/shipping-options (Medusa's StoreGetShippingOptionsParams). */
export interface StoreShippingOptionFilters {
  product_ids?: string[];
  region_id?: string;
  is_return?: boolean;
}

/** What the option rules need to know about a cart. */
export interface ShippingCart {
  region_id: string;
  /** Tax-exclusive, undiscounted item subtotal (the calculator's `subtotal`). */
  subtotal: number;
  /** Shipping profiles of the cart's products. */
  profile_ids: string[];
}

/** A shipping option priced for a cart, as Medusa v1's PricedShippingOption. */
export type PricedShippingOption = ShippingOption & {
  price_incl_tax: number;
  tax_rates: Array<{ rate: number; name: string; code: string | null }>;
  tax_amount: number;
};

/** Whether `subtotal` meets every requirement: min_subtotal inclusive, max_subtotal strict (Medusa v1). */
export function meetsRequirements(option: ShippingOption, subtotal: number): boolean {
  return (option.requirements ?? []).every((r) => (r.type === 'min_subtotal' ? subtotal >= r.amount : subtotal < r.amount));
}

@Injectable()
export class ShippingOptionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly taxes: TaxProviderRegistry,
    private readonly taxRates: TaxRatesService,
    private readonly tx: TransactionRunner,
    private readonly regions: RegionsService,
    private readonly store: StoreSettingsService,
  ) {}

  /**
   * Creates an option as Medusa v1 does: its region must have the provider, the price type
   * its rules (price-type rules, then the provider's check of `data`, then the
   * requirements), the store's default profile unless one is named. No event (Medusa emits none).
   */
  async create(input: AdminPostShippingOptionsReq): Promise<ShippingOption> {
    return this.tx.run(async (manager) => {
      const region = await this.regions.retrieve(input.region_id, ['fulfillment_providers'], manager);
      if (!(region.fulfillment_providers ?? []).some((p) => p.id === input.provider_id)) {
        throw ApiError.invalid('The fulfillment provider is not available in the provided region');
      }
      const provider = optionProvider(input.provider_id);
      const amount = amountFor(input.price_type, input.amount, provider, input.data);
      if (!provider.validateOption(input.data)) throw ApiError.invalid('The fulfillment provider cannot validate the shipping option');
      const requirements = validateRequirements(input.requirements ?? []);
      const repo = manager.getRepository(ShippingOption);
      const option = await repo.save(
        repo.create({
          name: input.name,
          region_id: region.id,
          provider_id: input.provider_id,
          profile_id: input.profile_id ?? (await this.store.shippingProfile('default', manager)).id,
          price_type: input.price_type,
          amount,
          is_return: input.is_return ?? false,
          admin_only: input.admin_only ?? false,
          data: boundedJson('data', input.data),
          metadata: boundedJson('metadata', input.metadata ?? null),
        }),
      );
      if (requirements.length) {
        const reqs = manager.getRepository(ShippingOptionRequirement);
        await reqs.save(requirements.map((r) => reqs.create({ shipping_option_id: option.id, type: r.type, amount: r.amount })));
      }
      return this.retrieve(option.id, manager, ADMIN_SHIPPING_OPTION_RELATIONS);
    });
  }

  /**
   * Updates an option (Medusa's update): `requirements` is the whole new list (an `id`
   * updates that requirement of this option, one without is added, the option's others are
   * soft-deleted); a price type change goes through its rules; metadata is merged.
   */
  async update(id: string, input: AdminPostShippingOptionsOptionReq): Promise<ShippingOption> {
    return this.tx.run(async (manager) => {
      const repo = manager.getRepository(ShippingOption);
      const option = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!option) throw ApiError.notFound(`Shipping Option with ${id} was not found`);
      const reqs = manager.getRepository(ShippingOptionRequirement);
      const existing = await reqs.find({ where: { shipping_option_id: id } });
      const requirements = validateRequirements(input.requirements);
      for (const r of requirements) {
        // Medusa takes any requirement id (and moves it here); only this option's are taken here.
        if (r.id && !existing.some((e) => e.id === r.id)) throw ApiError.invalid(`Shipping option requirement with id ${r.id} does not exist`);
      }

      if (input.name !== undefined) option.name = input.name;
      if (input.admin_only !== undefined) option.admin_only = input.admin_only;
      if (input.metadata !== undefined) option.metadata = mergeMetadata(option.metadata, input.metadata);
      if (input.price_type !== undefined || input.amount !== undefined) {
        const priceType = input.price_type ?? option.price_type;
        option.amount = amountFor(priceType, input.amount ?? option.amount, optionProvider(option.provider_id), option.data);
        option.price_type = priceType;
      }
      await repo.save(option);

      const kept = new Set(requirements.map((r) => r.id).filter(Boolean));
      const removed = existing.filter((e) => !kept.has(e.id)).map((e) => e.id);
      if (removed.length) await reqs.softDelete({ id: In(removed) });
      for (const r of requirements) {
        if (r.id) await reqs.update({ id: r.id }, { type: r.type, amount: r.amount });
        else await reqs.save(reqs.create({ shipping_option_id: id, type: r.type, amount: r.amount }));
      }
      return this.retrieve(id, manager, ADMIN_SHIPPING_OPTION_RELATIONS);
    });
  }

  /** Soft delete; an unknown id succeeds and requirements stay (Medusa). */
  async delete(id: string): Promise<void> {
    await this.dataSource.getRepository(ShippingOption).softDelete({ id });
  }

  /** A live option with `relations` (its requirements by default; removed ones left out); 404 otherwise (Medusa's message). */
  async retrieve(id: string, manager: EntityManager = this.dataSource.manager, relations: readonly string[] = ['requirements']): Promise<ShippingOption> {
    // One query (the JSON tree loader), not findOne with a relation (a DISTINCT paging query plus the rows).
    const option = await loadJsonTree(manager, ShippingOption, id, relations);
    if (!option) throw ApiError.notFound(`Shipping Option with ${id} was not found`);
    return liveRequirements(option);
  }

  /**
   * The admin's page of options (ADMIN_SHIPPING_OPTION_LIST: admin-only and return options
   * included) with `config.relations`, each priced for its region as Medusa's list does
   * (`price_incl_tax`, `tax_rates`, `tax_amount`); the regions are read once per page when
   * not expanded.
   */
  async listForAdmin(query: AdminGetShippingOptionsParams, config: FindConfig): Promise<[PricedShippingOption[], number]> {
    const [page, count] = await runList(this.dataSource.manager, ADMIN_SHIPPING_OPTION_LIST, { ...query }, config);
    for (const option of page) liveRequirements(option);
    const regions = new Map<string, Region>();
    if (config.relations.includes('region')) for (const o of page) if (o.region) regions.set(o.region_id, o.region);
    const missing = [...new Set(page.map((o) => o.region_id).filter((r) => !regions.has(r)))];
    if (missing.length) {
      const found = await this.dataSource.getRepository(Region).find({ where: { id: In(missing) }, withDeleted: true });
      for (const r of found) regions.set(r.id, r);
    }
    const overrides = await this.overridesFor(page);
    return [await Promise.all(page.map((o) => this.price(o, regions.get(o.region_id)!, overrides.get(o.region_id)))), count];
  }

  /**
   * Options a shopper may pick for the cart: in its region, for the shipping profiles of
   * its products, not return-only, not admin-only, and whose requirements the cart's
   * subtotal meets. Priced with the region's tax (price_incl_tax, tax_rates, tax_amount).
   * A cart with custom-priced options (a draft order's) lists only those, at their custom
   * price, as Medusa v1 does (ShippingProfileService.fetchCartOptions: the options named
   * by the cart's custom shipping options, for its profiles, not admin-only; no region or
   * requirement check).
   */
  async listForCart(
    cart: ShippingCart & { id?: string },
    region: PricingRegion,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PricedShippingOption[]> {
    if (cart.profile_ids.length === 0) return [];
    const custom = cart.id
      ? await manager.getRepository(CustomShippingOption).find({ where: { cart_id: cart.id }, select: { id: true, shipping_option_id: true, price: true } })
      : [];
    if (custom.length > 0) {
      const prices = new Map(custom.map((c) => [c.shipping_option_id, c.price]));
      const options = await manager.getRepository(ShippingOption).find({
        where: { id: In([...prices.keys()]), profile_id: In(cart.profile_ids), admin_only: false },
        relations: { requirements: true, profile: true },
        order: { created_at: 'ASC', id: 'ASC' },
      });
      return Promise.all(
        options.map((option) =>
          this.price(Object.assign(option, { amount: prices.get(option.id)!, requirements: (option.requirements ?? []).filter((r) => !r.deleted_at) }), region),
        ),
      );
    }
    const options = await manager.getRepository(ShippingOption).find({
      where: { region_id: cart.region_id, profile_id: In(cart.profile_ids), is_return: false, admin_only: false },
      relations: { requirements: true, profile: true },
      order: { created_at: 'ASC', id: 'ASC' },
    });
    const valid = options
      .map((option) => Object.assign(option, { requirements: (option.requirements ?? []).filter((r) => !r.deleted_at) }))
      .filter((option) => meetsRequirements(option, cart.subtotal));
    return Promise.all(valid.map((option) => this.price(option, region)));
  }

  /**
   * GET /store/shipping-options: the options a storefront may show without a cart, as
   * Medusa v1 lists them: never admin-only; in `region_id` when given; for the shipping
   * profiles of `product_ids` when given; `is_return` only when given. Each is priced in
   * its own region (requirements are listed, not checked: there is no cart).
   */
  async listForStore(filters: StoreShippingOptionFilters, manager: EntityManager = this.dataSource.manager): Promise<PricedShippingOption[]> {
    const where: Record<string, unknown> = { admin_only: false };
    if (filters.region_id !== undefined) where.region_id = filters.region_id;
    if (filters.is_return !== undefined) where.is_return = filters.is_return;
    if (filters.product_ids?.length) {
      const products = await manager.getRepository(Product).find({ where: { id: In(filters.product_ids) }, select: { id: true, profile_id: true } });
      where.profile_id = In([...new Set(products.map((p) => p.profile_id).filter((id): id is string => !!id))]);
    }
    const options = await manager.getRepository(ShippingOption).find({
      where,
      relations: { requirements: true },
      order: { created_at: 'ASC', id: 'ASC' },
    });
    const regionIds = [...new Set(options.map((o) => o.region_id))];
    const regions = regionIds.length ? await manager.getRepository(Region).find({ where: { id: In(regionIds) } }) : [];
    const byId = new Map(regions.map((r) => [r.id, r]));
    const overrides = await this.overridesFor(options, manager);
    return Promise.all(
      options.map((option) => {
        const r = byId.get(option.region_id)!;
        const region = { id: r.id, tax_rate: r.tax_rate, tax_code: r.tax_code, tax_provider_id: r.tax_provider_id, automatic_taxes: r.automatic_taxes };
        return this.price(
          Object.assign(option, { requirements: (option.requirements ?? []).filter((req) => !req.deleted_at) }),
          region,
          overrides.get(option.region_id),
        );
      }),
    );
  }

  /**
   * Checks, before the change, that a shopper may add `option` to a cart of `regionId`:
   * 400 for a return option, an admin-only option (unless `allowAdminOnly`, for draft
   * orders) or another region. Its requirements need the cart's subtotal:
   * assertRequirementsMet.
   */
  assertAvailableInRegion(option: ShippingOption, regionId: string, options: { allowAdminOnly?: boolean } = {}): void {
    if (option.is_return) throw ApiError.invalid('A return shipping option cannot be used for a cart');
    if (option.admin_only && !options.allowAdminOnly) throw ApiError.invalid('The shipping option is not available');
    if (option.region_id !== regionId) throw ApiError.invalid("The shipping option is not available in the cart's region");
  }

  /** Whether the cart's item `subtotal` meets the option's requirements (not_allowed otherwise, Medusa's message). */
  assertRequirementsMet(option: ShippingOption, subtotal: number): void {
    if (!meetsRequirements(option, subtotal)) throw ApiError.notAllowed("The Cart does not satisfy the shipping option's requirements");
  }

  /** The price a method created from this option charges: the flat rate (calculated prices are not supported by the manual provider). */
  priceOf(option: ShippingOption): number {
    if (option.price_type === 'flat_rate') return option.amount ?? 0;
    throw ApiError.notAllowed(`The price of shipping option ${option.id} cannot be calculated by its fulfillment provider`);
  }

  /**
   * Medusa v1's PricingService.getShippingOptionPricing: the region's tax rates (the
   * option's tax rate `overrides` when given, see overridesFor) apply only
   * when the region has automatic taxes on (otherwise no rates, no tax, price_incl_tax is
   * the amount); a calculated option without an amount counts as 0.
   */
  async price(option: ShippingOption, region: PricingRegion, overrides?: TaxRateOverrides): Promise<PricedShippingOption> {
    let taxRates: PricedShippingOption['tax_rates'] = [];
    if (region.automatic_taxes) {
      const provider = this.taxes.forRegion(region.tax_provider_id);
      const lines = await provider.getTaxLines([], [{ id: option.id, shipping_option_id: option.id }], {
        region,
        shipping_country_code: null,
        customer_id: null,
        overrides,
      });
      taxRates = (lines.shipping_methods[option.id] ?? []).map((line) => ({ rate: line.rate, name: line.name, code: line.code }));
    }
    // Priced exactly as a shipping method made from the option would be (the one calculator).
    const totals = calculateShippingMethodTotals({ id: option.id, price: option.amount ?? 0, includes_tax: false, tax_lines: taxRates }, false);
    return Object.assign(option, { price_incl_tax: totals.total, tax_rates: taxRates, tax_amount: totals.tax_total });
  }

  /**
   * The tax rates attached to these options, per region (one statement per region of the
   * list: a rate applies in its own region only), for their priced answers as Medusa's
   * lists give them. (A cart's list takes the region's rate: see the report of issue 44.)
   */
  private async overridesFor(options: readonly ShippingOption[], manager: EntityManager = this.dataSource.manager): Promise<Map<string, TaxRateOverrides>> {
    const byRegion = new Map<string, string[]>();
    for (const o of options) byRegion.set(o.region_id, [...(byRegion.get(o.region_id) ?? []), o.id]);
    const entries = await Promise.all(
      [...byRegion].map(
        async ([regionId, ids]) =>
          [regionId, await this.taxRates.overrides(regionId, { productIds: [], productTypeIds: [], shippingOptionIds: ids }, manager)] as const,
      ),
    );
    return new Map(entries);
  }
}

/** A removed requirement no longer applies (Medusa soft-deletes them). */
function liveRequirements(option: ShippingOption): ShippingOption {
  if (option.requirements) option.requirements = option.requirements.filter((r) => !r.deleted_at);
  return option;
}
