import { Module } from '@nestjs/common';
import { AdminShippingOptionsController } from './admin-shipping-options.controller';
import { AdminShippingOptionsQuery } from './admin-shipping-options.query';
import { ShippingModule } from './shipping.module';

/** `/admin/shipping-options` (list, get). */
@Module({ imports: [ShippingModule], controllers: [AdminShippingOptionsController], providers: [AdminShippingOptionsQuery] })
export class AdminShippingOptionsModule {}
