import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { JwtService } from '../../common/auth/jwt.service';
import { UsersModule } from '../users/users.module';
import { AdminAuthController } from './admin-auth.controller';
import { AdminBearerStrategy } from './admin-bearer.strategy';
import { ApiAuthGuard } from './api-auth.guard';
import { LoginAttemptLimiter, LoginThrottleInterceptor, RegistrationThrottleInterceptor } from './login-throttle';

@Global()
@Module({
  imports: [PassportModule, UsersModule],
  controllers: [AdminAuthController],
  providers: [
    JwtService,
    AdminBearerStrategy,
    { provide: APP_GUARD, useClass: ApiAuthGuard },
    LoginAttemptLimiter,
    LoginThrottleInterceptor,
    RegistrationThrottleInterceptor,
  ],
  exports: [JwtService, LoginAttemptLimiter, LoginThrottleInterceptor, RegistrationThrottleInterceptor],
})
export class AuthModule {}
