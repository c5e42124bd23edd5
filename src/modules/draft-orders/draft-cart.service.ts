import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { DataSource, EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { ApiError, ApiErrorType } from '../../common/errors/api-error';
import { boundedJson } from '../../common/validation/stored-json-bounds';
import { Cart } from '../carts/cart.entity';
import { Customer } from '../customers/customer.entity';
import { CartCheckoutService } from '../carts/cart-checkout.service';
import { CartCompletionService } from '../carts/cart-completion.service';
import { CartMutationRunner } from '../carts/cart-mutation.runner';
import { insertCustomLine, markCartAsDraftOrder, setLineTitleAndPrice } from '../carts/carts.repository';
import { CartsService } from '../carts/carts.service';
import type { AddressPayload } from '../carts/dto/address-payload.dto';
import { LineItem } from '../carts/line-item.entity';
import { sameMetadata } from '../carts/line-item-pricing';
import { assertRoomForLine, LineItemsService } from '../carts/line-items.service';
import { SYSTEM_PAYMENT_PROVIDER_ID } from '../payments/payment-provider.registry';
import { CustomShippingOption } from './custom-shipping-option.entity';
import { billingCountryInRegion, upsertCustomShippingOption } from './draft-orders.repository';

/** A line a draft asks for: a variant (optionally at a custom price) or a custom line. */
export interface DraftLineInput {
  variant_id?: string;
  unit_price?: number;
  title?: string;
  quantity: number;
  metadata?: Record<string, unknown>;
}

export interface DraftShippingInput {
  option_id: string;
  data?: Record<string, unknown>;
  price?: number;
}

/** The cart fields a draft may set, as the carts module's "update cart" takes them. */
export interface DraftCartUpdate {
  region_id?: string;
  country_code?: string;
  email?: string;
  customer_id?: string;
  billing_address?: AddressPayload | string;
  shipping_address?: AddressPayload | string;
  discounts?: Array<{ code: string }>;
}

export const CUSTOM_LINE_TITLE = 'Custom item';

/**
 * A draft's operations on its cart, every one through the carts module's public services
 * (pricing, totals, shipping validation, discounts, follow-ups and completion all live
 * there). The only writes made here are the draft-specific ones Medusa v1 also makes
 * outside the cart service: custom lines, admin price overrides and custom shipping
 * options. Cart mutations take the cart row lock through CartMutationRunner; none of
 * these methods is called while the caller's transaction holds that lock.
 */
@Injectable()
export class DraftCartService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly carts: CartsService,
    private readonly mutations: CartMutationRunner,
    private readonly lineItems: LineItemsService,
    private readonly checkout: CartCheckoutService,
    private readonly completion: CartCompletionService,
  ) {}

  /**
   * Creates the cart of a new draft (type `draft_order`, the store's default sales channel,
   * the customer's email when a customer is given, the region's only country as shipping
   * country) and stores `metadata` on it, as Medusa v1 does. 404 for an unknown region.
   */
  async create(input: { region_id: string; customer_id?: string; metadata?: Record<string, unknown> }): Promise<string> {
    const cart = await this.carts.create({ region_id: input.region_id }, { customerId: input.customer_id });
    await this.mutations.run(cart.id, async (locked, manager) => {
      await markCartAsDraftOrder(manager, locked.id, boundedJson('metadata', input.metadata ?? {}));
    });
    return cart.id;
  }

  /**
   * Adds the draft's initial lines and shipping methods in one locked cart transaction:
   * lines first (shipping requirements depend on the subtotal), then every custom `price`
   * recorded as a custom shipping option of this cart (the price the cart gets whenever
   * that option is added, also from the store; a cart with custom options takes no
   * other), then one method per entry, as Medusa v1 does.
   */
  async fill(cartId: string, lines: DraftLineInput[], shipping: DraftShippingInput[]): Promise<void> {
    await this.mutations.run(cartId, async (cart, manager) => {
      for (const line of lines) await this.insertLine(cart, { ...line, unit_price: clampPrice(line.unit_price) }, manager);
      for (const method of shipping) {
        if (method.price !== undefined) await this.recordCustomShippingOption(cart.id, method.option_id, method.price, manager);
      }
      for (const method of shipping) {
        await this.checkout.addShippingMethod(cart.id, { option_id: method.option_id, data: method.data ?? {} }, { allowAdminOnly: true, manager });
      }
    });
  }

  /**
   * Applies a cart update (customer or guest email, region, country, addresses, discounts)
   * through the carts module; discounts and payment sessions are refreshed there. The admin
   * acts for the draft's customer, so `customer_id` is passed as the acting customer, and
   * may move the draft to another customer (`email`: the guest customer of that email,
   * found or created) even when it belongs to a registered one, as in Medusa v1.
   */
  async update(cartId: string, input: DraftCartUpdate): Promise<void> {
    await this.carts.update(cartId, input, { customerId: input.customer_id }, { mayTakeOver: true });
  }

  /** A new draft's billing address must be in its region, as Medusa v1's cart creation checks (400). */
  async assertBillingInRegion(cartId: string): Promise<void> {
    if ((await billingCountryInRegion(this.dataSource.manager, cartId)) === false) throw ApiError.notAllowed('Billing country not in region');
  }

  /** `customerId` when it names a live customer; Medusa v1 falls back to the email otherwise. */
  async existingCustomerId(customerId: string | undefined): Promise<string | undefined> {
    if (!customerId) return undefined;
    return (await this.dataSource.getRepository(Customer).exists({ where: { id: customerId } })) ? customerId : undefined;
  }

  /**
   * Adds a line: a variant line is priced and merged by the carts module (then takes the
   * admin's `unit_price` when given); a line without a variant is a custom line. The cart's
   * follow-ups (shipping methods dropped, adjustments, payment sessions) then run.
   */
  async addLine(cartId: string, input: DraftLineInput): Promise<void> {
    if (input.variant_id) {
      await this.carts.addLineItem(cartId, { variant_id: input.variant_id, quantity: input.quantity, metadata: input.metadata });
      if (input.unit_price !== undefined)
        await this.overrideLine(cartId, { variant_id: input.variant_id, metadata: input.metadata ?? {} }, { unit_price: input.unit_price });
      return;
    }
    let lineId = '';
    await this.mutations.run(cartId, async (cart, manager) => {
      lineId = await this.insertLine(cart, input, manager);
    });
    // The carts module exports no "items changed" follow-up; a line update to the same
    // quantity runs it (shipping methods dropped, adjustments and sessions refreshed).
    await this.carts.updateLineItem(cartId, lineId, { quantity: input.quantity });
  }

  /**
   * Updates a line through the carts module: `quantity` (0 removes the line, stock
   * checked) at the admin's `unit_price`, else at the line's current price: as in Medusa
   * v1, a draft's line is not re-priced by a quantity change, so a custom price stays.
   * Then the admin's `title`. 400 invalid_data when the line is not in the cart.
   */
  async updateLine(
    cartId: string,
    lineId: string,
    input: { title?: string; unit_price?: number; quantity?: number; metadata?: Record<string, unknown> },
  ): Promise<void> {
    const line = await this.dataSource.getRepository(LineItem).findOne({ where: { id: lineId, cart_id: cartId } });
    if (!line) throw ApiError.invalid('Could not find the line item');
    await this.carts.updateLineItem(cartId, lineId, {
      quantity: input.quantity ?? line.quantity,
      metadata: input.metadata,
      unit_price: input.unit_price ?? line.unit_price,
    });
    if (input.quantity === 0 || input.title === undefined) return;
    await this.overrideLine(cartId, { id: lineId }, { title: input.title });
  }

  /** Removes a line (unknown line: nothing changes); the carts module drops the shipping methods. */
  async deleteLine(cartId: string, lineId: string): Promise<void> {
    await this.carts.deleteLineItem(cartId, lineId);
  }

  /**
   * Pays the cart through the `system` provider (authorizes and captures at once) and
   * completes it into an order through the carts module's completion (the store's path).
   * A cart that is already completed is not completed again: completion answers its
   * existing order, so a retry after a failure past completion (or a race with another
   * payment) never places a second order. Returns the order id; completion's refusals
   * (empty cart, no customer, out of stock...) are rethrown with their type and message.
   */
  async complete(cartId: string, draftId: string): Promise<string> {
    const cart = await this.dataSource.getRepository(Cart).findOne({ where: { id: cartId } });
    // A cart completed by an earlier attempt (or through the store) already has its order:
    // completion answers it, and a completed cart cannot take a payment session.
    if (!cart?.completed_at) await this.checkout.selectPaymentSession(cartId, SYSTEM_PAYMENT_PROVIDER_ID);
    // A fresh key per attempt: a recorded refusal (e.g. out of stock) must not be replayed
    // after the admin fixed the cause; the cart row lock is what prevents a second order.
    const key = `draft-order-pay:${draftId}:${randomUUID()}`;
    const { body } = await this.completion.complete(cartId, { key, method: 'POST', path: `/admin/draft-orders/${draftId}/pay` }, {});
    if (body.type === 'order' && 'data' in body) return (body.data as { id: string }).id;
    if ('message' in body) throw new ApiError(body.type as ApiErrorType, body.message, body.code);
    throw ApiError.notAllowed('The draft order payment could not be completed');
  }

  /** Inserts a custom line, or a priced variant line then the admin's price; returns its id. */
  private async insertLine(cart: Cart, input: DraftLineInput, manager: EntityManager): Promise<string> {
    if (input.variant_id) {
      const line = await this.lineItems.add(cart, { variant_id: input.variant_id, quantity: input.quantity, metadata: input.metadata }, manager);
      if (input.unit_price !== undefined) await setLineTitleAndPrice(manager, line.id, { unit_price: input.unit_price });
      return line.id;
    }
    const metadata = boundedJson('metadata', input.metadata ?? {});
    assertRoomForLine(await manager.getRepository(LineItem).count({ where: { cart_id: cart.id } }));
    return insertCustomLine(manager, cart.id, {
      title: input.title ?? CUSTOM_LINE_TITLE,
      unit_price: input.unit_price ?? 0,
      quantity: input.quantity,
      metadata,
    });
  }

  /**
   * Applies the admin's title / price to a line (found by id, or as the variant line with
   * those metadata that the carts module just added or merged), then has the carts module
   * refresh the discount adjustments and payment sessions, which depend on the price.
   */
  private async overrideLine(
    cartId: string,
    match: { id: string } | { variant_id: string; metadata: Record<string, unknown> },
    changes: { title?: string; unit_price?: number },
  ): Promise<void> {
    await this.mutations.run(cartId, async (_cart, manager) => {
      const repo = manager.getRepository(LineItem);
      const lines = await repo.find({ where: 'id' in match ? { id: match.id, cart_id: cartId } : { cart_id: cartId, variant_id: match.variant_id } });
      const line = 'id' in match ? lines[0] : lines.find((l) => l.should_merge && sameMetadata(l.metadata, match.metadata));
      if (!line) return;
      await setLineTitleAndPrice(manager, line.id, changes);
    });
    await this.carts.update(cartId, {}, {});
  }

  /**
   * One custom option per (option, cart): a second custom price for the same option
   * replaces the first. An unknown option records nothing (adding it then answers 404).
   */
  private async recordCustomShippingOption(cartId: string, optionId: string, price: number, manager: EntityManager): Promise<void> {
    await upsertCustomShippingOption(manager, { id: generateEntityId(CustomShippingOption.idPrefix), shippingOptionId: optionId, cartId, price });
  }
}

/** Medusa v1 turns a negative custom price on draft creation into 0. */
function clampPrice(price: number | undefined): number | undefined {
  return price === undefined ? undefined : Math.max(0, price);
}
