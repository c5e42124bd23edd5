import { Body, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IsBooleanString, IsOptional, IsString } from 'class-validator';
import { AdminController } from '../../common/auth/surface';
import { ApiError } from '../../common/errors/api-error';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { ListParamsDto } from '../../common/query/find-params.dto';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';

/** Medusa v1's AdminGetNotificationsParams. */
class AdminGetNotificationsParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  event_name?: string;

  @IsOptional()
  @IsString()
  resource_type?: string;

  @IsOptional()
  @IsString()
  resource_id?: string;

  @IsOptional()
  @IsString()
  to?: string;

  @IsOptional()
  @IsBooleanString()
  include_resends?: string;
}

/** Medusa v1's AdminPostNotificationsNotificationResendReq. */
class AdminPostNotificationsNotificationResendReq {
  @IsOptional()
  @IsString()
  to?: string;
}

/** Medusa v1's GetOrderEditsParams. */
class AdminGetOrderEditsParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  q?: string;

  @IsOptional()
  @IsString()
  order_id?: string;
}

/** Nothing to expand, select or sort: these lists are always empty. */
const EMPTY_LIST = { defaultRelations: [], allowedRelations: [], allowedFields: [], allowedOrder: [], defaultOrder: {}, maxLimit: 1000 };

/** What Medusa's notification list lets `expand` and `fields` name (its relations and columns). */
const NOTIFICATION_QUERY = {
  allowedRelations: ['resends', 'provider', 'parent_notification'],
  allowedFields: ['id', 'event_name', 'resource_type', 'resource_id', 'customer_id', 'to', 'data', 'parent_id', 'provider_id', 'created_at', 'updated_at'],
};

/**
 * Sent notifications, which the order timeline reads: this service records none (its mails
 * are not stored as Medusa's notification plugins store them), so the list answers as
 * Medusa does for a shop without a notification plugin.
 */
@ApiTags('Notifications')
@AdminController('notifications')
export class AdminNotificationsController {
  @Get()
  @ApiOperation({ summary: 'List Notifications (none: this service sends none)' })
  @QueryConfig({ ...EMPTY_LIST, ...NOTIFICATION_QUERY, defaultLimit: 50 })
  @MedusaResponse('AdminNotificationsListRes')
  list(@Query() _query: AdminGetNotificationsParams, @FindParams() config: FindConfig) {
    return listEnvelope('notifications', [], 0, config);
  }

  /** Medusa 8.2's resend: there is never a notification to send again here, so it answers Medusa's 404 for an unknown one. */
  @Post(':id/resend')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resend Notification (none: this service records none)' })
  @MedusaResponse('AdminNotificationsRes')
  resend(@Param('id') id: string, @Body() _body: AdminPostNotificationsNotificationResendReq): never {
    throw ApiError.notFound(`Notification with id: ${id} was not found.`);
  }
}

/**
 * An order's edits, which the order timeline reads whatever the `order_editing` flag says.
 * Order editing is not part of this service (the store announces the flag off, so the
 * dashboard offers no edit): an order never has any.
 */
@ApiTags('Order Edits')
@AdminController('order-edits')
export class AdminOrderEditsController {
  @Get()
  @ApiOperation({ summary: 'List Order Edits (none: order editing is not part of this service)' })
  @QueryConfig({ ...EMPTY_LIST, defaultLimit: 20 })
  @MedusaResponse('AdminOrderEditsListRes')
  list(@Query() _query: AdminGetOrderEditsParams, @FindParams() config: FindConfig) {
    return listEnvelope('order_edits', [], 0, config);
  }
}
