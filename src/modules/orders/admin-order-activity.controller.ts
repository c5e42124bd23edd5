import { Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { ListParamsDto } from '../../common/query/find-params.dto';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';

/** Medusa v1's AdminGetNotesParams. */
class AdminGetNotesParams extends ListParamsDto {
  @IsOptional()
  @IsString()
  resource_id?: string;
}

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
  @IsString()
  include_resends?: string;
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

/**
 * The activity Medusa's dashboard shows on an order's timeline. Staff notes and sent
 * notifications are not part of this service (it sends no notifications and stores no
 * notes), so there are never any: both lists answer as Medusa does for an order that has
 * none, and the timeline shows the order's own events.
 */
@ApiTags('Notes')
@AdminController('notes')
export class AdminNotesController {
  @Get()
  @ApiOperation({ summary: 'List Notes (none: notes are not part of this service)' })
  @QueryConfig({ ...EMPTY_LIST, defaultLimit: 50 })
  @MedusaResponse('AdminNotesListRes')
  list(@Query() _query: AdminGetNotesParams, @FindParams() config: FindConfig) {
    return listEnvelope('notes', [], 0, config);
  }
}

@ApiTags('Notifications')
@AdminController('notifications')
export class AdminNotificationsController {
  @Get()
  @ApiOperation({ summary: 'List Notifications (none: this service sends none)' })
  @QueryConfig({ ...EMPTY_LIST, defaultLimit: 50 })
  @MedusaResponse('AdminNotificationsListRes')
  list(@Query() _query: AdminGetNotificationsParams, @FindParams() config: FindConfig) {
    return listEnvelope('notifications', [], 0, config);
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
