import { Global, Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { JwtService } from '../../common/auth/jwt.service';
import { UsersModule } from '../users/users.module';
import { AdminAuthController } from './admin-auth.controller';
import { AdminBearerStrategy } from './admin-bearer.strategy';
import { ApiAuthGuard } from './api-auth.guard';
import { SurfaceCheck } from './surface-check';
import { LoginAttemptLimiter, LoginThrottleInterceptor, RegistrationThrottleInterceptor } from './login-throttle';
import { PasswordTokenThrottleInterceptor } from './password-reset';

@Global()
@Module({
  imports: [PassportModule, UsersModule, DiscoveryModule],
  controllers: [AdminAuthController],
  providers: [
    JwtService,
    AdminBearerStrategy,
    SurfaceCheck,
    { provide: APP_GUARD, useClass: ApiAuthGuard },
    LoginAttemptLimiter,
    LoginThrottleInterceptor,
    RegistrationThrottleInterceptor,
    PasswordTokenThrottleInterceptor,
  ],
  exports: [JwtService, LoginAttemptLimiter, LoginThrottleInterceptor, RegistrationThrottleInterceptor, PasswordTokenThrottleInterceptor],
})
export class AuthModule {}
