import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { JwtService } from '../../common/auth/jwt.service';
import { UsersModule } from '../users/users.module';
import { AdminAuthController } from './admin-auth.controller';
import { AdminBearerStrategy } from './admin-bearer.strategy';
import { ApiAuthGuard } from './api-auth.guard';

@Global()
@Module({
  imports: [PassportModule, UsersModule],
  controllers: [AdminAuthController],
  providers: [JwtService, AdminBearerStrategy, { provide: APP_GUARD, useClass: ApiAuthGuard }],
  exports: [JwtService],
})
export class AuthModule {}
