import { Global, Module } from '@nestjs/common';
import { QueueModule } from '../queue/queue.module';
import { EventBus } from './event-bus.service';
import { AdminWebhooksController } from './webhooks/admin-webhooks.controller';
import { WebhooksService } from './webhooks/webhooks.service';

/** The durable event bus (outbox + queue), and the webhooks it feeds. Global: any module may subscribe. */
@Global()
@Module({ imports: [QueueModule], controllers: [AdminWebhooksController], providers: [EventBus, WebhooksService], exports: [EventBus] })
export class EventsModule {}
