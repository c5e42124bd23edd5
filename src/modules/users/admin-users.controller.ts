import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { ListRoute } from '../../common/query/list-spec';
import { ADMIN_USER_LIST } from './user-lists';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams } from '../../common/query/query-config.decorator';
import { AdminCreateUserRequest, AdminGetUsersParams, AdminUpdateUserRequest } from './dto/admin-users.dto';
import { UsersService } from './users.service';

/**
 * The users Medusa's dashboard lists on every page (its layout and analytics read them)
 * and on Settings -> The Team (create, change a role, remove). `api_token` and the
 * password hash are secrets here and never sent, on any route.
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

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a User' })
  @MedusaResponse('AdminUserRes')
  async create(@Body() body: AdminCreateUserRequest) {
    return { user: await this.users.create(body) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a User' })
  @MedusaResponse('AdminUserRes')
  async update(@Param('id') id: string, @Body() body: AdminUpdateUserRequest) {
    return { user: await this.users.update(id, body) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a User' })
  @MedusaResponse('AdminDeleteUserRes')
  async delete(@Param('id') id: string) {
    await this.users.delete(id);
    return { id, object: 'user', deleted: true };
  }
}
