/**
 * Contract of the pure totals calculator shared by carts and orders.
 *
 * Every amount is an integer in the currency's minor units (1950 = 19.50), except
 * adjustment amounts, which may be fractional (a fixed discount split over the lines by
 * `allocation: total` is stored unrounded, as in Medusa v1). Rates are percentages
 * (25 = 25 %). Rounding happens only in the calculator; see rounding.ts and totals.ts.
 */

/** A tax line of a line item or shipping method; rates of several lines add up. */
export interface TaxLineInput {
  rate: number;
  name: string;
  code: string | null;
}

/** One line-item adjustment: a discount share (`discount_id`) or a custom adjustment (null). */
interface AdjustmentInput {
  amount: number;
  discount_id: string | null;
}

export interface LineItemInput {
  id: string;
  unit_price: number;
  quantity: number;
  /** Whether `unit_price` includes tax (resolved from price list / region / currency). */
  includes_tax: boolean;
  /** Informational only; gift-card lines are priced and taxed like any other line. */
  is_giftcard?: boolean;
  adjustments: AdjustmentInput[];
  /**
   * The tax lines that apply. Pass `[]` when taxes are not applied (region without
   * automatic taxes and no forced taxes) and for custom lines without a product.
   */
  tax_lines: TaxLineInput[];
  /** Orders: units already returned; only `refundable` uses it. */
  returned_quantity?: number | null;
}

export interface ShippingMethodInput {
  id: string;
  /** The stored price of the method. */
  price: number;
  /** Whether `price` includes tax (copied from the shipping option). */
  includes_tax: boolean;
  /** `[]` when taxes are not applied. */
  tax_lines: TaxLineInput[];
}

/** A gift card applied to a cart, in application order (the order balances are drawn in). */
export interface GiftCardInput {
  id: string;
  balance: number;
  /** Null when the card is not taxable (always null when its region has gift_cards_taxable=false). */
  tax_rate: number | null;
}

/** What an order actually drew from a gift card at completion (orders only). */
export interface GiftCardTransactionInput {
  /** The gift card id, echoed in `gift_card_allocations` (`''` when absent). */
  gift_card_id?: string;
  amount: number;
  tax_rate: number | null;
  /** Null for legacy transactions: then `tax_rate` (or the region rate) is used. */
  is_taxable: boolean | null;
}

export interface RegionTotalsInput {
  /** The region's default tax rate in percent; used only for legacy gift-card transactions. */
  tax_rate: number;
  /** Informational: the per-line `includes_tax` flags are what count. */
  includes_tax: boolean;
  /** Medusa default true: gift cards cover the tax-exclusive amount and carry their own tax. */
  gift_cards_taxable: boolean;
}

export interface TotalsInput {
  /**
   * `cart` (default): `tax_total` includes the tax covered by gift cards and `total`
   * subtracts `gift_card_tax_total` separately. `order`: `tax_total` excludes it.
   * `total` is the same in both.
   */
  kind?: 'cart' | 'order';
  currency_code: string;
  region: RegionTotalsInput;
  items: LineItemInput[];
  shipping_methods: ShippingMethodInput[];
  /** True when the cart/order has any free-shipping discount: every method's shipping is 0. */
  free_shipping: boolean;
  /** Cards applied to a cart, in application order. Ignored when `gift_card_transactions` is given. */
  gift_cards: GiftCardInput[];
  /** Orders: what was actually drawn from each card. When present it replaces `gift_cards`. */
  gift_card_transactions?: GiftCardTransactionInput[];
  /** Orders: Σ refund amounts. */
  refunds?: number;
  /** Orders: Σ payment amounts. */
  paid_total?: number;
}

export interface LineItemTotals {
  unit_price: number;
  quantity: number;
  /** Tax-exclusive amount before discounts. */
  subtotal: number;
  /** The line's discount rounded (Σ over lines equals the cart's discount_total). */
  discount_total: number;
  /** Σ adjustment amounts, unrounded (internal; never sent on the wire). */
  raw_discount_total: number;
  tax_total: number;
  /** subtotal − discount_total + tax_total */
  total: number;
  /** subtotal + original_tax_total: what the line costs without discounts. */
  original_total: number;
  /** The tax without discounts. */
  original_tax_total: number;
  /** Always 0: gift cards are not allocated to lines (as in Medusa v1). */
  gift_card_total: number;
  /** What refunding the units not yet returned gives back (orders' `items[].refundable`). */
  refundable: number;
}

export interface ShippingMethodTotals {
  /** The price the method is answered with: the stored price, or 0 with free shipping (as Medusa stores it). */
  price: number;
  /** Tax-exclusive price (0 with free shipping). */
  subtotal: number;
  tax_total: number;
  /** subtotal + tax_total */
  total: number;
  /** Totals of `price` before discounts (0 with free shipping, as in Medusa where the price is then 0). */
  original_total: number;
  original_tax_total: number;
}

/** How much of one gift card's balance the cart/order uses, and the tax that amount covers. */
export interface GiftCardAllocation {
  id: string;
  /** Balance drawn (tax-exclusive when the card has a tax rate). */
  amount: number;
  /** Tax covered on top of `amount` (0 for cards without a rate). */
  tax_amount: number;
  /** The rate used for `tax_amount`, null when none. */
  tax_rate: number | null;
}

export interface Totals {
  /** Σ line subtotal (tax-exclusive, before discounts). */
  subtotal: number;
  /** Rounded Σ of the raw line discounts; equals Σ line discount_total. */
  discount_total: number;
  /** Σ unrounded adjustment amounts (internal). */
  raw_discount_total: number;
  /** Σ shipping method subtotal (tax-exclusive; 0 with free shipping). */
  shipping_total: number;
  item_tax_total: number;
  shipping_tax_total: number;
  /** Cart: item + shipping tax. Order: item + shipping tax − gift_card_tax_total. */
  tax_total: number;
  /** Σ balance drawn from gift cards. */
  gift_card_total: number;
  /** Σ tax covered by the gift cards. */
  gift_card_tax_total: number;
  /** Orders: round(Σ refunds); 0 for carts. */
  refunded_total: number;
  /** Orders: paid_total − refunded_total; 0 for carts. */
  refundable_amount: number;
  /** Orders: Σ payments; 0 for carts. */
  paid_total: number;
  /**
   * What the shopper pays: subtotal + shipping_total + item_tax_total + shipping_tax_total
   * − discount_total − gift_card_total − gift_card_tax_total (never negative for carts).
   */
  total: number;
  items: Record<string, LineItemTotals>;
  shipping_methods: Record<string, ShippingMethodTotals>;
  /** How much each gift card covers, in application order (draw these at completion). */
  gift_card_allocations: GiftCardAllocation[];
}
