import { Module } from '@nestjs/common';
import { AdminShippingOptionsController } from './admin-shipping-options.controller';
import { ShippingModule } from './shipping.module';

/** `/admin/shipping-options` (list, get). */
@Module({ imports: [ShippingModule], controllers: [AdminShippingOptionsController] })
export class AdminShippingOptionsModule {}
