import { Module } from '@nestjs/common';
import { AdminCustomersController } from './admin-customers.controller';
import { CustomersService } from './customers.service';
import { StoreAuthController } from './store-auth.controller';
import { StoreCustomersController } from './store-customers.controller';

@Module({
  controllers: [AdminCustomersController, StoreCustomersController, StoreAuthController],
  providers: [CustomersService],
  exports: [CustomersService],
})
export class CustomersModule {}
