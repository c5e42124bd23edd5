import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { listEnvelope } from '../../common/query/list-query';
import { ADMIN_CUSTOMER_LIST } from '../customers/customer-lists';
import { ADMIN_CUSTOMER_GROUP_LIST, CUSTOMER_GROUP_RELATIONS } from './customer-group-lists';
import { ListRoute } from '../../common/query/list-spec';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { CustomerGroup } from './customer-group.entity';
import { CustomerGroupsService } from './customer-groups.service';
import {
  AdminCustomerGroupsBatchCustomersReq,
  AdminGetCustomerGroupsParams,
  AdminGetGroupsGroupCustomersParams,
  AdminPostCustomerGroupsGroupReq,
  AdminPostCustomerGroupsReq,
} from './dto/admin-customer-groups.dto';

const ONE = { entity: CustomerGroup, defaultRelations: [], allowedRelations: CUSTOMER_GROUP_RELATIONS };

@ApiTags('Customer Groups')
@AdminController('customer-groups')
export class AdminCustomerGroupsController {
  constructor(private readonly groups: CustomerGroupsService) {}

  @Get()
  @ApiOperation({ summary: 'List Customer Groups' })
  @ListRoute(ADMIN_CUSTOMER_GROUP_LIST)
  @MedusaResponse('AdminCustomerGroupsListRes')
  async list(@Query() query: AdminGetCustomerGroupsParams, @FindParams() config: FindConfig) {
    const { q, id, name, discount_condition_id, created_at, updated_at } = query;
    const [customer_groups, count] = await this.groups.list({ q, id, name, discount_condition_id, created_at, updated_at }, config);
    return listEnvelope('customer_groups', customer_groups, count, config);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Customer Group' })
  @MedusaResponse('AdminCustomerGroupsRes')
  async create(@Body() body: AdminPostCustomerGroupsReq) {
    return { customer_group: await this.groups.create(body) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Customer Group' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminCustomerGroupsRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { customer_group: await this.groups.retrieveCommitted(id, config.relations) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Customer Group' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminCustomerGroupsRes')
  async update(@Param('id') id: string, @Body() body: AdminPostCustomerGroupsGroupReq, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { customer_group: await this.groups.update(id, body, config.relations) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a Customer Group' })
  @MedusaResponse('AdminCustomerGroupsDeleteRes')
  async delete(@Param('id') id: string) {
    await this.groups.delete(id);
    return { id, object: 'customer_group', deleted: true };
  }

  @Get(':id/customers')
  @ApiOperation({ summary: "List a Customer Group's Customers" })
  @ListRoute(ADMIN_CUSTOMER_LIST)
  @MedusaResponse('AdminCustomersListRes')
  async listCustomers(@Param('id') id: string, @Query() query: AdminGetGroupsGroupCustomersParams, @FindParams() config: FindConfig) {
    const { q, has_account, created_at, updated_at } = query;
    const [customers, count] = await this.groups.listCustomers(id, { q, has_account, created_at, updated_at }, config);
    return listEnvelope('customers', customers, count, config);
  }

  @Post(':id/customers/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add Customers to Group' })
  @MedusaResponse('AdminCustomerGroupsRes')
  async addCustomers(@Param('id') id: string, @Body() body: AdminCustomerGroupsBatchCustomersReq) {
    return {
      customer_group: await this.groups.addCustomers(
        id,
        body.customer_ids.map((c) => c.id),
      ),
    };
  }

  @Delete(':id/customers/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove Customers from Group' })
  @MedusaResponse('AdminCustomerGroupsRes')
  async removeCustomers(@Param('id') id: string, @Body() body: AdminCustomerGroupsBatchCustomersReq) {
    return {
      customer_group: await this.groups.removeCustomers(
        id,
        body.customer_ids.map((c) => c.id),
      ),
    };
  }
}
