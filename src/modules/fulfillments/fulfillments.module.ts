import { Module } from '@nestjs/common';
import { FulfillmentsService } from './fulfillments.service';

/** Fulfilments of orders, their items and tracking links, through the fulfilment providers (manual). */
@Module({ providers: [FulfillmentsService], exports: [FulfillmentsService] })
export class FulfillmentsModule {}
