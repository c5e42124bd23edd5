import { Module } from '@nestjs/common';
import { AdminCurrenciesController } from './admin-currencies.controller';
import { CurrenciesService } from './currencies.service';

@Module({ controllers: [AdminCurrenciesController], providers: [CurrenciesService], exports: [CurrenciesService] })
export class CurrenciesModule {}
