import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../../common/auth/surface';
import { MedusaResponse } from '../../../common/openapi/medusa-response.decorator';
import { AdminGetWebhooksParams, AdminPostWebhooksReq, AdminPostWebhooksWebhookReq } from './admin-webhooks.dto';
import type { WebhookEndpoint } from './webhook.entities';
import { WebhooksService } from './webhooks.service';

/** An endpoint as answered: `is_disabled` instead of the timestamp, never the secret (except at creation and rotation). */
function view(endpoint: WebhookEndpoint) {
  const { id, url, events, description, disabled_at, created_at, updated_at } = endpoint;
  return { id, url, events, description, is_disabled: disabled_at !== null, disabled_at, created_at, updated_at };
}

@ApiTags('Webhooks')
@AdminController('webhooks')
export class AdminWebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Register a webhook endpoint', description: 'The answer carries the signing secret: it is never shown again.' })
  @MedusaResponse('AdminWebhookCreatedRes')
  async create(@Body() body: AdminPostWebhooksReq) {
    const endpoint = await this.webhooks.create(body);
    return { webhook: { ...view(endpoint), secret: endpoint.secret } };
  }

  @Get()
  @ApiOperation({ summary: 'List webhook endpoints' })
  @MedusaResponse('AdminWebhooksListRes')
  async list(@Query() query: AdminGetWebhooksParams) {
    const offset = query.offset ?? 0;
    const limit = query.limit ?? 20;
    const [endpoints, count] = await this.webhooks.list(offset, limit);
    return { webhooks: endpoints.map(view), count, offset, limit };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a webhook endpoint' })
  @MedusaResponse('AdminWebhooksRes')
  async retrieve(@Param('id') id: string) {
    return { webhook: view(await this.webhooks.retrieve(id)) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a webhook endpoint (is_disabled: true stops its deliveries)' })
  @MedusaResponse('AdminWebhooksRes')
  async update(@Param('id') id: string, @Body() body: AdminPostWebhooksWebhookReq) {
    return { webhook: view(await this.webhooks.update(id, body)) };
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a webhook endpoint', description: 'Its deliveries go with it: none still pending is sent.' })
  @MedusaResponse('AdminWebhooksDeleteRes')
  async remove(@Param('id') id: string) {
    await this.webhooks.remove(id);
    return { id, object: 'webhook', deleted: true };
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @ApiOperation({
    summary: "Replace a webhook endpoint's signing secret",
    description:
      'The answer carries the new secret: it is never shown again. Deliveries carry a signature with each secret (space-separated in webhook-signature) until WEBHOOK_SECRET_GRACE_SECONDS have passed; then the old secret is dropped.',
  })
  @MedusaResponse('AdminWebhookCreatedRes')
  async rotateSecret(@Param('id') id: string) {
    const endpoint = await this.webhooks.rotateSecret(id);
    return { webhook: { ...view(endpoint), secret: endpoint.secret } };
  }

  @Get(':id/deliveries')
  @ApiOperation({ summary: "List a webhook endpoint's deliveries, newest first" })
  @MedusaResponse('AdminWebhookDeliveriesListRes')
  async deliveries(@Param('id') id: string, @Query() query: AdminGetWebhooksParams) {
    const offset = query.offset ?? 0;
    const limit = query.limit ?? 20;
    const [deliveries, count] = await this.webhooks.deliveries(id, offset, limit);
    return { deliveries, count, offset, limit };
  }

  @Post(':id/deliveries/:delivery_id/redeliver')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a delivery again (same webhook-id)' })
  @MedusaResponse('AdminWebhookDeliveryRes')
  async redeliver(@Param('id') id: string, @Param('delivery_id') deliveryId: string) {
    return { delivery: await this.webhooks.redeliver(id, deliveryId) };
  }
}
