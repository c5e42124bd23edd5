import { Module } from '@nestjs/common';
import { ReturnReasonsService } from './return-reasons.service';
import { StoreReturnReasonsController } from './store-return-reasons.controller';

/** `/store/return-reasons`, and the service returns, swaps and claims will read reasons through. */
@Module({ controllers: [StoreReturnReasonsController], providers: [ReturnReasonsService], exports: [ReturnReasonsService] })
export class ReturnReasonsModule {}
