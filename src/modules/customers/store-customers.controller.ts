import { Body, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentCustomerId, CustomerRequired, StartsSession } from '../../common/auth/auth.decorators';
import { regenerateSessionWith } from '../../common/auth/session';
import { StoreController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { RegistrationThrottled } from '../auth/login-throttle';
import { STORE_CUSTOMER_RELATIONS } from './customer-relations';
import { CustomersService } from './customers.service';
import { StorePostCustomersReq } from './dto/store-customers.dto';

@ApiTags('Customers')
@StoreController('customers')
export class StoreCustomersController {
  constructor(private readonly customers: CustomersService) {}

  /** Registration; the new customer is logged in with a fresh session, as Medusa does. */
  @Post()
  @StartsSession()
  @HttpCode(200)
  @RegistrationThrottled()
  @ApiOperation({ summary: 'Create a Customer' })
  @MedusaResponse('StoreCustomersRes')
  async register(@Body() body: StorePostCustomersReq, @Req() req: Request) {
    const created = await this.customers.createAccount(body);
    await regenerateSessionWith(req, { customer_id: created.id });
    return { customer: await this.customers.retrieveCommitted(created.id, STORE_CUSTOMER_RELATIONS) };
  }

  @Get('me')
  @CustomerRequired()
  @ApiOperation({ summary: 'Get a Customer' })
  @MedusaResponse('StoreCustomersRes')
  async me(@CurrentCustomerId() customerId: string) {
    return { customer: await this.customers.retrieveCommitted(customerId, STORE_CUSTOMER_RELATIONS) };
  }
}
