import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { ApiError } from '../../common/errors/api-error';
import { boundedJson } from '../../common/validation/stored-json-bounds';
import { AdminCartUpdate, AdminLineInput, CartCommands } from '../carts/cart-commands';
import { Customer } from '../customers/customer.entity';
import { CustomShippingOption } from './custom-shipping-option.entity';
import { billingCountryInRegion, upsertCustomShippingOption } from './draft-orders.repository';

interface DraftShippingInput {
  option_id: string;
  data?: Record<string, unknown>;
  price?: number;
}

/**
 * A draft's operations on its cart, every change through the carts module's commands
 * (CartCommands: one transaction or the caller's, cart row lock, recalculation); pricing,
 * totals, shipping validation, discounts and completion all live there, as do the line
 * writes only admins ask for (custom lines, the admin's price and title). The one write
 * made here is the draft's own: custom shipping options.
 */
@Injectable()
export class DraftCartService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commands: CartCommands,
  ) {}

  /**
   * Builds the cart of a new draft in the caller's transaction `manager`: a `draft_order`
   * cart with `metadata` (the store's default sales channel, the customer's email when a
   * customer is given, the region's only country as shipping country; 404 for an unknown
   * region), every custom `price` recorded as a custom shipping option of this cart (the
   * price the cart gets whenever that option is added, also from the store; a cart with
   * custom options takes no other), then in one cart command its lines (shipping
   * requirements depend on the subtotal), one method per entry, and the cart fields
   * (customer or guest email, addresses, discounts), as Medusa v1 does. A billing address
   * must be in the region (400).
   */
  async build(
    input: {
      region_id: string;
      customer_id?: string;
      metadata?: Record<string, unknown>;
      lines: AdminLineInput[];
      shipping: DraftShippingInput[];
      cart: AdminCartUpdate;
    },
    manager: EntityManager,
  ): Promise<string> {
    const metadata = boundedJson('metadata', input.metadata ?? {});
    const cartId = await this.commands.createDraftCart({ regionId: input.region_id, customerId: input.customer_id, metadata }, manager);
    // The cart is this transaction's own until it commits: nobody else can change it meanwhile.
    for (const method of input.shipping) {
      if (method.price !== undefined) await this.recordCustomShippingOption(cartId, method.option_id, method.price, manager);
    }
    await this.commands.fillNewCart(
      cartId,
      { lines: input.lines.map((line) => ({ ...line, unit_price: clampPrice(line.unit_price) })), shippingMethods: input.shipping, update: input.cart },
      manager,
    );
    if (input.cart.billing_address !== undefined && (await billingCountryInRegion(manager, cartId)) === false) {
      throw ApiError.notAllowed('Billing country not in region');
    }
    return cartId;
  }

  /**
   * Applies a cart update (customer or guest email, region, country, addresses, discounts)
   * through the carts module, the admin acting for the draft's customer (CartCommands.update).
   */
  async update(cartId: string, input: AdminCartUpdate): Promise<void> {
    await this.commands.update(cartId, input);
  }

  /** `customerId` when it names a live customer; Medusa v1 falls back to the email otherwise. */
  async existingCustomerId(customerId: string | undefined): Promise<string | undefined> {
    if (!customerId) return undefined;
    return (await this.dataSource.getRepository(Customer).exists({ where: { id: customerId } })) ? customerId : undefined;
  }

  /** Adds a variant line (at the admin's `unit_price` when given) or a custom line, in ONE cart command. */
  async addLine(cartId: string, input: AdminLineInput): Promise<void> {
    await this.commands.addLine(cartId, input);
  }

  /** Updates a line in ONE cart command, keeping its price unless `unit_price` is given (CartCommands.updateLine). */
  async updateLine(
    cartId: string,
    lineId: string,
    input: { title?: string; unit_price?: number; quantity?: number; metadata?: Record<string, unknown> },
  ): Promise<void> {
    await this.commands.updateLine(cartId, lineId, input);
  }

  /** Removes a line (unknown line: nothing changes); the carts module drops the shipping methods. */
  async deleteLine(cartId: string, lineId: string): Promise<void> {
    await this.commands.deleteLine(cartId, lineId);
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
