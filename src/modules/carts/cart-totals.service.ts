import { Injectable } from '@nestjs/common';
import { calculateTotals, type TaxLineInput, type Totals, type TotalsInput } from '../../common/money';
import type { GiftCard } from '../gift-cards/gift-card.entity';
import type { ComputedTaxLine, TaxLinesResult } from '../taxes/tax-provider.interface';
import { TaxProviderRegistry } from '../taxes/tax-provider.registry';
import type { Cart } from './cart.entity';

/** Relations the totals need; always loaded whatever `expand` asks for (as in Medusa v1). */
export const CART_TOTALS_RELATIONS = [
  'region',
  'items',
  'items.adjustments',
  'items.tax_lines',
  'items.variant',
  'items.variant.product',
  'shipping_methods',
  'shipping_methods.tax_lines',
  'shipping_methods.shipping_option',
  'discounts',
  'discounts.rule',
  'gift_cards',
  'shipping_address',
];

export const CART_TOTAL_FIELDS = [
  'subtotal',
  'discount_total',
  'item_tax_total',
  'shipping_total',
  'shipping_tax_total',
  'tax_total',
  'gift_card_total',
  'gift_card_tax_total',
  'total',
] as const;

export interface CartTotalsOptions {
  /**
   * Compute tax lines even when the region has `automatic_taxes` off: payment sessions,
   * POST /taxes and completion charge tax whatever the region shows by default.
   */
  forceTaxes?: boolean;
}

/** Gift cards are drawn soonest-expiring first, then smallest balance (Medusa's order at completion). */
export function giftCardDrawOrder(cards: readonly GiftCard[]): GiftCard[] {
  const expiry = (c: GiftCard) => (c.ends_at ? new Date(c.ends_at).getTime() : Number.MAX_SAFE_INTEGER);
  return [...cards].sort((a, b) => expiry(a) - expiry(b) || a.balance - b.balance || a.id.localeCompare(b.id));
}

/**
 * Turns a loaded cart into the calculator's input and decorates the cart, its items and
 * shipping methods with the totals. Every cart total in this service comes from the one
 * pure calculator (common/money), so carts and the orders placed from them agree.
 * Tax lines: a completed cart uses its persisted lines; otherwise they are computed fresh
 * by the region's tax provider when the region has automatic taxes or taxes are forced,
 * and are empty otherwise.
 */
@Injectable()
export class CartTotalsService {
  constructor(private readonly taxes: TaxProviderRegistry) {}

  /** The tax lines the region's provider gives the cart's items and shipping methods now. */
  async computeTaxLines(cart: Cart): Promise<TaxLinesResult> {
    const region = cart.region!;
    return this.taxes.forRegion(region.tax_provider_id).getTaxLines(
      (cart.items ?? []).map((item) => ({
        id: item.id,
        product_id: item.variant?.product_id ?? null,
        product_type_id: item.variant?.product?.type_id ?? null,
      })),
      (cart.shipping_methods ?? []).map((method) => ({ id: method.id, shipping_option_id: method.shipping_option_id })),
      {
        region: { id: region.id, tax_rate: region.tax_rate, tax_code: region.tax_code, tax_provider_id: region.tax_provider_id },
        shipping_country_code: cart.shipping_address?.country_code?.toLowerCase() ?? null,
        customer_id: cart.customer_id,
      },
    );
  }

  /** The tax lines the totals use for this cart (see the class comment). */
  async taxLinesFor(cart: Cart, options: CartTotalsOptions = {}): Promise<TaxLinesResult> {
    if (cart.completed_at) {
      return {
        items: Object.fromEntries((cart.items ?? []).map((i) => [i.id, (i.tax_lines ?? []).map(toComputed)])),
        shipping_methods: Object.fromEntries((cart.shipping_methods ?? []).map((m) => [m.id, (m.tax_lines ?? []).map(toComputed)])),
      };
    }
    if (cart.region!.automatic_taxes || options.forceTaxes) return this.computeTaxLines(cart);
    return { items: {}, shipping_methods: {} };
  }

  /** The calculator's input for a loaded cart and its tax lines. */
  toTotalsInput(cart: Cart, taxLines: TaxLinesResult): TotalsInput {
    const region = cart.region!;
    return {
      kind: 'cart',
      currency_code: region.currency_code,
      region: { tax_rate: region.tax_rate, includes_tax: region.includes_tax, gift_cards_taxable: region.gift_cards_taxable },
      items: (cart.items ?? []).map((item) => ({
        id: item.id,
        unit_price: item.unit_price,
        quantity: item.quantity,
        includes_tax: item.includes_tax,
        is_giftcard: item.is_giftcard,
        adjustments: (item.adjustments ?? []).map((a) => ({ amount: a.amount, discount_id: a.discount_id })),
        tax_lines: (taxLines.items[item.id] ?? []).map(toInput),
      })),
      shipping_methods: (cart.shipping_methods ?? []).map((method) => ({
        id: method.id,
        price: method.price,
        includes_tax: method.includes_tax,
        tax_lines: (taxLines.shipping_methods[method.id] ?? []).map(toInput),
      })),
      free_shipping: (cart.discounts ?? []).some((d) => d.rule?.type === 'free_shipping'),
      gift_cards: giftCardDrawOrder(cart.gift_cards ?? []).map((card) => ({ id: card.id, balance: card.balance, tax_rate: card.tax_rate })),
    };
  }

  /** Computes the totals of a cart loaded with CART_TOTALS_RELATIONS. */
  async calculate(cart: Cart, options: CartTotalsOptions = {}): Promise<{ totals: Totals; taxLines: TaxLinesResult }> {
    const taxLines = await this.taxLinesFor(cart, options);
    return { totals: calculateTotals(this.toTotalsInput(cart, taxLines)), taxLines };
  }

  /**
   * Decorates the cart in place with every total (cart, items, shipping methods), the
   * tax lines used, `object: "cart"` and the selected `payment_session` (when one is); returns the totals.
   */
  async decorate(cart: Cart, options: CartTotalsOptions = {}): Promise<Totals> {
    const { totals, taxLines } = await this.calculate(cart, options);
    const view = cart as Cart & Record<string, unknown>;
    view.object = 'cart';
    for (const field of CART_TOTAL_FIELDS) view[field] = totals[field];
    for (const item of cart.items ?? []) {
      const t = totals.items[item.id];
      if (!cart.completed_at) item.tax_lines = (taxLines.items[item.id] ?? []).map((line) => ({ ...line, item_id: item.id }) as never);
      Object.assign(item, {
        subtotal: t.subtotal,
        discount_total: t.discount_total,
        tax_total: t.tax_total,
        total: t.total,
        original_total: t.original_total,
        original_tax_total: t.original_tax_total,
        // Unrounded and unclamped, as Medusa 1.20 sends it: the sum of the line's adjustments.
        raw_discount_total: (item.adjustments ?? []).reduce((sum, a) => sum + Number(a.amount), 0),
      });
    }
    for (const method of cart.shipping_methods ?? []) {
      const t = totals.shipping_methods[method.id];
      if (!cart.completed_at) {
        method.tax_lines = (taxLines.shipping_methods[method.id] ?? []).map((line) => ({ ...line, shipping_method_id: method.id }) as never);
      }
      Object.assign(method, {
        price: t.price, // 0 under a free-shipping discount, as Medusa answers it
        subtotal: t.subtotal,
        tax_total: t.tax_total,
        total: t.total,
        original_total: t.original_total,
        original_tax_total: t.original_tax_total,
      });
    }
    // Absent, not null, while no session is selected (Medusa 1.20 sets it only when one is).
    const selected = cart.payment_sessions?.find((s) => s.is_selected);
    if (selected) view.payment_session = selected;
    return totals;
  }
}

function toComputed(line: { rate: number; name: string; code: string | null }): ComputedTaxLine {
  return { rate: line.rate, name: line.name, code: line.code };
}

function toInput(line: ComputedTaxLine): TaxLineInput {
  return { rate: line.rate, name: line.name, code: line.code };
}
