import { Body, Delete, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { StoreController } from '../../common/auth/surface';
import { IdempotencyKeyHeader, withStatus } from '../../common/idempotency/idempotency-key.decorator';
import { IdempotencyKeysService, IdempotentRequest } from '../../common/idempotency/idempotency-keys.service';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { WritesNoNotice } from '../table-changes/notice-free-writes';
import { CartCheckoutService } from './cart-checkout.service';
import { CartCompletionService } from './cart-completion.service';
import type { RequestContext } from './carts.service';
import { StorePostCartsCartPaymentSessionReq, StorePostCartsCartPaymentSessionUpdateReq, StorePostCartsCartShippingMethodReq } from './dto/store-carts.dto';
import { CartRequestContext } from './request-context';

/** Checkout steps: shipping methods, payment sessions, taxes and completion. */
@ApiTags('Carts')
@StoreController('carts')
export class StoreCartCheckoutController {
  constructor(
    private readonly checkout: CartCheckoutService,
    private readonly completion: CartCompletionService,
    private readonly idempotency: IdempotencyKeysService,
  ) {}

  @Post(':id/shipping-methods')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add Shipping Method' })
  @MedusaResponse('StoreCartsRes')
  @WritesNoNotice()
  async addShippingMethod(@Param('id') id: string, @Body() body: StorePostCartsCartShippingMethodReq) {
    return { cart: await this.checkout.addShippingMethod(id, body) };
  }

  @Post(':id/payment-sessions')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create Payment Sessions' })
  @MedusaResponse('StoreCartsRes')
  @WritesNoNotice()
  async createPaymentSessions(@Param('id') id: string, @IdempotencyKeyHeader() key: IdempotentRequest, @Res({ passthrough: true }) res: Response) {
    const stored = await this.idempotency.run(key, async (manager) => ({
      status: 200,
      body: { cart: await this.checkout.createPaymentSessions(id, manager) },
    }));
    return withStatus(res, stored);
  }

  @Post(':id/payment-session')
  @HttpCode(200)
  @ApiOperation({ summary: 'Select a Payment Session' })
  @MedusaResponse('StoreCartsRes')
  @WritesNoNotice()
  async selectPaymentSession(@Param('id') id: string, @Body() body: StorePostCartsCartPaymentSessionReq) {
    return { cart: await this.checkout.selectPaymentSession(id, body.provider_id) };
  }

  @Post(':id/payment-sessions/:provider_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Payment Session' })
  @MedusaResponse('StoreCartsRes')
  @WritesNoNotice()
  async updatePaymentSession(@Param('id') id: string, @Param('provider_id') providerId: string, @Body() body: StorePostCartsCartPaymentSessionUpdateReq) {
    return { cart: await this.checkout.updatePaymentSession(id, providerId, body.data) };
  }

  @Delete(':id/payment-sessions/:provider_id')
  @ApiOperation({ summary: 'Delete a Payment Session' })
  @MedusaResponse('StoreCartsRes')
  @WritesNoNotice()
  async deletePaymentSession(@Param('id') id: string, @Param('provider_id') providerId: string) {
    return { cart: await this.checkout.deletePaymentSession(id, providerId) };
  }

  @Post(':id/payment-sessions/:provider_id/refresh')
  @HttpCode(200)
  @ApiOperation({ summary: 'Refresh a Payment Session' })
  @MedusaResponse('StoreCartsRes')
  @WritesNoNotice()
  async refreshPaymentSession(@Param('id') id: string, @Param('provider_id') providerId: string) {
    return { cart: await this.checkout.refreshPaymentSession(id, providerId) };
  }

  @Post(':id/taxes')
  @HttpCode(200)
  @ApiOperation({ summary: 'Calculate Cart Taxes' })
  @MedusaResponse('StoreCartsRes')
  @WritesNoNotice()
  async calculateTaxes(@Param('id') id: string, @IdempotencyKeyHeader() key: IdempotentRequest, @Res({ passthrough: true }) res: Response) {
    const stored = await this.idempotency.run(key, async (manager) => ({ status: 200, body: { cart: await this.checkout.calculateTaxes(id, manager) } }));
    return withStatus(res, stored);
  }

  @Post(':id/complete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Complete a Cart' })
  @MedusaResponse('StoreCompleteCartRes')
  async complete(
    @Param('id') id: string,
    @IdempotencyKeyHeader() key: IdempotentRequest,
    @CartRequestContext() ctx: RequestContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return withStatus(res, await this.completion.complete(id, key, ctx));
  }

  /** Deprecated alias kept by Medusa v1. Its key binds to this path. */
  @Post(':id/complete-cart')
  @HttpCode(200)
  @ApiOperation({ summary: 'Complete a Cart (deprecated path)', deprecated: true })
  @MedusaResponse('StoreCompleteCartRes')
  async completeDeprecated(
    @Param('id') id: string,
    @IdempotencyKeyHeader() key: IdempotentRequest,
    @CartRequestContext() ctx: RequestContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return withStatus(res, await this.completion.complete(id, key, ctx));
  }
}
