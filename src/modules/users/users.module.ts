import { Module } from '@nestjs/common';
import { TableChangesModule } from '../table-changes/table-changes.module';
import { ApiTokenCache } from './api-token-cache';
import { UsersService } from './users.service';

@Module({ imports: [TableChangesModule], providers: [UsersService, ApiTokenCache], exports: [UsersService, ApiTokenCache] })
export class UsersModule {}
