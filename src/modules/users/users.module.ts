import { Module } from '@nestjs/common';
import { CatalogueCacheModule } from '../catalogue-cache/catalogue-cache.module';
import { ApiTokenCache } from './api-token-cache';
import { UsersService } from './users.service';

@Module({ imports: [CatalogueCacheModule], providers: [UsersService, ApiTokenCache], exports: [UsersService, ApiTokenCache] })
export class UsersModule {}
