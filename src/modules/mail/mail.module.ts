import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { GiftCardsModule } from '../gift-cards/gift-cards.module';
import { OrdersModule } from '../orders/orders.module';
import { InvitesModule } from '../invites/invites.module';
import { UsersModule } from '../users/users.module';
import { MailService } from './mail.service';

/** Notification mail (SMTP via nodemailer), sent by subscribers of the event bus. */
@Module({ imports: [OrdersModule, GiftCardsModule, CustomersModule, UsersModule, InvitesModule], providers: [MailService] })
export class MailModule {}
