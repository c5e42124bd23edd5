import { Global, Module } from '@nestjs/common';
import { StoreSettingsService } from './store-settings.service';

@Global()
@Module({ providers: [StoreSettingsService], exports: [StoreSettingsService] })
export class StoreSettingsModule {}
