import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { ListRoute } from '../../common/query/list-spec';
import { ADMIN_USER_LIST } from './user-lists';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams } from '../../common/query/query-config.decorator';
import { AdminGetUsersParams } from './dto/admin-users.dto';
import { UsersService } from './users.service';

/**
 * The users Medusa's dashboard lists on every page (its layout and analytics read them)
 * and on Settings -> The Team. Read-only: inviting, changing and deleting users is not
 * part of this service. `api_token` is a secret here and never sent.
 */
@ApiTags('Users')
@AdminController('users')
export class AdminUsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({ summary: 'List Users' })
  @ListRoute(ADMIN_USER_LIST)
  @MedusaResponse('AdminUsersListRes')
  async list(@Query() query: AdminGetUsersParams, @FindParams() config: FindConfig) {
    const [users, count] = await this.users.list(query, config);
    return listEnvelope('users', users, count, config);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a User' })
  @MedusaResponse('AdminUserRes')
  async retrieve(@Param('id') id: string) {
    return { user: await this.users.retrieve(id) };
  }
}
