import { Body, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags, ApiParam } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentCustomerId, CustomerRequired, StartsSession } from '../../common/auth/auth.decorators';
import { JwtService } from '../../common/auth/jwt.service';
import { logoutFromSession, regenerateSessionWith } from '../../common/auth/session';
import { StoreController } from '../../common/auth/surface';
import { ApiError } from '../../common/errors/api-error';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { LoginThrottled } from '../auth/login-throttle';
import { STORE_SESSION_RELATIONS } from './customer-relations';
import { CustomersService } from './customers.service';
import { EmailExistsThrottled } from './email-exists-throttle';
import { StoreGetAuthEmailParams, StorePostAuthReq } from './dto/store-customers.dto';

const INVALID_CREDENTIALS = 'Invalid email or password';

@ApiTags('Auth')
@StoreController('auth')
export class StoreAuthController {
  constructor(
    private readonly customers: CustomersService,
    private readonly jwt: JwtService,
  ) {}

  @Get()
  @CustomerRequired()
  @ApiOperation({ summary: 'Get Current Customer' })
  @MedusaResponse('StoreAuthRes')
  async current(@CurrentCustomerId() customerId: string) {
    return { customer: await this.customers.retrieveCommitted(customerId, STORE_SESSION_RELATIONS) };
  }

  @Post()
  @StartsSession()
  @HttpCode(200)
  @LoginThrottled()
  @ApiOperation({ summary: 'Customer Login' })
  @MedusaResponse('StoreAuthRes')
  async login(@Body() body: StorePostAuthReq, @Req() req: Request) {
    const customer = await this.customers.authenticate(body.email, body.password);
    if (!customer) throw ApiError.unauthorized(INVALID_CREDENTIALS);
    await regenerateSessionWith(req, { customer_id: customer.id });
    return { customer: await this.customers.retrieveCommitted(customer.id, STORE_SESSION_RELATIONS) };
  }

  @Post('token')
  @HttpCode(200)
  @LoginThrottled()
  @ApiOperation({ summary: 'Get a JWT for the Authorization: Bearer header' })
  @MedusaResponse('StoreBearerAuthRes')
  async token(@Body() body: StorePostAuthReq) {
    const customer = await this.customers.authenticate(body.email, body.password);
    if (!customer) throw ApiError.unauthorized(INVALID_CREDENTIALS);
    return { access_token: this.jwt.signStore(customer.id, (await this.customers.tokenVersion(customer.id)) ?? 0) };
  }

  /** Ends the customer's cookie session (an admin identity in the same session stays). */
  @Delete()
  @HttpCode(200)
  @ApiOperation({ summary: 'Customer Log out' })
  @MedusaResponse('EmptyRes')
  async logout(@Req() req: Request) {
    if (!req.session?.customer_id) throw ApiError.unauthorized();
    await logoutFromSession(req, 'customer_id');
    return {};
  }

  @Get(':email')
  @EmailExistsThrottled()
  @ApiOperation({ summary: 'Check if Email Exists' })
  @ApiParam({ name: 'email', type: String, format: 'email' })
  @MedusaResponse('StoreGetAuthEmailRes')
  async exists(@Param() params: StoreGetAuthEmailParams) {
    return { exists: await this.customers.hasAccount(params.email) };
  }
}
