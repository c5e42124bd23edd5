import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { Order } from './order.entity';
import { ORDER_TOTAL_FIELDS } from './order-totals';
import { withStoreViewOfCustomer } from '../customers/guest-view';
import { ALLOWED_ORDER_RELATIONS, DEFAULT_ORDER_RELATIONS, OrdersService } from './orders.service';

@ApiTags('Orders')
@StoreController('orders')
export class StoreOrdersController {
  constructor(private readonly orders: OrdersService) {}

  /** The order id is the shopper's key, as in Medusa v1 (ULIDs are unguessable). */
  @Get(':id')
  @ApiOperation({ summary: 'Get an Order' })
  @QueryConfig({
    entity: Order,
    defaultRelations: DEFAULT_ORDER_RELATIONS,
    allowedRelations: ALLOWED_ORDER_RELATIONS,
    computedFields: [...ORDER_TOTAL_FIELDS, 'paid_total', 'refunded_total', 'refundable_amount', 'object', 'gift_card_transactions'],
  })
  @MedusaResponse('StoreOrdersRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    // Whoever has a guest's order id sees its guest customer's id and email only.
    return { order: withStoreViewOfCustomer(await this.orders.retrieveWithTotals(id, config.relations)) };
  }
}
