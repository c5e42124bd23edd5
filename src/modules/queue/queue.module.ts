import { Module } from '@nestjs/common';
import { QueueService } from './queue.service';

/** The pg-boss job queue; import it where jobs are sent or worked (one instance app-wide). */
@Module({ providers: [QueueService], exports: [QueueService] })
export class QueueModule {}
