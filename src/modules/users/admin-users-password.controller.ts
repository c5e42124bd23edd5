import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { LoginThrottled } from '../auth/login-throttle';
import { PasswordTokenThrottled } from '../auth/password-reset';
import { AdminResetPasswordRequest, AdminResetPasswordTokenRequest } from './dto/admin-password-reset.dto';
import { UserPasswordResetService } from './user-password-reset.service';

@ApiTags('Users')
@AdminController('users')
export class AdminUsersPasswordController {
  constructor(private readonly resets: UserPasswordResetService) {}

  /** Always 204: whether the email is a user's is not told, by the answer or its timing. */
  @Post('password-token')
  @Public()
  @HttpCode(204)
  @PasswordTokenThrottled()
  @ApiOperation({ summary: 'Request Password Reset', description: 'Emits user.password_reset with a reset token for the user, if any.' })
  @ApiResponse({ status: 204, description: 'OK' })
  requestToken(@Body() body: AdminResetPasswordTokenRequest): void {
    this.resets.requestInBackground(body.email);
  }

  @Post('reset-password')
  @Public()
  @HttpCode(200)
  @LoginThrottled()
  @ApiOperation({ summary: 'Reset Password' })
  @MedusaResponse('AdminAuthRes')
  async reset(@Body() body: AdminResetPasswordRequest) {
    return { user: await this.resets.reset(body.email, body.token, body.password) };
  }
}
