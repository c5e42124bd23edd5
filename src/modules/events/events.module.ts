import { Global, Module } from '@nestjs/common';
import { QueueModule } from '../queue/queue.module';
import { EventBus } from './event-bus.service';

/** The durable event bus (outbox + queue). Global: any module may subscribe. */
@Global()
@Module({ imports: [QueueModule], providers: [EventBus], exports: [EventBus] })
export class EventsModule {}
