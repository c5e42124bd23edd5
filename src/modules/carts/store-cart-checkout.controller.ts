import { Body, Delete, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { StoreController } from '../../common/auth/surface';
import { IdempotencyKeyHeader, withStatus } from '../../common/idempotency/idempotency-key.decorator';
import { IdempotencyKeysService, IdempotentRequest, StoredOutcome, StoredResponse } from '../../common/idempotency/idempotency-keys.service';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { WritesNoNotice } from '../table-changes/notice-free-writes';
import { CartCheckoutService } from './cart-checkout.service';
import { withStoreViewOfCustomer } from '../customers/guest-view';
import { CartCompletionService, CompletionResult, CompletionRolledBack } from './cart-completion.service';
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
    const stored = await this.idempotency.run(key, async (manager) => ({
      status: 200,
      body: { cart: await this.checkout.calculateTaxes(id, manager) },
    }));
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
    return withStatus(res, await this.completeIdempotently(id, key, ctx));
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
    return withStatus(res, await this.completeIdempotently(id, key, ctx));
  }

  /**
   * The completion in the idempotency key's transaction, its result recorded on the key:
   * a result that keeps nothing is recorded after the rollback, with the writes it keeps.
   */
  private completeIdempotently(id: string, key: IdempotentRequest, ctx: RequestContext): Promise<StoredResponse<CompletionBody>> {
    return this.idempotency.run<CompletionBody>(key, async (manager) => {
      try {
        return completionResponse(await this.completion.complete(id, key.key, ctx, manager));
      } catch (err) {
        if (err instanceof CompletionRolledBack) throw new StoredOutcome(completionResponse(err.result), err.keep);
        throw err;
      }
    });
  }
}

type CompletionBody =
  | { type: 'order'; data: unknown }
  | { type: 'cart'; data: unknown; payment_status: string }
  | { type: 'not_allowed'; code: 'insufficient_inventory'; message: string };

/** Medusa v1's answers of a completion: the order, the cart when the payment needs more, 409 for missing stock. */
function completionResponse(result: CompletionResult): StoredResponse<CompletionBody> {
  switch (result.kind) {
    case 'placed':
      return { status: 200, body: { type: 'order', data: withStoreViewOfCustomer(result.order) } };
    case 'payment_needs_more':
      // A copy as JSON: the answer recorded on the key is the cart as read before the rollback.
      return { status: 200, body: { type: 'cart', data: JSON.parse(JSON.stringify(result.cart)), payment_status: result.paymentStatus } };
    case 'out_of_stock':
      return {
        status: 409,
        body: { type: 'not_allowed', code: 'insufficient_inventory', message: `Variant with id: ${result.variantId} does not have the required inventory` },
      };
  }
}
