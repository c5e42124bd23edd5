import { expandedResponse, listResponse, ref, SchemaObject } from './schema-object';

// Shapes as Medusa v1's OpenAPI components describe them (names, required fields, types,
// nullability), so that types generated from /docs-json are Medusa's. Relations are optional:
// they are present only when loaded by default or named in `expand`.

export const ADMIN_RESPONSES = {
  AdminAppsListRes: { type: 'object', required: ['apps'], properties: { apps: { type: 'array', items: ref('OAuth') } } },
  AdminAppsRes: { type: 'object', required: ['apps'], properties: { apps: ref('OAuth') } },
  AdminAuthRes: { type: 'object', description: "The user's details.", required: ['user'], properties: { user: ref('User') } },
  AdminBatchJobListRes: listResponse('batch_jobs', ref('BatchJob'), 'The list of batch jobs with pagination fields.'),
  AdminBatchJobRes: {
    type: 'object',
    description: "The batch job's details.",
    required: ['batch_job'],
    properties: { batch_job: ref('BatchJob') },
  },
  AdminCollectionsDeleteRes: {
    type: 'object',
    required: ['id', 'object', 'deleted'],
    properties: {
      id: { type: 'string' },
      object: { type: 'string', default: 'product-collection' },
      deleted: { type: 'boolean', default: true },
    },
  },
  AdminCollectionsListRes: listResponse('collections', ref('ProductCollection'), 'The list of collections with pagination fields.'),
  AdminCollectionsRes: {
    type: 'object',
    description: "The collection's details.",
    required: ['collection'],
    properties: { collection: ref('ProductCollection') },
  },
  AdminCurrenciesListRes: listResponse('currencies', ref('Currency'), 'List of currencies with pagination fields.'),
  AdminCurrenciesRes: { type: 'object', description: "A currency's details.", required: ['currency'], properties: { currency: ref('Currency') } },
  AdminCustomerGroupsDeleteRes: {
    type: 'object',
    required: ['id', 'object', 'deleted'],
    properties: {
      id: { type: 'string' },
      object: { type: 'string', default: 'customer_group' },
      deleted: { type: 'boolean', default: true },
    },
  },
  AdminCustomerGroupsListRes: listResponse('customer_groups', ref('CustomerGroup'), 'The list of customer groups with pagination fields.'),
  AdminCustomerGroupsRes: {
    type: 'object',
    description: "The customer group's details.",
    required: ['customer_group'],
    properties: { customer_group: ref('CustomerGroup') },
  },
  AdminCustomersListRes: listResponse('customers', ref('Customer'), 'The list of customers with pagination fields.'),
  AdminCustomersRes: { type: 'object', description: "The customer's details.", required: ['customer'], properties: { customer: ref('Customer') } },
  AdminDeleteProductsFromCollectionRes: {
    type: 'object',
    description: 'Deletion operation details',
    required: ['id', 'object', 'removed_products'],
    properties: {
      id: { type: 'string' },
      object: { type: 'string', default: 'product-collection' },
      removed_products: { type: 'array', items: { type: 'string' } },
    },
  },
  AdminDiscountConditionsDeleteRes: {
    type: 'object',
    required: ['id', 'object', 'deleted', 'discount'],
    properties: {
      id: { type: 'string' },
      object: { type: 'string', default: 'discount-condition' },
      deleted: { type: 'boolean', default: true },
      discount: ref('Discount'),
    },
  },
  AdminDiscountConditionsRes: { type: 'object', required: ['discount_condition'], properties: { discount_condition: ref('DiscountCondition') } },
  AdminDiscountsDeleteRes: {
    type: 'object',
    required: ['id', 'object', 'deleted'],
    properties: { id: { type: 'string' }, object: { type: 'string', default: 'discount' }, deleted: { type: 'boolean', default: true } },
  },
  AdminDiscountsListRes: listResponse('discounts', ref('Discount'), 'The list of discounts with pagination fields.'),
  AdminDiscountsRes: expandedResponse(
    'discount',
    'Discount',
    { relations: ['parent_discount', 'regions', 'rule', 'rule.conditions'] },
    "The discount's details.",
  ),
  AdminDraftOrdersDeleteRes: {
    type: 'object',
    required: ['id', 'object', 'deleted'],
    properties: { id: { type: 'string' }, object: { type: 'string', default: 'draft-order' }, deleted: { type: 'boolean', default: true } },
  },
  AdminDraftOrdersListRes: listResponse('draft_orders', ref('DraftOrder'), 'The list of draft orders with pagination fields.'),
  AdminDraftOrdersRes: expandedResponse(
    'draft_order',
    'DraftOrder',
    { relations: ['order', 'cart', 'cart.items', 'cart.region', 'cart.shipping_methods', 'cart.discounts'] },
    "The draft order's details.",
  ),
  AdminGiftCardsDeleteRes: {
    type: 'object',
    required: ['id', 'object', 'deleted'],
    properties: { id: { type: 'string' }, object: { type: 'string', default: 'gift-card' }, deleted: { type: 'boolean', default: true } },
  },
  AdminGiftCardsListRes: expandedResponse('gift_cards', 'GiftCard', { relations: ['region', 'order'] }, 'The list of gift cards with pagination fields.', true),
  AdminGiftCardsRes: expandedResponse('gift_card', 'GiftCard', { relations: ['region', 'order'] }, "The gift card's details."),
  AdminPostDraftOrdersDraftOrderRegisterPaymentRes: {
    type: 'object',
    description: "The order's details.",
    required: ['order'],
    properties: { order: ref('Order') },
  },
  AdminProductCategoriesCategoryDeleteRes: {
    type: 'object',
    required: ['id', 'object', 'deleted'],
    properties: {
      id: { type: 'string' },
      object: { type: 'string', default: 'product-category' },
      deleted: { type: 'boolean', default: true },
    },
  },
  AdminProductCategoriesCategoryRes: {
    type: 'object',
    description: "The product category's details.",
    required: ['product_category'],
    properties: { product_category: ref('ProductCategory') },
  },
  AdminProductCategoriesListRes: listResponse('product_categories', ref('ProductCategory'), 'The list of product categories with pagination fields.'),
  AdminBearerAuthRes: {
    type: 'object',
    description: 'A JWT for the user, to send as `Authorization: Bearer <token>`.',
    required: ['access_token'],
    properties: { access_token: { type: 'string' } },
  },
  AdminUploadsRes: {
    type: 'object',
    description: 'The uploaded files.',
    required: ['uploads'],
    properties: {
      uploads: {
        type: 'array',
        items: { type: 'object', required: ['url', 'key'], properties: { url: { type: 'string', format: 'uri' }, key: { type: 'string' } } },
      },
    },
  },
  AdminDeleteUploadsRes: {
    type: 'object',
    description: 'The details of deleting a file.',
    required: ['id', 'object', 'deleted'],
    properties: { id: { type: 'string' }, object: { type: 'string', enum: ['file'] }, deleted: { type: 'boolean' } },
  },
  AdminUploadsDownloadUrlRes: {
    type: 'object',
    description: "The file's download URL.",
    required: ['download_url'],
    properties: { download_url: { type: 'string', format: 'uri' } },
  },
} satisfies Record<string, SchemaObject>;
