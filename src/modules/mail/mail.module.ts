import { Module } from '@nestjs/common';
import { GiftCardsModule } from '../gift-cards/gift-cards.module';
import { OrdersModule } from '../orders/orders.module';
import { MailService } from './mail.service';

/** Notification mail (SMTP via nodemailer), sent by subscribers of the event bus. */
@Module({ imports: [OrdersModule, GiftCardsModule], providers: [MailService] })
export class MailModule {}
