import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { loadJsonTree } from '../../common/database/json-tree-loader';
import { attachedValue } from '../../common/database/json-tree-loader';
import type { Region } from '../regions/region.entity';
import { REGION_TREE_VERSION, RegionTreeCache } from '../regions/region-tree-cache';
import type { PaymentSession } from '../payments/payment-session.entity';
import type { PaymentCart } from '../payments/payment-sessions.service';
import { Cart } from './cart.entity';
import { lockOpenCart } from './carts.repository';
import { PAYMENT_CART_RELATIONS, toPaymentCart } from './payment-cart';
import { CART_TOTALS_RELATIONS, CartTotalsOptions, CartTotalsService } from './cart-totals.service';

/** The relations every cart response carries unless `expand` replaces them (Medusa v1's defaults). */
export const DEFAULT_CART_RELATIONS = [
  'gift_cards',
  'region',
  'region.countries',
  'region.payment_providers',
  'region.fulfillment_providers',
  'items',
  'items.variant',
  'items.adjustments',
  'payment',
  'payment_sessions',
  'shipping_address',
  'billing_address',
  'shipping_methods',
  'shipping_methods.shipping_option',
  'discounts',
  'discounts.rule',
  'sales_channel',
];

/**
 * What a cart can have the moment it is inserted without items (CartsService.create): its
 * region, sales channel and derived shipping address. Everything else is empty by
 * construction, so a new cart is read by its INSERT statement itself, over 7 tables
 * instead of 25 (every table a statement reads costs PostgreSQL a lock per execution).
 */
export const NEW_CART_RELATIONS = [
  'region',
  'region.countries',
  'region.payment_providers',
  'region.fulfillment_providers',
  'shipping_address',
  'sales_channel',
];

/** What `expand` may name on GET /store/carts/:id. */
export const ALLOWED_CART_RELATIONS = [...DEFAULT_CART_RELATIONS, ...CART_TOTALS_RELATIONS, 'customer', 'items.tax_lines', 'shipping_methods.tax_lines'];

const byCreation = <T extends { created_at?: Date; id: string }>(a: T, b: T) =>
  (a.created_at ? new Date(a.created_at).getTime() : 0) - (b.created_at ? new Date(b.created_at).getTime() : 0) || a.id.localeCompare(b.id);

/**
 * Loads carts: the row lock every mutation starts with, and reads with relations and
 * totals. Relations are loaded in a fixed number of queries: the to-one relations joined
 * into the cart row, then one joined query per to-many relation (no fan-out across
 * collections, no outer join under FOR UPDATE); children are sorted by creation for
 * stable responses.
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
  async lock(id: string, manager: EntityManager): Promise<Cart> {
    const open = await lockOpenCart(manager, id);
    if (open) {
      const { region_tree_version: regionTreeVersion, ...row } = open;
      const cart = manager.create(Cart, row);
      (cart as unknown as Record<symbol, string>)[REGION_TREE_VERSION.key] = regionTreeVersion;
      return cart;
    }
    const cart = await manager.getRepository(Cart).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!cart) throw ApiError.notFound(`Cart with ${id} was not found`);
    return cart;
  }

  /**
   * The cart with `relations` and its row version (rowVersionOf); 404 with Medusa's
   * message. Its region tree comes from RegionTreeCache when the cache holds every
   * region relation asked for (the query then reads only the trees' version).
   */
  async load(id: string, relations: readonly string[], manager: EntityManager = this.dataSource.manager): Promise<Cart> {
    const { regionPaths, others } = splitRegionRelations(relations);
    const cached = regionPaths && RegionTreeCache.covers(regionPaths) ? regionPaths : undefined;
    const cart = cached
      ? await loadJsonTree(manager, Cart, id, others, { rowVersion: true, attach: [REGION_TREE_VERSION] })
      : await loadJsonTree(manager, Cart, id, relations, { rowVersion: true });
    if (!cart) throw ApiError.notFound(`Cart with ${id} was not found`);
    if (cached) await this.attachRegion(cart, attachedValue(cart, REGION_TREE_VERSION), cached, manager);
    return sortCartChildren(cart);
  }

  /**
   * Reads `cart`'s row and its top-level `relations` again (with what they carry in
   * DEFAULT_CART_RELATIONS and CART_TOTALS_RELATIONS) and puts them in `cart`, for a
   * caller that changed only those since it loaded the tree. 404 when the cart is gone.
   */
  async reload(cart: Cart, relations: readonly string[], manager: EntityManager = this.dataSource.manager): Promise<Cart> {
    const under = (path: string) => relations.some((relation) => path === relation || path.startsWith(`${relation}.`));
    const paths = [...new Set([...DEFAULT_CART_RELATIONS, ...CART_TOTALS_RELATIONS])].filter(under);
    const fresh = await this.load(cart.id, paths, manager);
    const otherRelations = new Set(
      manager.connection
        .getMetadata(Cart)
        .relations.map((r) => r.propertyName)
        .filter((name) => !relations.includes(name)),
    );
    // Existing keys are overwritten in place, so the tree's key order (the answer's) stays.
    for (const key of Object.keys(fresh) as Array<keyof Cart>) {
      if (!otherRelations.has(key)) (cart as unknown as Record<string, unknown>)[key] = fresh[key];
    }
    return cart;
  }

  /**
   * The region of a cart returned by lock(), with its countries, from RegionTreeCache
   * under the region trees' version the lock statement read (so no query while the tree
   * is cached); 404 with Medusa's message when the region is gone.
   */
  async lockedCartRegion(cart: Cart, manager: EntityManager): Promise<Region> {
    const region = await this.regions.get(cart.region_id, attachedValue(cart, REGION_TREE_VERSION), ['countries'], manager);
    if (!region) throw ApiError.notFound(`Region with id: ${cart.region_id} was not found`);
    return region;
  }

  /**
   * Sets `cart.region` from RegionTreeCache, with `regionPaths` (relative to the region),
   * for a read that saw the trees' `version` (REGION_TREE_VERSION).
   */
  async attachRegion(cart: Cart, version: string | undefined, regionPaths: readonly string[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    // null, as the tree query gives a missing to-one relation (a deleted region).
    (cart as { region?: Region | null }).region = cart.region_id ? await this.regions.get(cart.region_id, version, regionPaths, manager) : null;
  }

  /**
   * The cart with `relations` plus everything its totals need, decorated with every total.
   * `relations` defaults to DEFAULT_CART_RELATIONS (an `expand` replaces them).
   */
  async loadWithTotals(
    id: string,
    options: CartTotalsOptions & { relations?: readonly string[] } = {},
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Cart> {
    const cart = await this.load(id, [...(options.relations ?? DEFAULT_CART_RELATIONS), ...CART_TOTALS_RELATIONS], manager);
    await this.totals.decorate(cart, options);
    return cart;
  }

  /** The cart as payment sessions see it (toPaymentCart), with its sessions (ordered by creation), from one read. */
  async loadPaymentCart(cartId: string, manager: EntityManager): Promise<{ paymentCart: PaymentCart; sessions: PaymentSession[] }> {
    const cart = await this.load(cartId, PAYMENT_CART_RELATIONS, manager);
    const { totals } = await this.totals.calculate(cart, { forceTaxes: true });
    return { paymentCart: toPaymentCart(cart, totals.total), sessions: cart.payment_sessions ?? [] };
  }

  /**
   * A cart its caller has just inserted without items, read with NEW_CART_RELATIONS but
   * the region's (by the INSERT statement itself, which also read the region trees'
   * version): completed with its region tree and the relations it cannot have yet and
   * decorated with its totals, it is what loadWithTotals would give.
   */
  async withTotalsOfNewCart(cart: Cart, regionTreeVersion: string | undefined): Promise<Cart> {
    Object.assign(cart, emptyNewCartRelations());
    await this.attachRegion(cart, regionTreeVersion, splitRegionRelations(NEW_CART_RELATIONS).regionPaths ?? []);
    await this.totals.decorate(sortCartChildren(cart));
    return cart;
  }
}

/**
 * `relations` split into the paths under `region` (relative to it; undefined when the
 * region is not asked for) and the others.
 */
export function splitRegionRelations(relations: readonly string[]): { regionPaths?: string[]; others: string[] } {
  let regionPaths: string[] | undefined;
  const others: string[] = [];
  for (const path of relations) {
    if (path === 'region') regionPaths ??= [];
    else if (path.startsWith('region.')) (regionPaths ??= []).push(path.slice('region.'.length));
    else others.push(path);
  }
  return { regionPaths, others };
}

/** The default relations NEW_CART_RELATIONS leaves out, as the full load gives them for a cart without them. */
function emptyNewCartRelations(): Partial<Cart> {
  return { items: [], payment: null, payment_sessions: [], billing_address: null, shipping_methods: [], discounts: [], gift_cards: [] };
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
