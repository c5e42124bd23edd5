import { Module } from '@nestjs/common';
import { AdminReturnReasonsController } from './admin-return-reasons.controller';
import { ReturnReasonsModule } from './return-reasons.module';

/** `/admin/return-reasons`: CRUD of the reasons. */
@Module({ imports: [ReturnReasonsModule], controllers: [AdminReturnReasonsController] })
export class AdminReturnReasonsModule {}
