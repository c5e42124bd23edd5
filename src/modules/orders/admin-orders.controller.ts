import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { listFieldsWithCreatedAt } from '../../common/query/list-fields';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { ADMIN_ORDER_RELATIONS, AdminOrdersQuery } from './admin-orders.query';
import { AdminGetOrdersParams } from './dto/admin-orders.dto';
import { Order } from './order.entity';
import { ORDER_TOTAL_FIELDS } from './order-totals';

/**
 * Beyond the defaults: what this service can load, and the paths below the relations it
 * has no rows for (fulfillments, returns, claims, swaps) that Medusa's dashboard expands
 * on the order page; those answer [].
 */
const ALLOWED_RELATIONS = [
  ...ADMIN_ORDER_RELATIONS,
  'items.variant',
  'items.variant.product',
  'items.variant.product.profiles',
  'items.tax_lines',
  'items.adjustments',
  'region.payment_providers',
  'region.fulfillment_providers',
  'currency',
  'returnable_items',
  'edits',
  'fulfillments.items',
  'fulfillments.tracking_links',
  'returns.items',
  'returns.items.reason',
  'returns.shipping_method',
  'returns.shipping_method.shipping_option',
  'returns.shipping_method.tax_lines',
  'claims.additional_items',
  'claims.additional_items.variant',
  'claims.additional_items.variant.product.profiles',
  'claims.claim_items',
  'claims.claim_items.images',
  'claims.claim_items.item',
  'claims.fulfillments',
  'claims.fulfillments.tracking_links',
  'claims.return_order',
  'claims.return_order.shipping_method',
  'claims.return_order.shipping_method.tax_lines',
  'claims.shipping_address',
  'claims.shipping_methods',
  'swaps.additional_items',
  'swaps.additional_items.variant',
  'swaps.additional_items.variant.product.profiles',
  'swaps.fulfillments',
  'swaps.fulfillments.tracking_links',
  'swaps.payment',
  'swaps.return_order',
  'swaps.return_order.shipping_method',
  'swaps.return_order.shipping_method.shipping_option',
  'swaps.return_order.shipping_method.tax_lines',
  'swaps.shipping_address',
  'swaps.shipping_methods',
  'swaps.shipping_methods.shipping_option',
  'swaps.shipping_methods.tax_lines',
];

const COMPUTED_FIELDS = [...ORDER_TOTAL_FIELDS, 'paid_total', 'refunded_total', 'refundable_amount', 'object', 'gift_card_transactions'];
const CONFIG = { entity: Order, defaultRelations: ADMIN_ORDER_RELATIONS, allowedRelations: ALLOWED_RELATIONS, computedFields: COMPUTED_FIELDS };

/**
 * Orders as Medusa's dashboard reads them: the landing page's order table (its filters,
 * `fields` and `expand`), a customer's orders, and the order page (also what a completed
 * draft order's "Go to order" opens). Read-only: fulfilment, returns, claims, swaps,
 * refunds and order edits are not part of this service; their relations answer [].
 */
@ApiTags('Orders')
@AdminController('orders')
export class AdminOrdersController {
  constructor(private readonly orders: AdminOrdersQuery) {}

  @Get()
  @ApiOperation({ summary: 'List Orders' })
  @QueryConfig({ ...CONFIG, defaultLimit: 50, maxLimit: 1000, onlyRequestedTotals: true })
  @MedusaResponse('AdminOrdersListRes')
  async list(@Query() query: AdminGetOrdersParams, @FindParams() config: FindConfig) {
    listFieldsWithCreatedAt(config);
    const [orders, count] = await this.orders.list(query, config);
    return listEnvelope('orders', orders, count, config);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get an Order' })
  @QueryConfig(CONFIG)
  @MedusaResponse('AdminOrdersRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { order: await this.orders.retrieve(id, config.relations) };
  }
}
