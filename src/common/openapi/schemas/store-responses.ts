import { listResponse, ref, SchemaObject } from './schema-object';

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
  StoreCartsRes: { type: 'object', description: "The cart's details.", required: ['cart'], properties: { cart: ref('Cart') } },
  StoreCollectionsListRes: listResponse('collections', ref('ProductCollection'), 'The list of product collections with pagination fields.'),
  StoreCollectionsRes: {
    type: 'object',
    description: 'The details of the product collection.',
    required: ['collection'],
    properties: { collection: ref('ProductCollection') },
  },
  StoreCompleteCartRes: {
    type: 'object',
    description:
      "If the cart is completed successfully, this will have the created order or the swap's details, based on the cart's type. Otherwise, it'll be the cart's details.",
    required: ['type', 'data'],
    properties: {
      type: { type: 'string', enum: ['order', 'cart', 'swap'] },
      // `type` tells which one: an order, or the cart when payment needs more from the shopper.
      data: { anyOf: [ref('Order'), ref('Cart'), ref('Swap')] },
    },
  },
  StoreCustomersListOrdersRes: listResponse('orders', ref('Order'), "The list of the customer's orders with pagination fields."),
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
  StoreOrdersRes: { type: 'object', description: "The order's details.", required: ['order'], properties: { order: ref('Order') } },
  StoreProductsListRes: listResponse('products', ref('PricedProduct'), 'The list of products with pagination fields.'),
  StoreProductsRes: { type: 'object', required: ['product'], properties: { product: ref('PricedProduct') } },
  StoreRegionsListRes: {
    type: 'object',
    description: 'The list of regions with pagination fields.',
    required: ['regions'],
    properties: {
      regions: { type: 'array', items: ref('Region') },
      count: { type: 'integer' },
      offset: { type: 'integer' },
      limit: { type: 'integer' },
    },
  },
  StoreRegionsRes: { type: 'object', description: "The region's details.", required: ['region'], properties: { region: ref('Region') } },
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
