import { Module } from '@nestjs/common';
import { AdminUsersController } from './admin-users.controller';
import { UsersModule } from './users.module';

/** `/admin/users` (list, get). */
@Module({ imports: [UsersModule], controllers: [AdminUsersController] })
export class AdminUsersModule {}
