import { Module } from '@nestjs/common';
import { IdempotencyKeysService } from './idempotency-keys.service';

@Module({ providers: [IdempotencyKeysService], exports: [IdempotencyKeysService] })
export class IdempotencyModule {}
