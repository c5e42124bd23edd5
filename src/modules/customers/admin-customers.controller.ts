import { Body, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { listEnvelope } from '../../common/query/list-query';
import { ListRoute } from '../../common/query/list-spec';
import { ADMIN_CUSTOMER_LIST } from './customer-lists';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { ADMIN_CUSTOMER_DEFAULT_RELATIONS, CUSTOMER_RELATIONS } from './customer-relations';
import { Customer } from './customer.entity';
import { CustomersService } from './customers.service';
import { AdminGetCustomersParams, AdminPostCustomersCustomerReq, AdminPostCustomersReq } from './dto/admin-customers.dto';

const ONE = { entity: Customer, defaultRelations: ADMIN_CUSTOMER_DEFAULT_RELATIONS, allowedRelations: CUSTOMER_RELATIONS };

@ApiTags('Customers')
@AdminController('customers')
export class AdminCustomersController {
  constructor(private readonly customers: CustomersService) {}

  @Get()
  @ApiOperation({ summary: 'List Customers' })
  @ListRoute(ADMIN_CUSTOMER_LIST)
  @MedusaResponse('AdminCustomersListRes')
  async list(@Query() query: AdminGetCustomersParams, @FindParams() config: FindConfig) {
    const { q, has_account, groups, created_at, updated_at } = query;
    const [customers, count] = await this.customers.list({ q, has_account, groups, created_at, updated_at }, config);
    return listEnvelope('customers', customers, count, config);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a Customer' })
  @MedusaResponse('AdminCustomersRes', 201)
  async create(@Body() body: AdminPostCustomersReq) {
    return { customer: await this.customers.createAccount(body) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Customer' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminCustomersRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { customer: await this.customers.retrieveCommitted(id, config.relations) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Customer' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminCustomersRes')
  async update(@Param('id') id: string, @Body() body: AdminPostCustomersCustomerReq, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { customer: await this.customers.update(id, body, config.relations) };
  }
}
