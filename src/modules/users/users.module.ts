import { Module } from '@nestjs/common';
import { TableChangesModule } from '../table-changes/table-changes.module';
import { ApiTokenCache } from './api-token-cache';
import { UsersService } from './users.service';
import { AdminUsersPasswordController } from './admin-users-password.controller';
import { UserPasswordResetService } from './user-password-reset.service';

@Module({
  imports: [TableChangesModule],
  controllers: [AdminUsersPasswordController],
  providers: [UsersService, ApiTokenCache, UserPasswordResetService],
  exports: [UsersService, ApiTokenCache, UserPasswordResetService],
})
export class UsersModule {}
