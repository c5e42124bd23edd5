import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { AdminCustomersController } from './admin-customers.controller';
import { CustomerAddressesService } from './customer-addresses.service';
import { CustomersService } from './customers.service';
import { EmailExistsThrottleInterceptor } from './email-exists-throttle';
import { CustomerPasswordResetService } from './customer-password-reset.service';
import { StoreCustomerPasswordController } from './store-customer-password.controller';
import { StoreAuthController } from './store-auth.controller';
import { StoreCustomerAccountController } from './store-customer-account.controller';
import { StoreCustomersController } from './store-customers.controller';

@Module({
  imports: [OrdersModule],
  controllers: [AdminCustomersController, StoreCustomersController, StoreAuthController, StoreCustomerAccountController, StoreCustomerPasswordController],
  providers: [CustomersService, CustomerAddressesService, CustomerPasswordResetService, EmailExistsThrottleInterceptor],
  exports: [CustomersService, CustomerPasswordResetService],
})
export class CustomersModule {}
