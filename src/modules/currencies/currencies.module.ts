import { Module } from '@nestjs/common';
import { CatalogueCacheModule } from '../catalogue-cache/catalogue-cache.module';
import { AdminCurrenciesController } from './admin-currencies.controller';
import { CurrenciesService } from './currencies.service';

@Module({ imports: [CatalogueCacheModule], controllers: [AdminCurrenciesController], providers: [CurrenciesService], exports: [CurrenciesService] })
export class CurrenciesModule {}
