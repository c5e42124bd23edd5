import { listResponse, ref, SchemaObject } from './schema-object';

// The entities and answers of the admin routes Medusa v1's own dashboard reads (store
// settings, users, regions, shipping options, products, variants, orders), as Medusa v1's
// OpenAPI components describe them.

const STORE_PROPERTIES = {
  id: { type: 'string' },
  name: { type: 'string', default: 'Medusa Store' },
  default_currency_code: { type: 'string' },
  default_currency: { nullable: true, allOf: [ref('Currency')] },
  currencies: { type: 'array', items: ref('Currency') },
  swap_link_template: { nullable: true, type: 'string' },
  payment_link_template: { nullable: true, type: 'string' },
  invite_link_template: { nullable: true, type: 'string' },
  default_location_id: { nullable: true, type: 'string' },
  default_sales_channel_id: { nullable: true, type: 'string' },
  default_sales_channel: { nullable: true, allOf: [ref('SalesChannel')] },
  created_at: { type: 'string', format: 'date-time' },
  updated_at: { type: 'string', format: 'date-time' },
  metadata: { nullable: true, type: 'object' },
} satisfies Record<string, SchemaObject>;

const STORE_REQUIRED = [
  'created_at',
  'default_currency_code',
  'default_location_id',
  'id',
  'invite_link_template',
  'metadata',
  'name',
  'payment_link_template',
  'swap_link_template',
  'updated_at',
];

/** Medusa's `{ <idKey>, object, deleted }` answer of a delete. */
function deleted(idKey: string, object: string, description: string) {
  return {
    type: 'object' as const,
    description,
    required: [idKey, 'object', 'deleted'],
    properties: {
      [idKey]: { type: 'string' as const },
      object: { type: 'string' as const, default: object },
      deleted: { type: 'boolean' as const, default: true },
    },
  };
}

/** Medusa's `{ ids, object: "money-amount", deleted }` answer of a price list's price deletes. */
function deletedPrices(description: string) {
  return {
    type: 'object' as const,
    description,
    required: ['ids', 'object', 'deleted'],
    properties: {
      ids: { type: 'array' as const, items: { type: 'string' as const } },
      object: { type: 'string' as const, default: 'money-amount' },
      deleted: { type: 'boolean' as const, default: true },
    },
  };
}

export const ADMIN_DASHBOARD_SCHEMAS = {
  Store: {
    title: 'Store',
    description: 'A store holds the main settings of the commerce shop.',
    type: 'object',
    required: STORE_REQUIRED,
    properties: STORE_PROPERTIES,
  },
  ExtendedStoreDTO: {
    description: 'The store with the providers, feature flags and modules of the backend.',
    type: 'object',
    required: [...STORE_REQUIRED, 'payment_providers', 'fulfillment_providers', 'feature_flags', 'modules'],
    properties: {
      ...STORE_PROPERTIES,
      payment_providers: { type: 'array', items: ref('PaymentProvider') },
      fulfillment_providers: { type: 'array', items: ref('FulfillmentProvider') },
      feature_flags: {
        type: 'array',
        items: { type: 'object', required: ['key', 'value'], properties: { key: { type: 'string' }, value: { type: 'boolean' } } },
      },
      modules: {
        type: 'array',
        items: { type: 'object', required: ['module', 'resolution'], properties: { module: { type: 'string' }, resolution: { type: 'string' } } },
      },
    },
  },
  FulfillmentOption: {
    type: 'object',
    required: ['provider_id', 'options'],
    properties: {
      provider_id: { type: 'string' },
      options: {
        type: 'array',
        items: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, is_return: { type: 'boolean' } } },
      },
    },
  },
  AdminPricedVariant: {
    description: 'A variant; with a region, currency or cart asked for, its price there.',
    type: 'object',
    allOf: [
      ref('ProductVariant'),
      {
        type: 'object',
        properties: {
          original_price: { nullable: true, type: 'integer' },
          calculated_price: { nullable: true, type: 'integer' },
          calculated_price_type: { nullable: true, type: 'string' },
          original_price_incl_tax: { nullable: true, type: 'integer' },
          calculated_price_incl_tax: { nullable: true, type: 'integer' },
          original_tax: { nullable: true, type: 'integer' },
          calculated_tax: { nullable: true, type: 'integer' },
          tax_rates: {
            nullable: true,
            type: 'array',
            items: {
              type: 'object',
              required: ['rate', 'name', 'code'],
              properties: { rate: { type: 'number' }, name: { type: 'string' }, code: { nullable: true, type: 'string' } },
            },
          },
        },
      },
    ],
  },
  Note: {
    type: 'object',
    required: ['id', 'resource_type', 'resource_id', 'value', 'author_id', 'created_at', 'updated_at', 'deleted_at', 'metadata'],
    properties: {
      id: { type: 'string' },
      resource_type: { type: 'string' },
      resource_id: { type: 'string' },
      value: { type: 'string' },
      author_id: { nullable: true, type: 'string' },
      author: { nullable: true, allOf: [ref('User')] },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
      deleted_at: { nullable: true, type: 'string', format: 'date-time' },
      metadata: { nullable: true, type: 'object' },
    },
  },
  Notification: {
    type: 'object',
    required: ['id', 'event_name', 'resource_type', 'resource_id', 'customer_id', 'to', 'data', 'parent_id', 'provider_id', 'created_at', 'updated_at'],
    properties: {
      id: { type: 'string' },
      event_name: { nullable: true, type: 'string' },
      resource_type: { type: 'string' },
      resource_id: { type: 'string' },
      customer_id: { nullable: true, type: 'string' },
      to: { type: 'string' },
      data: { type: 'object' },
      parent_id: { nullable: true, type: 'string' },
      provider_id: { nullable: true, type: 'string' },
      resends: { type: 'array', items: { type: 'object' } },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
    },
  },
} satisfies Record<string, SchemaObject>;

export const ADMIN_DASHBOARD_RESPONSES = {
  AdminExtendedStoresRes: {
    type: 'object',
    description: "The store's details with additional details like payment and fulfillment providers.",
    required: ['store'],
    properties: { store: ref('ExtendedStoreDTO') },
  },
  AdminStoresRes: { type: 'object', description: "The store's details.", required: ['store'], properties: { store: ref('Store') } },
  AdminPaymentProvidersList: {
    type: 'object',
    description: 'The list of payment providers in a store.',
    required: ['payment_providers'],
    properties: { payment_providers: { type: 'array', items: ref('PaymentProvider') } },
  },
  AdminTaxProvidersList: {
    type: 'object',
    description: 'The list of tax providers in a store.',
    required: ['tax_providers'],
    properties: { tax_providers: { type: 'array', items: ref('TaxProvider') } },
  },
  AdminUsersListRes: listResponse('users', ref('User'), 'The list of users.'),
  AdminUserRes: { type: 'object', description: "The user's details.", required: ['user'], properties: { user: ref('User') } },
  AdminDeleteUserRes: {
    type: 'object',
    required: ['id', 'object', 'deleted'],
    properties: {
      id: { type: 'string' },
      object: { type: 'string', default: 'user' },
      deleted: { type: 'boolean', default: true },
    },
  },
  AdminTaxRatesListRes: listResponse('tax_rates', ref('TaxRate'), 'The list of tax rates with pagination fields.'),
  AdminTaxRatesRes: { type: 'object', description: "The tax rate's details.", required: ['tax_rate'], properties: { tax_rate: ref('TaxRate') } },
  AdminTaxRatesDeleteRes: {
    type: 'object',
    required: ['id', 'object', 'deleted'],
    properties: {
      id: { type: 'string' },
      object: { type: 'string', default: 'tax-rate' },
      deleted: { type: 'boolean', default: true },
    },
  },
  AdminListInvitesRes: {
    type: 'object',
    description: 'The list of invites.',
    required: ['invites'],
    properties: { invites: { type: 'array', items: ref('Invite') } },
  },
  AdminInviteDeleteRes: {
    type: 'object',
    required: ['id', 'object', 'deleted'],
    properties: {
      id: { type: 'string' },
      object: { type: 'string', default: 'invite' },
      deleted: { type: 'boolean', default: true },
    },
  },
  AdminRegionsListRes: listResponse('regions', ref('Region'), 'The list of regions with pagination fields.'),
  AdminRegionsRes: { type: 'object', description: "The region's details.", required: ['region'], properties: { region: ref('Region') } },
  AdminRegionsDeleteRes: {
    type: 'object',
    required: ['id', 'object', 'deleted'],
    properties: {
      id: { type: 'string' },
      object: { type: 'string', default: 'region' },
      deleted: { type: 'boolean', default: true },
    },
  },
  AdminGetRegionsRegionFulfillmentOptionsRes: {
    type: 'object',
    description: 'The list of fulfillment options in a region.',
    required: ['fulfillment_options'],
    properties: { fulfillment_options: { type: 'array', items: ref('FulfillmentOption') } },
  },
  AdminShippingOptionsListRes: listResponse('shipping_options', ref('PricedShippingOption'), 'The list of shipping options with pagination fields.'),
  AdminShippingOptionsDeleteRes: {
    type: 'object',
    required: ['id', 'object', 'deleted'],
    properties: {
      id: { type: 'string' },
      object: { type: 'string', default: 'shipping-option' },
      deleted: { type: 'boolean', default: true },
    },
  },
  AdminShippingOptionsRes: {
    type: 'object',
    description: "The shipping option's details.",
    required: ['shipping_option'],
    properties: { shipping_option: ref('ShippingOption') },
  },
  AdminShippingProfilesListRes: {
    type: 'object',
    description: 'The list of shipping profiles.',
    required: ['shipping_profiles'],
    properties: { shipping_profiles: { type: 'array', items: ref('ShippingProfile') } },
  },
  AdminShippingProfilesRes: {
    type: 'object',
    description: "The shipping profile's details.",
    required: ['shipping_profile'],
    properties: { shipping_profile: ref('ShippingProfile') },
  },
  AdminDeleteShippingProfileRes: {
    type: 'object',
    required: ['id', 'object', 'deleted'],
    properties: {
      id: { type: 'string' },
      object: { type: 'string', default: 'shipping_profile' },
      deleted: { type: 'boolean', default: true },
    },
  },
  AdminProductsListRes: listResponse('products', ref('Product'), 'The list of products with pagination fields.'),
  AdminProductsRes: { type: 'object', description: "The product's details.", required: ['product'], properties: { product: ref('Product') } },
  AdminProductsListTypesRes: { type: 'object', required: ['types'], properties: { types: { type: 'array', items: ref('ProductType') } } },
  AdminProductsListTagsRes: {
    type: 'object',
    required: ['tags'],
    properties: {
      tags: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'usage_count', 'value'],
          properties: { id: { type: 'string' }, usage_count: { type: 'string' }, value: { type: 'string' } },
        },
      },
    },
  },
  AdminProductsDeleteRes: deleted('id', 'product', 'The details of deleting a product.'),
  AdminProductsDeleteOptionRes: {
    ...deleted('option_id', 'option', "The details of deleting a product's option."),
    required: ['option_id', 'object', 'deleted', 'product'],
    properties: { ...deleted('option_id', 'option', '').properties, product: ref('Product') },
  },
  AdminProductsDeleteVariantRes: {
    ...deleted('variant_id', 'product-variant', "The details of deleting a product's variant."),
    required: ['variant_id', 'object', 'deleted', 'product'],
    properties: { ...deleted('variant_id', 'product-variant', '').properties, product: ref('Product') },
  },
  AdminVariantsListRes: listResponse('variants', ref('AdminPricedVariant'), 'The list of variants with pagination fields.'),
  AdminVariantsRes: { type: 'object', description: "The product variant's details.", required: ['variant'], properties: { variant: ref('ProductVariant') } },
  AdminProductTagsListRes: listResponse('product_tags', ref('ProductTag'), 'The list of product tags with pagination fields.'),
  AdminProductTypesListRes: listResponse('product_types', ref('ProductType'), 'The list of product types with pagination fields.'),
  AdminSalesChannelsRes: {
    type: 'object',
    description: "The sales channel's details.",
    required: ['sales_channel'],
    properties: { sales_channel: ref('SalesChannel') },
  },
  StoreVariantsListRes: {
    type: 'object',
    description: 'The list of product variants.',
    required: ['variants'],
    properties: { variants: { type: 'array', items: ref('PricedVariant') } },
  },
  StoreVariantsRes: { type: 'object', description: "The product variant's details.", required: ['variant'], properties: { variant: ref('PricedVariant') } },
  StoreProductTagsListRes: listResponse('product_tags', ref('ProductTag'), 'The list of product tags with pagination fields.'),
  StoreProductTypesListRes: listResponse('product_types', ref('ProductType'), 'The list of product types with pagination fields.'),
  StorePostSearchRes: {
    type: 'object',
    description: "The list of search results: always empty without a search plugin, as Medusa's.",
    required: ['hits'],
    properties: { hits: { type: 'array', items: { type: 'object' } } },
  },
  PriceList: {
    title: 'Price List',
    description: 'A price list overrides or puts on sale variant prices, in a date window and for customer groups.',
    type: 'object',
    required: ['created_at', 'deleted_at', 'description', 'ends_at', 'id', 'name', 'starts_at', 'status', 'type', 'updated_at'],
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      description: { type: 'string' },
      type: { type: 'string', enum: ['sale', 'override'], default: 'sale' },
      status: { type: 'string', enum: ['active', 'draft'], default: 'draft' },
      starts_at: { nullable: true, type: 'string', format: 'date-time' },
      ends_at: { nullable: true, type: 'string', format: 'date-time' },
      customer_groups: { type: 'array', items: ref('CustomerGroup') },
      prices: { type: 'array', items: ref('MoneyAmount') },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
      deleted_at: { nullable: true, type: 'string', format: 'date-time' },
    },
  },
  AdminPriceListRes: { type: 'object', description: "The price list's details.", required: ['price_list'], properties: { price_list: ref('PriceList') } },
  AdminPriceListsListRes: listResponse('price_lists', ref('PriceList'), 'The list of price lists with pagination fields.'),
  AdminPriceListDeleteRes: deleted('id', 'price-list', 'The details of deleting a price list.'),
  AdminPriceListDeleteBatchRes: deletedPrices('The details of deleting prices of a price list.'),
  AdminPriceListDeleteProductPricesRes: deletedPrices("The details of deleting a product's prices of a price list."),
  AdminPriceListDeleteVariantPricesRes: deletedPrices("The details of deleting a variant's prices of a price list."),
  PublishableApiKey: {
    title: 'Publishable API key',
    description: 'A Publishable API key defines the sales channels a storefront request is scoped to.',
    type: 'object',
    required: ['created_at', 'created_by', 'id', 'revoked_by', 'revoked_at', 'title', 'updated_at'],
    properties: {
      id: { type: 'string' },
      created_by: { nullable: true, type: 'string' },
      revoked_by: { nullable: true, type: 'string' },
      revoked_at: { nullable: true, type: 'string', format: 'date-time' },
      title: { type: 'string' },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
    },
  },
  AdminPublishableApiKeysRes: {
    type: 'object',
    description: "The publishable API key's details.",
    required: ['publishable_api_key'],
    properties: { publishable_api_key: ref('PublishableApiKey') },
  },
  AdminPublishableApiKeysListRes: listResponse('publishable_api_keys', ref('PublishableApiKey'), 'The list of publishable API keys with pagination fields.'),
  AdminPublishableApiKeyDeleteRes: deleted('id', 'publishable_api_key', 'The details of deleting a publishable API key.'),
  AdminPublishableApiKeysListSalesChannelsRes: {
    type: 'object',
    description: 'The list of sales channel.',
    required: ['sales_channels'],
    properties: { sales_channels: { type: 'array', items: ref('SalesChannel') } },
  },
  AdminSalesChannelsDeleteRes: deleted('id', 'sales-channel', 'The details of deleting a sales channel.'),
  AdminSalesChannelsListRes: listResponse('sales_channels', ref('SalesChannel'), 'The list of sales channels with pagination fields.'),
  AdminOrdersListRes: listResponse('orders', ref('Order'), 'The list of orders with pagination fields.'),
  AdminOrdersRes: { type: 'object', description: "The order's details.", required: ['order'], properties: { order: ref('Order') } },
  AdminNotesListRes: listResponse('notes', ref('Note'), 'The list of notes with pagination fields.'),
  AdminOrderEditsListRes: listResponse('order_edits', { type: 'object' }, 'The list of order edits with pagination fields.'),
  AdminNotificationsListRes: listResponse('notifications', ref('Notification'), 'The list of notifications with pagination fields.'),
} satisfies Record<string, SchemaObject>;
