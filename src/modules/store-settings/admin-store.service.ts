import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { mergeMetadata } from '../../common/database/metadata';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { Currency } from '../currencies/currency.entity';
import { PaymentProvider, FulfillmentProvider } from '../regions/provider.entities';
import { AdminPostStoreReq } from './dto/admin-store.dto';
import { Store } from './store.entity';

/**
 * Feature flags as `GET /admin/store` announces them (Medusa 1.20's flags). Only the
 * features this service has are on: `analytics` off (Medusa's dashboard then shows no
 * consent dialog and needs no `/admin/analytics-configs`), `order_editing` off (no order
 * edits page), `sales_channels`, `publishable_api_keys` and `product_categories` on.
 */
const FEATURE_FLAGS: ReadonlyArray<{ key: string; value: boolean }> = [
  { key: 'analytics', value: false },
  { key: 'order_editing', value: false },
  { key: 'product_categories', value: true },
  { key: 'publishable_api_keys', value: true },
  { key: 'sales_channels', value: true },
  { key: 'tax_inclusive_pricing', value: false },
  { key: 'medusa_v2', value: false },
];

/**
 * Medusa's loaded modules (`{ module, resolution }`). None of Medusa's optional modules
 * (inventory, stock locations) exist here; Medusa's dashboard reads this list whenever
 * `feature_flags` is non-empty, so it is always sent.
 */
const MODULES: ReadonlyArray<{ module: string; resolution: string }> = [];

const STORE_RELATIONS = { currencies: true, default_currency: true } as const;

/** The store's settings as the admin reads and changes them (`/admin/store`). */
@Injectable()
export class AdminStoreService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  /** The store with its currencies, default currency and default sales channel, plus what Medusa adds (flags, modules, providers). */
  async retrieveExtended() {
    const manager = this.dataSource.manager;
    const [store, payment_providers, fulfillment_providers] = await Promise.all([
      manager.getRepository(Store).findOne({
        where: {},
        order: { created_at: 'ASC' },
        relations: { ...STORE_RELATIONS, default_sales_channel: true },
      }),
      this.paymentProviders(manager),
      manager.getRepository(FulfillmentProvider).find({ order: { id: 'ASC' } }),
    ]);
    if (!store) throw ApiError.notFound('Store does not exist');
    sortCurrencies(store);
    return Object.assign(store, { feature_flags: FEATURE_FLAGS, modules: MODULES, payment_providers, fulfillment_providers });
  }

  paymentProviders(manager: EntityManager = this.dataSource.manager): Promise<PaymentProvider[]> {
    return manager.getRepository(PaymentProvider).find({ order: { id: 'ASC' } });
  }

  /**
   * Medusa's StoreService.update: `currencies` replaces the store's list and must keep the
   * default currency (or name a new default in it); every code must exist. Locks the store
   * row, so concurrent updates apply one after the other.
   */
  async update(input: AdminPostStoreReq): Promise<Store> {
    return this.tx.run(async (manager) => {
      const store = await this.lockedStore(manager);
      const { metadata, default_currency_code, currencies, ...rest } = input;
      if (metadata) store.metadata = mergeMetadata(store.metadata, metadata);
      if (currencies) {
        const defaultCode = (default_currency_code ?? store.default_currency_code).toLowerCase();
        if (!currencies.some((c) => c.toLowerCase() === defaultCode)) {
          throw ApiError.invalid('You are not allowed to remove default currency from store currencies without replacing it as well');
        }
        const codes = [...new Set(currencies.map((c) => c.toLowerCase()))];
        const found = await manager.getRepository(Currency).find({ where: { code: In(codes) } });
        const missing = currencies.find((c) => !found.some((f) => f.code === c.toLowerCase()));
        if (missing !== undefined) throw ApiError.invalid(`Currency with code ${missing} does not exist`);
        store.currencies = codes.map((code) => found.find((f) => f.code === code)!);
      }
      if (default_currency_code) {
        const code = default_currency_code.toLowerCase();
        const currency = store.currencies?.find((c) => c.code === code);
        if (!currency) throw ApiError.invalid(`Store does not have currency: ${default_currency_code}`);
        store.default_currency_code = currency.code;
        store.default_currency = currency;
      }
      for (const key of ['name', 'swap_link_template', 'payment_link_template', 'invite_link_template'] as const) {
        if (rest[key] !== undefined) store[key] = rest[key];
      }
      await manager.getRepository(Store).save(store);
      return this.reload(manager, store.id);
    });
  }

  /** Adds a currency to the store: 400 for an unknown code, 422 when the store already has it (Medusa's errors). */
  async addCurrency(code: string): Promise<Store> {
    return this.tx.run(async (manager) => {
      const currency = await manager.getRepository(Currency).findOne({ where: { code: code.toLowerCase() } });
      if (!currency) throw ApiError.invalid(`Currency ${code} not found`);
      const store = await this.lockedStore(manager);
      if (store.currencies!.some((c) => c.code === currency.code)) throw ApiError.duplicate('Currency already added');
      store.currencies = [...store.currencies!, currency];
      await manager.getRepository(Store).save(store);
      return this.reload(manager, store.id);
    });
  }

  /**
   * Removes a currency from the store; a currency it does not have leaves it unchanged
   * (Medusa). The default currency is refused with POST /admin/store's message: Medusa
   * removes it here and leaves a store whose default currency it does not have.
   */
  async removeCurrency(code: string): Promise<Store> {
    return this.tx.run(async (manager) => {
      const store = await this.lockedStore(manager);
      const lower = code.toLowerCase();
      if (lower === store.default_currency_code) {
        throw ApiError.invalid('You are not allowed to remove default currency from store currencies without replacing it as well');
      }
      if (store.currencies!.some((c) => c.code === lower)) {
        store.currencies = store.currencies!.filter((c) => c.code !== lower);
        await manager.getRepository(Store).save(store);
      }
      return this.reload(manager, store.id);
    });
  }

  /** The store row locked for the rest of the transaction, with its currencies. */
  private async lockedStore(manager: EntityManager): Promise<Store> {
    const repo = manager.getRepository(Store);
    // The lock first (FOR UPDATE cannot apply to the outer join of the currencies).
    const locked = await repo.findOne({ where: {}, order: { created_at: 'ASC' }, lock: { mode: 'pessimistic_write' } });
    if (!locked) throw ApiError.notFound('Store does not exist');
    return repo.findOneOrFail({ where: { id: locked.id }, relations: STORE_RELATIONS });
  }

  private async reload(manager: EntityManager, id: string): Promise<Store> {
    return sortCurrencies(await manager.getRepository(Store).findOneOrFail({ where: { id }, relations: STORE_RELATIONS }));
  }
}

/** A stable order for the join table's rows (it has none of its own). */
function sortCurrencies(store: Store): Store {
  store.currencies?.sort((a, b) => a.code.localeCompare(b.code));
  return store;
}
