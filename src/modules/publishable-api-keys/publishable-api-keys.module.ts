import { Module } from '@nestjs/common';
import { AdminPublishableApiKeysController } from './admin-publishable-api-keys.controller';
import { PublishableApiKeysService } from './publishable-api-keys.service';

/** `/admin/publishable-api-keys`: keys, their revocation and their sales channels. */
@Module({ controllers: [AdminPublishableApiKeysController], providers: [PublishableApiKeysService], exports: [PublishableApiKeysService] })
export class PublishableApiKeysModule {}
