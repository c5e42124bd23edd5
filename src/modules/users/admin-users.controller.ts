import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { listFieldsWithCreatedAt } from '../../common/query/list-fields';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { AdminUsersQuery } from './admin-users.query';
import { AdminGetUsersParams } from './dto/admin-users.dto';
import { User } from './user.entity';
import { UsersService } from './users.service';

/**
 * The users Medusa's dashboard lists on every page (its layout and analytics read them)
 * and on Settings -> The Team. Read-only: inviting, changing and deleting users is not
 * part of this service. `api_token` is a secret here and never sent.
 */
@ApiTags('Users')
@AdminController('users')
export class AdminUsersController {
  constructor(
    private readonly users: UsersService,
    private readonly query: AdminUsersQuery,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List Users' })
  @QueryConfig({ entity: User, defaultLimit: 50, maxLimit: 1000, defaultRelations: [], allowedRelations: [] })
  @MedusaResponse('AdminUsersListRes')
  async list(@Query() query: AdminGetUsersParams, @FindParams() config: FindConfig) {
    listFieldsWithCreatedAt(config);
    const [users, count] = await this.query.list(query, config);
    return listEnvelope('users', users, count, config);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a User' })
  @MedusaResponse('AdminUserRes')
  async retrieve(@Param('id') id: string) {
    return { user: await this.users.retrieve(id) };
  }
}
