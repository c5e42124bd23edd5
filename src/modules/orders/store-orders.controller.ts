import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { FindConfig, FindParams, QueryConfig, QueryConfigOptions } from '../../common/query/query-config.decorator';
import { StoreGetOrdersParams } from './dto/store-orders.dto';
import { OrderLookupThrottled } from './order-lookup-throttle';
import { Order } from './order.entity';
import { OrdersService } from './orders.service';
import { STORE_ORDER_ALLOWED_RELATIONS, STORE_ORDER_BY_CART_KEPT_WITH_FIELDS, STORE_ORDER_DEFAULT_RELATIONS } from './order-relations';
import { withStoreViewOfCustomer } from '../customers/guest-view';

/**
 * The fields a shopper may name in `fields`, as Medusa v1.20's store order routes allow
 * them (allowedStoreOrdersFields); any other is a 400. Whatever is named, the totals stay
 * (TOTALS_KEPT_WITH_FIELDS).
 */
const STORE_ORDER_FIELDS = [
  'id',
  'status',
  'fulfillment_status',
  'payment_status',
  'display_id',
  'cart_id',
  'customer_id',
  'email',
  'region_id',
  'currency_code',
  'tax_rate',
  'created_at',
  'object',
  'shipping_total',
  'discount_total',
  'tax_total',
  'refunded_total',
  'total',
  'subtotal',
  'paid_total',
  'refundable_amount',
  'gift_card_total',
  'gift_card_tax_total',
];

const STORE_ORDER_QUERY: QueryConfigOptions = {
  entity: Order,
  defaultRelations: STORE_ORDER_DEFAULT_RELATIONS,
  allowedRelations: STORE_ORDER_ALLOWED_RELATIONS,
  allowedFields: STORE_ORDER_FIELDS,
};

@ApiTags('Orders')
@StoreController('orders')
export class StoreOrdersController {
  constructor(private readonly orders: OrdersService) {}

  /**
   * The storefront's order lookup: `display_id` and `email` both required. One order or a
   * 404 (Medusa answers its 404 as a bare "Not Found"; this service with its JSON error).
   * Failed lookups are limited per email and per client address (429 past them).
   */
  @Get()
  @OrderLookupThrottled()
  @ApiOperation({ summary: 'Look Up an Order' })
  @QueryConfig({ ...STORE_ORDER_QUERY, isList: true })
  @MedusaResponse('StoreOrdersRes')
  async lookup(@Query() query: StoreGetOrdersParams, @FindParams() config: FindConfig) {
    return { order: withStoreViewOfCustomer(await this.orders.lookupWithTotals(query.display_id, query.email, config.relations)) };
  }

  /** The order a completed cart became: how a storefront finds the order after completing its cart. */
  @Get('cart/:cart_id')
  @ApiOperation({ summary: 'Get by Cart ID' })
  @QueryConfig({ ...STORE_ORDER_QUERY, keptWithFields: STORE_ORDER_BY_CART_KEPT_WITH_FIELDS })
  @MedusaResponse('StoreOrdersRes')
  async retrieveByCart(@Param('cart_id') cartId: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { order: withStoreViewOfCustomer(await this.orders.retrieveByCartWithTotals(cartId, config.relations)) };
  }

  /** The order id is the shopper's key, as in Medusa v1 (ULIDs are unguessable). */
  @Get(':id')
  @ApiOperation({ summary: 'Get an Order' })
  @QueryConfig(STORE_ORDER_QUERY)
  @MedusaResponse('StoreOrdersRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    // Whoever has a guest's order id sees its guest customer's id and email only.
    return { order: withStoreViewOfCustomer(await this.orders.retrieveWithStoreRelations(id, config.relations, undefined, { onlyRequested: true })) };
  }
}
