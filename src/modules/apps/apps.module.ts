import { Module } from '@nestjs/common';
import { AdminAppsController } from './admin-apps.controller';
import { AppsService } from './apps.service';
import { OAuthProviderRegistry } from './oauth-provider.registry';

@Module({ controllers: [AdminAppsController], providers: [AppsService, OAuthProviderRegistry], exports: [OAuthProviderRegistry] })
export class AppsModule {}
