import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { attachedValue, loadVersionedJsonTree } from '../../common/database/json-tree-loader';
import type { Totals } from '../../common/money';
import type { Region } from '../regions/region.entity';
import { REGION_TREE_VERSION, RegionTreeCache } from '../regions/region-tree-cache';
import type { PaymentSession } from '../payments/payment-session.entity';
import type { PaymentCart } from '../payments/payment-sessions.service';
import { Cart } from './cart.entity';
import { lockOpenCart } from './carts.repository';
import { DEFAULT_CART_RELATIONS, NEW_CART_RELATIONS, relationsOfNewCart } from './cart-relations';
import { PAYMENT_CART_RELATIONS, toPaymentCart } from './payment-cart';
import { CART_TOTALS_RELATIONS, CartTotalsOptions, CartTotalsService } from './cart-totals.service';

const byCreation = <T extends { created_at?: Date; id: string }>(a: T, b: T) =>
  (a.created_at ? new Date(a.created_at).getTime() : 0) - (b.created_at ? new Date(b.created_at).getTime() : 0) || a.id.localeCompare(b.id);

/**
 * A cart as answered: the tree with its relations, decorated with every total; the totals;
 * and the cart row's version (`xmin`) read in the same snapshot (null for a cart answered
 * by its own INSERT), which the GET response cache compares.
 */
export interface CartView {
  cart: Cart;
  totals: Totals;
  rowVersion: string | null;
}

/**
 * A cart row as lock() took it, with the region trees' version its lock statement read
 * (undefined for a completed or deleted cart, which is locked without it).
 */
export interface LockedCart {
  cart: Cart;
  regionTreeVersion: string | undefined;
}

/**
 * Loads carts: the row lock every mutation starts with, and reads. A read is one
 * statement (the tree as JSON, loadJsonTree) plus the region tree from RegionTreeCache;
 * children are sorted by creation for stable responses.
 */
@Injectable()
export class CartLoaderService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly totals: CartTotalsService,
    private readonly regions: RegionTreeCache,
  ) {}

  /**
   * Locks the cart row, first statement of every cart mutation's transaction, so
   * concurrent edits of one cart serialize instead of losing updates. An open cart is
   * locked by writing it (`updated_at`): every change to a cart, whatever rows it touches,
   * then also gives the cart row a new version (xmin), which is what GET's response cache
   * (CartResponseCache) compares. A completed, deleted or missing cart is read with
   * SELECT ... FOR UPDATE (no joins: PostgreSQL refuses FOR UPDATE on the nullable side
   * of an outer join) and left unwritten. An open cart also carries the region trees'
   * version read by the same statement (lockedCartRegion).
   */
  async lock(id: string, manager: EntityManager): Promise<LockedCart> {
    const open = await lockOpenCart(manager, id);
    if (open) {
      const { region_tree_version: regionTreeVersion, ...row } = open;
      return { cart: manager.create(Cart, row), regionTreeVersion };
    }
    const cart = await manager.getRepository(Cart).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!cart) throw ApiError.notFound(`Cart with ${id} was not found`);
    return { cart, regionTreeVersion: undefined };
  }

  /** The cart with `relations`; 404 with Medusa's message. */
  async load(id: string, relations: readonly string[], manager: EntityManager): Promise<Cart> {
    return (await this.read(id, relations, manager)).cart;
  }

  /**
   * The cart with `relations` (DEFAULT_CART_RELATIONS unless given: an `expand` replaces
   * them) plus everything its totals need, decorated with every total: the one read of a
   * cart answer, for routes and draft orders alike, in `manager` (a transaction's, or the
   * data source's: viewCommitted). 404 with Medusa's message.
   */
  async view(id: string, options: CartTotalsOptions & { relations?: readonly string[] }, manager: EntityManager): Promise<CartView> {
    const { cart, rowVersion } = await this.read(id, [...(options.relations ?? DEFAULT_CART_RELATIONS), ...CART_TOTALS_RELATIONS], manager);
    const totals = await this.totals.decorate(cart, options);
    return { cart: withMedusaRowShapes(cart), totals, rowVersion };
  }

  /**
   * view() outside any transaction, of the committed cart: for reads that write nothing
   * (GET, the shipping options of a cart). Inside a transaction, view() with its manager:
   * this one would read on another connection, outside the transaction's changes.
   */
  viewCommitted(id: string, options: CartTotalsOptions & { relations?: readonly string[] } = {}): Promise<CartView> {
    return this.view(id, options, this.dataSource.manager);
  }

  /**
   * The tree and its row version. Its region tree comes from RegionTreeCache when the
   * cache holds every region relation asked for (the query then reads only the trees' version).
   */
  private async read(id: string, relations: readonly string[], manager: EntityManager): Promise<{ cart: Cart; rowVersion: string }> {
    const { regionPaths, others } = splitRegionRelations(relations);
    const cached = regionPaths && RegionTreeCache.covers(regionPaths) ? regionPaths : undefined;
    const loaded = cached
      ? await loadVersionedJsonTree(manager, Cart, id, others, { attach: [REGION_TREE_VERSION] })
      : await loadVersionedJsonTree(manager, Cart, id, relations);
    if (!loaded) throw ApiError.notFound(`Cart with ${id} was not found`);
    if (cached) await this.attachRegion(loaded.tree, attachedValue(loaded.tree, REGION_TREE_VERSION), cached, manager);
    return { cart: sortCartChildren(loaded.tree), rowVersion: loaded.rowVersion };
  }

  /**
   * The region of a cart returned by lock(), with its countries, from RegionTreeCache
   * under the region trees' version the lock statement read (so no query while the tree
   * is cached); 404 with Medusa's message when the region is gone.
   */
  async lockedCartRegion({ cart, regionTreeVersion }: LockedCart, manager: EntityManager): Promise<Region> {
    const region = await this.regions.get(cart.region_id, regionTreeVersion, ['countries'], manager);
    if (!region) throw ApiError.notFound(`Region with id: ${cart.region_id} was not found`);
    return region;
  }

  /**
   * Sets `cart.region` from RegionTreeCache, with `regionPaths` (relative to the region),
   * for a read that saw the trees' `version` (REGION_TREE_VERSION).
   */
  async attachRegion(cart: Cart, version: string | undefined, regionPaths: readonly string[], manager: EntityManager): Promise<void> {
    // null, as the tree query gives a missing to-one relation (a deleted region).
    (cart as { region?: Region | null }).region = cart.region_id ? await this.regions.get(cart.region_id, version, regionPaths, manager) : null;
  }

  /** The cart as payment sessions see it (toPaymentCart), with its sessions (ordered by creation), from one read. */
  async loadPaymentCart(cartId: string, manager: EntityManager): Promise<{ paymentCart: PaymentCart; sessions: PaymentSession[] }> {
    const cart = await this.load(cartId, PAYMENT_CART_RELATIONS, manager);
    const { totals } = await this.totals.calculate(cart, { forceTaxes: true });
    return { paymentCart: toPaymentCart(cart, totals.total), sessions: cart.payment_sessions ?? [] };
  }

  /**
   * The view of a cart its caller has just inserted without items and read back by the
   * INSERT itself with NEW_CART_RELATIONS but the region's (insertCart, which also read the
   * region trees' `regionTreeVersion`): what view() would give, without reading the cart
   * again. The other default relations are the empty ones of relationsOfNewCart; the
   * region tree comes from RegionTreeCache.
   */
  async viewOfNewCart({ cart, regionTreeVersion }: LockedCart): Promise<CartView> {
    Object.assign(cart, relationsOfNewCart());
    await this.attachRegion(cart, regionTreeVersion, splitRegionRelations(NEW_CART_RELATIONS).regionPaths ?? [], this.dataSource.manager);
    const totals = await this.totals.decorate(sortCartChildren(cart));
    return { cart: withMedusaRowShapes(cart), totals, rowVersion: null };
  }
}

/**
 * `relations` split into the paths under `region` (relative to it; undefined when the
 * region is not asked for) and the others.
 */
function splitRegionRelations(relations: readonly string[]): { regionPaths?: string[]; others: string[] } {
  let regionPaths: string[] | undefined;
  const others: string[] = [];
  for (const path of relations) {
    if (path === 'region') regionPaths ??= [];
    else if (path.startsWith('region.')) (regionPaths ??= []).push(path.slice('region.'.length));
    else others.push(path);
  }
  return { regionPaths, others };
}

/**
 * A cart's rows as Medusa 1.20 answers them (observed on a real 1.20.10): line adjustments
 * have no timestamps there (their rows here do), and the region carries `tax_rates`, always
 * empty here (no per-product tax rates: the region's own rate applies).
 */
function withMedusaRowShapes(cart: Cart): Cart {
  for (const item of cart.items ?? []) {
    for (const adjustment of item.adjustments ?? []) {
      delete (adjustment as Partial<typeof adjustment>).created_at;
      delete (adjustment as Partial<typeof adjustment>).updated_at;
    }
  }
  if (cart.region) Object.assign(cart.region, { tax_rates: [] });
  return cart;
}

function sortCartChildren(cart: Cart): Cart {
  cart.items?.sort(byCreation);
  for (const item of cart.items ?? []) {
    item.adjustments?.sort(byCreation);
    item.tax_lines?.sort(byCreation);
  }
  cart.shipping_methods?.sort(byCreation);
  cart.payment_sessions?.sort(byCreation);
  cart.discounts?.sort((a, b) => a.code.localeCompare(b.code));
  cart.gift_cards?.sort(byCreation);
  cart.region?.countries?.sort((a, b) => a.iso_2.localeCompare(b.iso_2));
  cart.region?.payment_providers?.sort((a, b) => a.id.localeCompare(b.id));
  cart.region?.fulfillment_providers?.sort((a, b) => a.id.localeCompare(b.id));
  for (const method of cart.shipping_methods ?? []) method.tax_lines?.sort(byCreation);
  return cart;
}
