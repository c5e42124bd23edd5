import { Module } from '@nestjs/common';
import { AdminShippingProfilesController } from './admin-shipping-profiles.controller';
import { ShippingProfilesService } from './shipping-profiles.service';

/** `/admin/shipping-profiles` (list, create, get, update, delete). */
@Module({ controllers: [AdminShippingProfilesController], providers: [ShippingProfilesService] })
export class AdminShippingProfilesModule {}
