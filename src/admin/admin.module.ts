import { Module } from '@nestjs/common';
import { AppsModule } from '../modules/apps/apps.module';
import { CurrenciesModule } from '../modules/currencies/currencies.module';

/** Composition root of the /admin surface: each resource module brings its admin controllers. */
@Module({
  imports: [AppsModule, CurrenciesModule],
})
export class AdminModule {}
