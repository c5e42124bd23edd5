import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams } from '../../common/query/query-config.decorator';
import { DraftOrderPaymentService } from './draft-order-payment.service';
import { DraftOrdersService } from './draft-orders.service';
import { ListRoute } from '../../common/query/list-spec';
import { ADMIN_DRAFT_ORDER_LIST } from './draft-order-lists';
import {
  AdminGetDraftOrdersParams,
  AdminPostDraftOrdersDraftOrderLineItemsItemReq,
  AdminPostDraftOrdersDraftOrderLineItemsReq,
  AdminPostDraftOrdersDraftOrderReq,
  AdminPostDraftOrdersReq,
} from './dto/admin-draft-orders.dto';

/** Single-draft routes answer `{ draft_order }` with the cart and its totals embedded; query parameters are ignored (Medusa v1). */
@ApiTags('Draft Orders')
@AdminController('draft-orders')
export class AdminDraftOrdersController {
  constructor(
    private readonly drafts: DraftOrdersService,
    private readonly payments: DraftOrderPaymentService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List Draft Orders' })
  @ListRoute(ADMIN_DRAFT_ORDER_LIST)
  @MedusaResponse('AdminDraftOrdersListRes')
  async list(@Query() query: AdminGetDraftOrdersParams, @FindParams() config: FindConfig) {
    const { q, status, created_at, updated_at } = query;
    const [draftOrders, count] = await this.drafts.list({ q, status, created_at, updated_at }, config);
    return listEnvelope('draft_orders', draftOrders, count, config);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Draft Order' })
  @MedusaResponse('AdminDraftOrdersRes')
  async create(@Body() body: AdminPostDraftOrdersReq) {
    return { draft_order: await this.drafts.create(body) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Draft Order' })
  @MedusaResponse('AdminDraftOrdersRes')
  async retrieve(@Param('id') id: string) {
    return { draft_order: await this.drafts.viewCommitted(id) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Draft Order' })
  @MedusaResponse('AdminDraftOrdersRes')
  async update(@Param('id') id: string, @Body() body: AdminPostDraftOrdersDraftOrderReq) {
    return { draft_order: await this.drafts.update(id, body) };
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a Draft Order' })
  @MedusaResponse('AdminDraftOrdersDeleteRes')
  async delete(@Param('id') id: string) {
    await this.drafts.delete(id);
    return { id, object: 'draft-order', deleted: true };
  }

  @Post(':id/line-items')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Line Item' })
  @MedusaResponse('AdminDraftOrdersRes')
  async addLineItem(@Param('id') id: string, @Body() body: AdminPostDraftOrdersDraftOrderLineItemsReq) {
    return { draft_order: await this.drafts.addLine(id, body) };
  }

  @Post(':id/line-items/:line_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Line Item' })
  @MedusaResponse('AdminDraftOrdersRes')
  async updateLineItem(@Param('id') id: string, @Param('line_id') lineId: string, @Body() body: AdminPostDraftOrdersDraftOrderLineItemsItemReq) {
    return { draft_order: await this.drafts.updateLine(id, lineId, body) };
  }

  @Delete(':id/line-items/:line_id')
  @ApiOperation({ summary: 'Delete a Line Item' })
  @MedusaResponse('AdminDraftOrdersRes')
  async deleteLineItem(@Param('id') id: string, @Param('line_id') lineId: string) {
    return { draft_order: await this.drafts.deleteLine(id, lineId) };
  }

  @Post(':id/pay')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark Paid' })
  @MedusaResponse('AdminPostDraftOrdersDraftOrderRegisterPaymentRes')
  async registerPayment(@Param('id') id: string) {
    return { order: await this.payments.registerPayment(id) };
  }
}
