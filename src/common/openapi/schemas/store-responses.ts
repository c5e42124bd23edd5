import { expandedResponse, listResponse, ref, SchemaObject } from './schema-object';

const CART_RELATIONS = [
  'gift_cards',
  'region',
  'region.countries',
  'region.payment_providers',
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
const CART_TOTALS = [
  'subtotal',
  'discount_total',
  'item_tax_total',
  'shipping_total',
  'shipping_tax_total',
  'tax_total',
  'gift_card_total',
  'gift_card_tax_total',
  'total',
];
const ORDER_RELATIONS = [
  'customer',
  'discounts',
  'discounts.rule',
  'fulfillments',
  'fulfillments.tracking_links',
  'items',
  'items.variant',
  'payments',
  'region',
  'shipping_address',
  'shipping_methods',
  'shipping_methods.shipping_option',
];
const ORDER_TOTALS = [
  'subtotal',
  'discount_total',
  'shipping_total',
  'shipping_tax_total',
  'item_tax_total',
  'tax_total',
  'gift_card_total',
  'gift_card_tax_total',
  'total',
  'paid_total',
  'refunded_total',
  'refundable_amount',
];
const PRODUCT_RELATIONS = ['variants', 'variants.prices', 'variants.options', 'options', 'options.values', 'images', 'tags', 'collection', 'type', 'profiles'];
const REGION_RELATIONS = ['countries', 'currency', 'payment_providers', 'fulfillment_providers'];

// Shapes as Medusa v1's OpenAPI components describe them (names, required fields, types,
// nullability), so that types generated from /docs-json are Medusa's. Relations are optional:
// they are present only when loaded by default or named in `expand`.

export const STORE_RESPONSES = {
  StoreAuthRes: { type: 'object', description: "The customer's details.", required: ['customer'], properties: { customer: ref('Customer') } },
  StoreCartShippingOptionsListRes: {
    type: 'object',
    required: ['shipping_options'],
    properties: { shipping_options: { type: 'array', items: ref('PricedShippingOption') } },
  },
  StoreShippingOptionsListRes: {
    type: 'object',
    required: ['shipping_options'],
    properties: { shipping_options: { type: 'array', items: ref('PricedShippingOption') } },
  },
  StoreCartsRes: expandedResponse('cart', 'Cart', { relations: CART_RELATIONS, totals: CART_TOTALS }, "The cart's details."),
  StoreCollectionsListRes: listResponse('collections', ref('ProductCollection'), 'The list of product collections with pagination fields.'),
  StoreCollectionsRes: {
    type: 'object',
    description: 'The details of the product collection.',
    required: ['collection'],
    properties: { collection: ref('ProductCollection') },
  },
  // `type` tells what `data` is: the placed order, or the cart when payment needs more from the shopper (or a swap).
  StoreCompleteCartRes: {
    description:
      "If the cart is completed successfully, this will have the created order or the swap's details, based on the cart's type. Otherwise, it'll be the cart's details.",
    oneOf: [ref('StoreCompleteCartOrderRes'), ref('StoreCompleteCartCartRes'), ref('StoreCompleteCartSwapRes')],
    discriminator: {
      propertyName: 'type',
      mapping: {
        order: '#/components/schemas/StoreCompleteCartOrderRes',
        cart: '#/components/schemas/StoreCompleteCartCartRes',
        swap: '#/components/schemas/StoreCompleteCartSwapRes',
      },
    },
  },
  StoreCompleteCartOrderRes: {
    type: 'object',
    description: 'The cart was completed: the order placed from it.',
    required: ['type', 'data'],
    properties: { type: { type: 'string', enum: ['order'] }, data: { allOf: [ref('Order'), { type: 'object', required: ['items', 'region', 'total'] }] } },
  },
  StoreCompleteCartCartRes: {
    type: 'object',
    description: 'The cart was not completed (its payment needs more from the shopper): the cart.',
    required: ['type', 'data'],
    properties: {
      type: { type: 'string', enum: ['cart'] },
      data: ref('Cart'),
      // The payment session's status, as Medusa's completion strategy sends it (its schema omits it).
      payment_status: { type: 'string', enum: ['authorized', 'pending', 'requires_more', 'error', 'canceled'] },
    },
  },
  StoreCompleteCartSwapRes: {
    type: 'object',
    description: "The cart was a swap's: the swap.",
    required: ['type', 'data'],
    properties: { type: { type: 'string', enum: ['swap'] }, data: ref('Swap') },
  },
  StoreCustomersListOrdersRes: listResponse('orders', ref('Order'), "The list of the customer's orders with pagination fields."),
  StoreCustomersListPaymentMethodsRes: {
    type: 'object',
    description: "The customer's saved payment methods.",
    required: ['payment_methods'],
    properties: {
      payment_methods: {
        type: 'array',
        items: {
          type: 'object',
          required: ['provider_id', 'data'],
          properties: { provider_id: { type: 'string' }, data: { type: 'object' } },
        },
      },
    },
  },
  StoreCustomersRes: { type: 'object', description: "The customer's details.", required: ['customer'], properties: { customer: ref('Customer') } },
  StoreGetAuthEmailRes: {
    type: 'object',
    description: 'Details on whether the email exists.',
    required: ['exists'],
    properties: { exists: { type: 'boolean' } },
  },
  StoreGetProductCategoriesCategoryRes: {
    type: 'object',
    description: "The product category's details.",
    required: ['product_category'],
    properties: { product_category: ref('StoreProductCategory') },
  },
  StoreGetProductCategoriesRes: listResponse('product_categories', ref('StoreProductCategory'), 'The list of product categories with pagination fields.'),
  StoreOrdersRes: expandedResponse('order', 'Order', { relations: ORDER_RELATIONS, totals: ORDER_TOTALS }, "The order's details."),
  StoreProductsListRes: expandedResponse('products', 'PricedProduct', { relations: PRODUCT_RELATIONS }, 'The list of products with pagination fields.', true),
  StoreProductsRes: expandedResponse('product', 'PricedProduct', { relations: PRODUCT_RELATIONS }, "The product's details."),
  StoreRegionsListRes: {
    ...expandedResponse('regions', 'Region', { relations: REGION_RELATIONS }, 'The list of regions with pagination fields.', true),
    // Medusa requires only `regions` here: the pagination fields are optional on this list.
    required: ['regions'],
  },
  StoreRegionsRes: expandedResponse('region', 'Region', { relations: REGION_RELATIONS }, "The region's details."),
  StoreBearerAuthRes: {
    type: 'object',
    description: 'A JWT for the customer, to send as `Authorization: Bearer <token>`.',
    required: ['access_token'],
    properties: { access_token: { type: 'string' } },
  },
  StoreGiftCardsRes: {
    type: 'object',
    description: "What a storefront sees of a gift card (Medusa's store fields): enough for a balance check.",
    required: ['gift_card'],
    properties: {
      gift_card: {
        type: 'object',
        required: ['id', 'code', 'value', 'balance', 'region'],
        properties: {
          id: { type: 'string' },
          code: { type: 'string' },
          value: { type: 'integer' },
          balance: { type: 'integer' },
          region: ref('Region'),
        },
      },
    },
  },
} satisfies Record<string, SchemaObject>;
