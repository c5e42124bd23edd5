import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { ApiError } from '../../common/errors/api-error';
import { boundedJson } from '../../common/validation/stored-json-bounds';
import { Cart } from '../carts/cart.entity';
import { Customer } from '../customers/customer.entity';
import { CartCheckoutService } from '../carts/cart-checkout.service';
import { CartMutationRunner } from '../carts/cart-mutation.runner';
import { CartsService } from '../carts/carts.service';
import type { AddressPayload } from '../carts/dto/address-payload.dto';
import { LineItemsService } from '../carts/line-items.service';
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

const CUSTOM_LINE_TITLE = 'Custom item';

/**
 * A draft's operations on its cart, every change through the carts module's one write
 * entry (CartMutationRunner: one transaction, cart row lock, recalculation, answer); pricing,
 * totals, shipping validation, discounts and completion all live there, as do the line
 * writes only drafts ask for (custom lines, the admin's price and title: LineItemsService).
 * The one write made here is the draft's own: custom shipping options.
 */
@Injectable()
export class DraftCartService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly carts: CartsService,
    private readonly mutations: CartMutationRunner,
    private readonly lineItems: LineItemsService,
    private readonly checkout: CartCheckoutService,
  ) {}

  /**
   * Builds the cart of a new draft in the caller's transaction `manager`: a `draft_order`
   * cart with `metadata` (the store's default sales channel, the customer's email when a
   * customer is given, the region's only country as shipping country; 404 for an unknown
   * region), then its lines (shipping requirements depend on the subtotal), every custom
   * `price` recorded as a custom shipping option of this cart (the price the cart gets
   * whenever that option is added, also from the store; a cart with custom options takes
   * no other), one method per entry, and the cart fields (customer or guest email,
   * addresses, discounts), as Medusa v1 does. A billing address must be in the region (400).
   */
  async build(
    input: {
      region_id: string;
      customer_id?: string;
      metadata?: Record<string, unknown>;
      lines: DraftLineInput[];
      shipping: DraftShippingInput[];
      cart: DraftCartUpdate;
    },
    manager: EntityManager,
  ): Promise<string> {
    const metadata = boundedJson('metadata', input.metadata ?? {});
    const { id: cartId } = await this.carts.create({ region_id: input.region_id }, { customerId: input.customer_id }, { manager, metadata });
    await this.mutations.mutate(
      cartId,
      async (cart, m) => {
        for (const line of input.lines) await this.insertLine(cart, { ...line, unit_price: clampPrice(line.unit_price) }, m);
        for (const method of input.shipping) {
          if (method.price !== undefined) await this.recordCustomShippingOption(cart.id, method.option_id, method.price, m);
        }
        for (const method of input.shipping) {
          await this.checkout.addShippingMethod(cart.id, { option_id: method.option_id, data: method.data ?? {} }, { allowAdminOnly: true, manager: m });
        }
      },
      { manager },
    );
    await this.update(cartId, input.cart, manager);
    if (input.cart.billing_address !== undefined && (await billingCountryInRegion(manager, cartId)) === false) {
      throw ApiError.notAllowed('Billing country not in region');
    }
    return cartId;
  }

  /**
   * Applies a cart update (customer or guest email, region, country, addresses, discounts)
   * through the carts module; discounts and payment sessions are refreshed there. The admin
   * acts for the draft's customer, so `customer_id` is passed as the acting customer, and
   * may move the draft to another customer (`email`: the guest customer of that email,
   * found or created) even when it belongs to a registered one, as in Medusa v1.
   */
  async update(cartId: string, input: DraftCartUpdate, manager?: EntityManager): Promise<void> {
    await this.carts.update(cartId, input, { customerId: input.customer_id }, { mayTakeOver: true, manager });
  }

  /** `customerId` when it names a live customer; Medusa v1 falls back to the email otherwise. */
  async existingCustomerId(customerId: string | undefined): Promise<string | undefined> {
    if (!customerId) return undefined;
    return (await this.dataSource.getRepository(Customer).exists({ where: { id: customerId } })) ? customerId : undefined;
  }

  /**
   * Adds a line in ONE cart transaction: a variant line is priced and merged by the carts
   * module, then takes the admin's `unit_price` when given; a line without a variant is a
   * custom line. The cart's recalculation (shipping methods dropped, adjustments, payment
   * sessions) then runs on the final price.
   */
  async addLine(cartId: string, input: DraftLineInput): Promise<void> {
    await this.mutations.mutate(cartId, (cart, manager) => this.insertLine(cart, input, manager), { recalculate: 'items', reportsUpdate: true });
  }

  /**
   * Updates a line in ONE cart transaction: `quantity` (0 removes the line, stock checked)
   * at the admin's `unit_price`, else at the line's current price: as in Medusa v1, a
   * draft's line is not re-priced by a quantity change, so a custom price stays. Also the
   * admin's `title`. 400 invalid_data when the line is not in the cart.
   */
  async updateLine(
    cartId: string,
    lineId: string,
    input: { title?: string; unit_price?: number; quantity?: number; metadata?: Record<string, unknown> },
  ): Promise<void> {
    await this.mutations.mutate(cartId, (cart, manager) => this.lineItems.update(cart, lineId, input, manager, { reprice: false }), {
      recalculate: 'items',
      reportsUpdate: true,
    });
  }

  /** Removes a line (unknown line: nothing changes); the carts module drops the shipping methods. */
  async deleteLine(cartId: string, lineId: string): Promise<void> {
    await this.carts.deleteLineItem(cartId, lineId);
  }

  /** Inserts a variant line (priced and merged by the carts module, at the admin's `unit_price` when given) or a custom line. */
  private async insertLine(cart: Cart, input: DraftLineInput, manager: EntityManager): Promise<void> {
    if (input.variant_id) {
      const variantLine = { variant_id: input.variant_id, quantity: input.quantity, metadata: input.metadata };
      await this.lineItems.add(cart, variantLine, manager, { unitPrice: input.unit_price });
      return;
    }
    const customLine = { title: input.title ?? CUSTOM_LINE_TITLE, unit_price: input.unit_price ?? 0, quantity: input.quantity, metadata: input.metadata };
    await this.lineItems.addCustom(cart, customLine, manager);
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
