import { csvLine } from '../../csv/medusa-csv';

/** One exported order, with its customer, shipping address and sales channel flattened. */
export interface ExportOrder {
  id: string;
  display_id: number;
  status: string;
  created_at: Date;
  fulfillment_status: string;
  payment_status: string;
  subtotal: number;
  shipping_total: number;
  discount_total: number;
  gift_card_total: number;
  refunded_total: number;
  tax_total: number;
  total: number;
  currency_code: string;
  region_id: string;
  customer_first_name: string | null;
  customer_last_name: string | null;
  customer_email: string | null;
  customer_id: string | null;
  address_1: string | null;
  address_2: string | null;
  country_code: string | null;
  city: string | null;
  postal_code: string | null;
  sales_channel_name: string | null;
  sales_channel_description: string | null;
}

interface ColumnGroup {
  /** The field (or relation) of the order list config that brings these columns. */
  source: string;
  relation: boolean;
  headers: string[];
  values(order: ExportOrder): unknown[];
}

/** Medusa v1's order-export columns, in its order; a group is written only when its field or relation is selected. */
const ORDER_COLUMN_GROUPS: readonly ColumnGroup[] = [
  { source: 'id', relation: false, headers: ['Order_ID'], values: (o) => [o.id] },
  { source: 'display_id', relation: false, headers: ['Display_ID'], values: (o) => [o.display_id] },
  { source: 'status', relation: false, headers: ['Order status'], values: (o) => [o.status] },
  { source: 'created_at', relation: false, headers: ['Date'], values: (o) => [new Date(o.created_at).toUTCString()] },
  {
    source: 'customer',
    relation: true,
    headers: ['Customer First name', 'Customer Last name', 'Customer Email', 'Customer ID'],
    values: (o) => [o.customer_first_name, o.customer_last_name, o.customer_email, o.customer_id],
  },
  {
    source: 'shipping_address',
    relation: true,
    headers: ['Shipping Address 1', 'Shipping Address 2', 'Shipping Country Code', 'Shipping City', 'Shipping Postal Code', 'Shipping Region ID'],
    values: (o) => [o.address_1, o.address_2, o.country_code, o.city, o.postal_code, o.region_id],
  },
  { source: 'fulfillment_status', relation: false, headers: ['Fulfillment Status'], values: (o) => [o.fulfillment_status] },
  { source: 'payment_status', relation: false, headers: ['Payment Status'], values: (o) => [o.payment_status] },
  { source: 'subtotal', relation: false, headers: ['Subtotal'], values: (o) => [o.subtotal] },
  { source: 'shipping_total', relation: false, headers: ['Shipping Total'], values: (o) => [o.shipping_total] },
  { source: 'discount_total', relation: false, headers: ['Discount Total'], values: (o) => [o.discount_total] },
  { source: 'gift_card_total', relation: false, headers: ['Gift Card Total'], values: (o) => [o.gift_card_total] },
  { source: 'refunded_total', relation: false, headers: ['Refunded Total'], values: (o) => [o.refunded_total] },
  { source: 'tax_total', relation: false, headers: ['Tax Total'], values: (o) => [o.tax_total] },
  { source: 'total', relation: false, headers: ['Total'], values: (o) => [o.total] },
  { source: 'currency_code', relation: false, headers: ['Currency Code'], values: (o) => [o.currency_code] },
  {
    source: 'sales_channel',
    relation: true,
    headers: ['Sales channel name', 'Sales channel description'],
    values: (o) => [o.sales_channel_name, o.sales_channel_description],
  },
];

export const DEFAULT_ORDER_FIELDS = ORDER_COLUMN_GROUPS.filter((g) => !g.relation).map((g) => g.source);
export const DEFAULT_ORDER_RELATIONS = ORDER_COLUMN_GROUPS.filter((g) => g.relation).map((g) => g.source);

export interface OrderColumns {
  select: string[];
  relations: string[];
}

function groupsFor(columns: OrderColumns): ColumnGroup[] {
  return ORDER_COLUMN_GROUPS.filter((g) => (g.relation ? columns.relations : columns.select).includes(g.source));
}

export function orderCsvHeader(columns: OrderColumns): string[] {
  return groupsFor(columns).flatMap((g) => g.headers);
}

/**
 * One CSV line per order. Amounts are integer minor units, as Medusa writes them. Cells
 * are quoted when they hold a separator (Medusa writes them raw, which breaks the line).
 */
export function orderLine(order: ExportOrder, columns: OrderColumns): string {
  return csvLine(groupsFor(columns).flatMap((g) => g.values(order)));
}
