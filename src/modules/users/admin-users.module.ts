import { Module } from '@nestjs/common';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersQuery } from './admin-users.query';
import { UsersModule } from './users.module';

/** `/admin/users` (list, get). */
@Module({ imports: [UsersModule], controllers: [AdminUsersController], providers: [AdminUsersQuery] })
export class AdminUsersModule {}
