import { Body, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ReadMayChangeState } from '../../common/auth/cross-site-reads';
import { StoreController } from '../../common/auth/surface';
import { IdempotencyKeyHeader, withStatus } from '../../common/idempotency/idempotency-key.decorator';
import { IdempotencyKeysService, IdempotentRequest } from '../../common/idempotency/idempotency-keys.service';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { WritesNoNotice } from '../table-changes/notice-free-writes';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { Cart } from './cart.entity';
import { CartResponseCache } from './cart-response-cache';
import { captureCartAnswer } from './cart-response-capture';
import { ALLOWED_CART_RELATIONS, DEFAULT_CART_RELATIONS } from './cart-relations';
import { CART_TOTAL_FIELDS } from './cart-totals.service';
import { CartsService, RequestContext } from './carts.service';
import { StorePostCartReq, StorePostCartsCartLineItemsItemReq, StorePostCartsCartLineItemsReq, StorePostCartsCartReq } from './dto/store-carts.dto';
import { CartRequestContext } from './request-context';

/** Carts, their line items and discount removal. Every answer is `{ cart }` with all totals, status 200. */
@ApiTags('Carts')
@StoreController('carts')
export class StoreCartsController {
  constructor(
    private readonly carts: CartsService,
    private readonly idempotency: IdempotencyKeysService,
    private readonly responseCache: CartResponseCache,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Cart' })
  @MedusaResponse('StoreCartsRes')
  @WritesNoNotice()
  async create(@Body() body: StorePostCartReq, @CartRequestContext() ctx: RequestContext) {
    return { cart: await this.carts.create(body, ctx) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Cart' })
  @QueryConfig({
    entity: Cart,
    defaultRelations: DEFAULT_CART_RELATIONS,
    allowedRelations: ALLOWED_CART_RELATIONS,
    computedFields: [...CART_TOTAL_FIELDS, 'object', 'payment_session'],
  })
  @MedusaResponse('StoreCartsRes')
  async retrieve(
    @Param('id') id: string,
    @Query() _query: FindParamsDto,
    @FindParams() config: FindConfig,
    @CartRequestContext() ctx: RequestContext,
    @ReadMayChangeState() mayChangeState: boolean,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const capture = captureCartAnswer(this.responseCache, req, res);
    // A GET another site made the shopper's browser send only reads: it never attaches the cart.
    const view = await this.carts.retrieve(id, config.relations, mayChangeState ? ctx.customerId : undefined);
    capture?.(view);
    return { cart: view.cart };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Cart' })
  @MedusaResponse('StoreCartsRes')
  @WritesNoNotice()
  async update(@Param('id') id: string, @Body() body: StorePostCartsCartReq, @CartRequestContext() ctx: RequestContext) {
    return { cart: await this.carts.update(id, body, ctx) };
  }

  @Post(':id/line-items')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a Line Item' })
  @MedusaResponse('StoreCartsRes')
  @WritesNoNotice()
  async addLineItem(
    @Param('id') id: string,
    @Body() body: StorePostCartsCartLineItemsReq,
    @IdempotencyKeyHeader() key: IdempotentRequest,
    @Res({ passthrough: true }) res: Response,
  ) {
    const stored = await this.idempotency.run(key, async (manager) => ({
      status: 200,
      body: { cart: await this.carts.addLineItem(id, body, manager) },
    }));
    return withStatus(res, stored);
  }

  @Post(':id/line-items/:line_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Line Item' })
  @MedusaResponse('StoreCartsRes')
  @WritesNoNotice()
  async updateLineItem(@Param('id') id: string, @Param('line_id') lineId: string, @Body() body: StorePostCartsCartLineItemsItemReq) {
    return { cart: await this.carts.updateLineItem(id, lineId, body) };
  }

  @Delete(':id/line-items/:line_id')
  @ApiOperation({ summary: 'Delete a Line Item' })
  @MedusaResponse('StoreCartsRes')
  @WritesNoNotice()
  async deleteLineItem(@Param('id') id: string, @Param('line_id') lineId: string) {
    return { cart: await this.carts.deleteLineItem(id, lineId) };
  }

  @Delete(':id/discounts/:code')
  @ApiOperation({ summary: 'Remove Discount' })
  @MedusaResponse('StoreCartsRes')
  @WritesNoNotice()
  async removeDiscount(@Param('id') id: string, @Param('code') code: string) {
    return { cart: await this.carts.removeDiscount(id, code) };
  }
}
