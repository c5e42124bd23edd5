import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { StoreController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { LoginThrottled } from '../auth/login-throttle';
import { PasswordTokenThrottled } from '../auth/password-reset';
import { CustomerPasswordResetService } from './customer-password-reset.service';
import { StorePostCustomersCustomerPasswordTokenReq, StorePostCustomersResetPasswordReq } from './dto/store-password-reset.dto';

@ApiTags('Customers')
@StoreController('customers')
export class StoreCustomerPasswordController {
  constructor(private readonly resets: CustomerPasswordResetService) {}

  /** Always 204: whether the email has an account is not told, by the answer or its timing. */
  @Post('password-token')
  @HttpCode(204)
  @PasswordTokenThrottled()
  @ApiOperation({ summary: 'Request Password Reset', description: 'Emits customer.password_reset with a reset token for the account, if any.' })
  @ApiResponse({ status: 204, description: 'OK' })
  requestToken(@Body() body: StorePostCustomersCustomerPasswordTokenReq): void {
    this.resets.requestInBackground(body.email);
  }

  @Post('password-reset')
  @HttpCode(200)
  @LoginThrottled()
  @ApiOperation({ summary: 'Reset Password' })
  @MedusaResponse('StoreCustomersRes')
  async reset(@Body() body: StorePostCustomersResetPasswordReq) {
    return { customer: await this.resets.reset(body.email, body.token, body.password) };
  }
}
