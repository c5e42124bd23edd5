import { Body, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { ApiError } from '../../common/errors/api-error';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { assertRefundAmount, refundReasonOf } from '../payments/refund.entity';
import {
  AdminPostOrdersOrderFulfillmentsReq,
  AdminPostOrdersOrderRefundsReq,
  AdminPostOrdersOrderReq,
  AdminPostOrdersOrderShipmentReq,
  AdminPostOrdersOrderShippingMethodsReq,
} from './dto/admin-order-lifecycle.dto';
import { OrderLifecycleService } from './order-lifecycle.service';

/**
 * What staff do with an order after checkout (Medusa 1.20's `/admin/orders/:id/...`
 * writes). Each answers `{order}` as Medusa's mutating routes do: untrimmed, with
 * `object`, the default relations and every total; `expand` and `fields` are accepted and,
 * as there, do not shape it. Routes without a body in Medusa ignore any body.
 */
@ApiTags('Orders')
@AdminController('orders')
export class AdminOrderLifecycleController {
  constructor(private readonly lifecycle: OrderLifecycleService) {}

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update an Order' })
  @MedusaResponse('AdminOrdersRes')
  async update(@Param('id') id: string, @Query() _query: FindParamsDto, @Body() body: AdminPostOrdersOrderReq) {
    return { order: await this.lifecycle.update(id, body) };
  }

  @Post(':id/capture')
  @HttpCode(200)
  @ApiOperation({ summary: "Capture an Order's Payments" })
  @MedusaResponse('AdminOrdersRes')
  async capture(@Param('id') id: string, @Query() _query: FindParamsDto) {
    return { order: await this.lifecycle.capture(id) };
  }

  @Post(':id/fulfillment')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Fulfillment' })
  @MedusaResponse('AdminOrdersRes')
  async createFulfillment(@Param('id') id: string, @Query() _query: FindParamsDto, @Body() body: AdminPostOrdersOrderFulfillmentsReq) {
    return { order: await this.lifecycle.createFulfillment(id, body) };
  }

  @Post(':id/fulfillments/:fulfillment_id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a Fulfilmment' })
  @MedusaResponse('AdminOrdersRes')
  async cancelFulfillment(@Param('id') id: string, @Param('fulfillment_id') fulfillmentId: string, @Query() _query: FindParamsDto) {
    return { order: await this.lifecycle.cancelFulfillment(id, fulfillmentId) };
  }

  @Post(':id/shipment')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ship a Fulfillment' })
  @MedusaResponse('AdminOrdersRes')
  async createShipment(@Param('id') id: string, @Query() _query: FindParamsDto, @Body() body: AdminPostOrdersOrderShipmentReq) {
    return { order: await this.lifecycle.createShipment(id, body) };
  }

  @Post(':id/refund')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Refund' })
  @MedusaResponse('AdminOrdersRes')
  async refund(@Param('id') id: string, @Query() _query: FindParamsDto, @Body() body: AdminPostOrdersOrderRefundsReq) {
    // Medusa's database refused another reason with a 500; here it is the payments route's 400.
    assertRefundAmount(body.amount);
    return { order: await this.lifecycle.refund(id, { ...body, reason: refundReasonOf(body.reason) }) };
  }

  @Post(':id/shipping-methods')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a Shipping Method' })
  @MedusaResponse('AdminOrdersRes')
  async addShippingMethod(@Param('id') id: string, @Query() _query: FindParamsDto, @Body() body: AdminPostOrdersOrderShippingMethodsReq) {
    // A negative price would pay the shopper for shipping.
    if (body.price < 0) throw ApiError.invalid('price must not be less than 0');
    return { order: await this.lifecycle.addShippingMethod(id, body) };
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel an Order' })
  @MedusaResponse('AdminOrdersRes')
  async cancel(@Param('id') id: string, @Query() _query: FindParamsDto) {
    return { order: await this.lifecycle.cancel(id) };
  }

  @Post(':id/complete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Complete an Order' })
  @MedusaResponse('AdminOrdersRes')
  async complete(@Param('id') id: string, @Query() _query: FindParamsDto) {
    return { order: await this.lifecycle.complete(id) };
  }

  @Post(':id/archive')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archive Order' })
  @MedusaResponse('AdminOrdersRes')
  async archive(@Param('id') id: string, @Query() _query: FindParamsDto) {
    return { order: await this.lifecycle.archive(id) };
  }
}
