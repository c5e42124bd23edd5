import { Body, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { StoreController } from '../../common/auth/surface';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentCustomerId, CustomerRequired, RequestAuth } from '../../common/auth/auth.decorators';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams } from '../../common/query/query-config.decorator';
import { ListRoute } from '../../common/query/list-spec';
import { CUSTOMER_ORDER_LIST } from '../orders/order-lists';
import { OrdersService } from '../orders/orders.service';
import { CustomerAddressesService } from './customer-addresses.service';
import { STORE_CUSTOMER_RELATIONS } from './customer-relations';
import { CustomersService } from './customers.service';
import {
  StoreGetCustomersCustomerOrdersParams,
  StorePostCustomersCustomerAddressesAddressReq,
  StorePostCustomersCustomerAddressesReq,
  StorePostCustomersCustomerReq,
} from './dto/store-customer-account.dto';

/** The logged-in shopper's own account: profile, order history and saved addresses. */
@ApiTags('Customers')
@StoreController('customers/me')
export class StoreCustomerAccountController {
  constructor(
    private readonly customers: CustomersService,
    private readonly addresses: CustomerAddressesService,
    private readonly orders: OrdersService,
  ) {}

  /** A new password goes through CustomersService.update, the one path that sets passwords. */
  @Post()
  @HttpCode(200)
  @CustomerRequired()
  @ApiOperation({ summary: 'Update Customer' })
  @MedusaResponse('StoreCustomersRes')
  async update(@CurrentCustomerId() customerId: string, @Body() body: StorePostCustomersCustomerReq, @Req() req: Request & { auth?: RequestAuth }) {
    // A new password ends the customer's other logins; the one asking stays logged in.
    const kept = req.auth?.via === 'session' ? { keepSessionId: req.sessionID } : { keepTokenId: req.auth?.tokenId };
    return { customer: await this.customers.update(customerId, body, STORE_CUSTOMER_RELATIONS, { ownAccount: true, ...kept }) };
  }

  @Get('orders')
  @CustomerRequired()
  @ApiOperation({ summary: 'List Orders' })
  @ListRoute(CUSTOMER_ORDER_LIST)
  @MedusaResponse('StoreCustomersListOrdersRes')
  async listOrders(@CurrentCustomerId() customerId: string, @Query() query: StoreGetCustomersCustomerOrdersParams, @FindParams() config: FindConfig) {
    const { limit: _limit, offset: _offset, order: _order, expand: _expand, fields: _fields, ...filters } = query;
    const [orders, count] = await this.orders.listForCustomer(customerId, filters, config);
    return listEnvelope('orders', orders, count, config);
  }

  /**
   * The shopper's saved payment methods, per provider. The providers here (manual, and the
   * test provider) save none, so the list is empty, as Medusa's manual provider answers it.
   */
  @Get('payment-methods')
  @CustomerRequired()
  @ApiOperation({ summary: 'Get Saved Payment Methods' })
  @MedusaResponse('StoreCustomersListPaymentMethodsRes')
  listPaymentMethods() {
    return { payment_methods: [] };
  }

  @Post('addresses')
  @HttpCode(200)
  @CustomerRequired()
  @ApiOperation({ summary: 'Add a Shipping Address' })
  @MedusaResponse('StoreCustomersRes')
  async addAddress(@CurrentCustomerId() customerId: string, @Body() body: StorePostCustomersCustomerAddressesReq) {
    await this.addresses.add(customerId, body.address);
    return { customer: await this.customers.retrieveCommitted(customerId, STORE_CUSTOMER_RELATIONS) };
  }

  @Post('addresses/:address_id')
  @HttpCode(200)
  @CustomerRequired()
  @ApiOperation({ summary: 'Update a Shipping Address' })
  @MedusaResponse('StoreCustomersRes')
  async updateAddress(
    @CurrentCustomerId() customerId: string,
    @Param('address_id') addressId: string,
    @Body() body: StorePostCustomersCustomerAddressesAddressReq,
  ) {
    await this.addresses.update(customerId, addressId, body);
    return { customer: await this.customers.retrieveCommitted(customerId, STORE_CUSTOMER_RELATIONS) };
  }

  @Delete('addresses/:address_id')
  @HttpCode(200)
  @CustomerRequired()
  @ApiOperation({ summary: 'Delete an Address' })
  @MedusaResponse('StoreCustomersRes')
  async deleteAddress(@CurrentCustomerId() customerId: string, @Param('address_id') addressId: string) {
    await this.addresses.remove(customerId, addressId);
    return { customer: await this.customers.retrieveCommitted(customerId, STORE_CUSTOMER_RELATIONS) };
  }
}
