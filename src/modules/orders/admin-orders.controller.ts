import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { ListRoute } from '../../common/query/list-spec';
import { OrdersService } from './orders.service';
import { ADMIN_ORDER_LIST } from './order-lists';
import { ADMIN_ORDER_ALLOWED_RELATIONS, ADMIN_ORDER_COMPUTED_FIELDS, ADMIN_ORDER_RELATIONS } from './order-relations';
import { AdminGetOrdersParams } from './dto/admin-orders.dto';
import { Order } from './order.entity';

const CONFIG = {
  entity: Order,
  defaultRelations: ADMIN_ORDER_RELATIONS,
  allowedRelations: ADMIN_ORDER_ALLOWED_RELATIONS,
  computedFields: ADMIN_ORDER_COMPUTED_FIELDS,
};

/**
 * Orders as Medusa's dashboard reads them: the landing page's order table (its filters,
 * `fields` and `expand`), a customer's orders, and the order page (also what a completed
 * draft order's "Go to order" opens). Read-only: fulfilment, returns, claims, swaps,
 * refunds and order edits are not part of this service; their relations answer [].
 */
@ApiTags('Orders')
@AdminController('orders')
export class AdminOrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get()
  @ApiOperation({ summary: 'List Orders' })
  @ListRoute(ADMIN_ORDER_LIST)
  @MedusaResponse('AdminOrdersListRes')
  async list(@Query() query: AdminGetOrdersParams, @FindParams() config: FindConfig) {
    const [orders, count] = await this.orders.listForAdmin(query, config);
    return listEnvelope('orders', orders, count, config);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get an Order' })
  @QueryConfig(CONFIG)
  @MedusaResponse('AdminOrdersRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { order: await this.orders.retrieveForAdmin(id, config.relations) };
  }
}
