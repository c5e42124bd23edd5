import { Body, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentCustomerId, CustomerRequired } from '../../common/auth/auth.decorators';
import { StoreController } from '../../common/auth/surface';
import { StorePostCustomersCustomerAcceptClaimReq, StorePostCustomersCustomerOrderClaimReq } from './dto/store-order-claims.dto';
import { OrderClaimConfirmThrottled } from './order-claim-confirm-throttle';
import { OrderClaimsService } from './order-claims.service';

/** Medusa answers both claim routes with the plain text `OK`. */
const PLAIN_OK = { status: 200, description: 'OK', content: { 'text/plain': { schema: { type: 'string', example: 'OK' } } } };

function ok(res: Response): string {
  res.type('text/plain');
  return 'OK';
}

/** A registered customer's claim of the guest orders placed with their email (OrderClaimsService). */
@ApiTags('Orders')
@StoreController('orders')
export class StoreOrderClaimsController {
  constructor(private readonly claims: OrderClaimsService) {}

  /** OK whether or not any named order could be claimed: the answer tells nobody whose order an id is. */
  @Post('batch/customer/token')
  @HttpCode(200)
  @CustomerRequired()
  @ApiOperation({ summary: 'Claim Order', description: "Emits order-update-token.created; the mail to the orders' email carries the token." })
  @ApiResponse(PLAIN_OK)
  async request(@CurrentCustomerId() customerId: string, @Body() body: StorePostCustomersCustomerOrderClaimReq, @Res({ passthrough: true }) res: Response) {
    await this.claims.request(customerId, body.order_ids);
    return ok(res);
  }

  @Post('customer/confirm')
  @HttpCode(200)
  @OrderClaimConfirmThrottled()
  @ApiOperation({ summary: 'Verify Order Claim' })
  @ApiResponse(PLAIN_OK)
  async confirm(@Body() body: StorePostCustomersCustomerAcceptClaimReq, @Res({ passthrough: true }) res: Response) {
    await this.claims.confirm(body.token);
    return ok(res);
  }
}
