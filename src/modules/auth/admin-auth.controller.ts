import { Body, Delete, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUserId, Public, StartsSession } from '../../common/auth/auth.decorators';
import { JwtService } from '../../common/auth/jwt.service';
import { logoutFromSession, regenerateSessionWith } from '../../common/auth/session';
import { AdminController } from '../../common/auth/surface';
import { ApiError } from '../../common/errors/api-error';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { UsersService } from '../users/users.service';
import { AdminPostAuthReq } from './dto/admin-auth.dto';
import { LoginThrottled } from './login-throttle';

@ApiTags('Auth')
@AdminController('auth')
export class AdminAuthController {
  constructor(
    private readonly users: UsersService,
    private readonly jwt: JwtService,
  ) {}

  @Post()
  @Public()
  @StartsSession()
  @HttpCode(200)
  @LoginThrottled()
  @ApiOperation({ summary: 'User Login' })
  @MedusaResponse('AdminAuthRes')
  async login(@Body() body: AdminPostAuthReq, @Req() req: Request) {
    const user = await this.users.authenticate(body.email, body.password);
    if (!user) throw ApiError.unauthorized('Invalid email or password');
    await regenerateSessionWith(req, { user_id: user.id });
    return { user };
  }

  @Post('token')
  @Public()
  @HttpCode(200)
  @LoginThrottled()
  @ApiOperation({ summary: 'Get a JWT for the Authorization: Bearer header' })
  @MedusaResponse('AdminBearerAuthRes')
  async token(@Body() body: AdminPostAuthReq) {
    const user = await this.users.authenticate(body.email, body.password);
    if (!user) throw ApiError.unauthorized('Invalid email or password');
    return { access_token: this.jwt.signAdmin(user.id, (await this.users.tokenVersion(user.id)) ?? 0) };
  }

  @Get()
  @ApiOperation({ summary: 'Get Current User' })
  @MedusaResponse('AdminAuthRes')
  async current(@CurrentUserId() userId: string) {
    return { user: await this.users.retrieve(userId) };
  }

  @Delete()
  @HttpCode(200)
  @ApiOperation({ summary: 'User Logout' })
  @MedusaResponse('EmptyRes')
  async logout(@Req() req: Request) {
    if (req.session?.user_id) await logoutFromSession(req, 'user_id');
    return {};
  }
}
