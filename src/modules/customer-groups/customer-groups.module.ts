import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { AdminCustomerGroupsController } from './admin-customer-groups.controller';
import { CustomerGroupsService } from './customer-groups.service';

@Module({
  imports: [CustomersModule],
  controllers: [AdminCustomerGroupsController],
  providers: [CustomerGroupsService],
  exports: [CustomerGroupsService],
})
export class CustomerGroupsModule {}
