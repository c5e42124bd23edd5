import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { createHash } from 'crypto';
import { createTransport, Transporter } from 'nodemailer';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { CustomerPasswordResetService } from '../customers/customer-password-reset.service';
import { EventBus, EventMeta } from '../events/event-bus.service';
import { GiftCardsService } from '../gift-cards/gift-cards.service';
import { OrderClaimsService } from '../orders/order-claims.service';
import { OrdersService } from '../orders/orders.service';
import { InvitesService } from '../invites/invites.service';
import { UserPasswordResetService } from '../users/user-password-reset.service';
import { GIFT_CARD_CODES_PER_MAIL, giftCardMailValues } from './gift-card-mail';
import { claimOrderMail } from './mail.repository';
import { MailConfig, withQuery } from './mail.config';
import { MailTemplates, TemplateValues } from './mail-templates';

/** Amounts in minor units as the currency writes them (2 decimals for EUR, 0 for JPY). */
function money(amount: unknown, currency: string): string {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(Number(amount ?? 0) / 10 ** digits);
}

/** The mails of one order: its confirmation and the one mail listing its gift cards. */
const MAILS_PER_ORDER = 2;

/**
 * Medusa's notification mails, as subscribers of the durable event bus, each in the lane
 * its urgency asks (DeliveryLane): the reset link on `customer.password_reset` /
 * `user.password_reset`, the invitation on `invite.created` and the order claim link on
 * `order-update-token.created` (lane `account`; the token
 * is made from the event's grant as the mail goes out, never read from a row); the order confirmation on `order.placed` (unless
 * the order says `no_notification`); and, also on `order.placed`, ONE mail listing the
 * gift cards bought in the order (lane `bulk`; at most GIFT_CARD_CODES_PER_MAIL codes).
 * Order mails are counted in the database before they go (claimOrderMail): at most
 * MAILS_PER_ORDER per order and MAIL_ORDER_MAILS_PER_RECIPIENT_PER_HOUR per address, so a
 * checkout anyone can make cannot turn the shop into a mail cannon. Sent with nodemailer to
 * SMTP_URL; a failed send is retried by the bus. Each mail's Message-ID comes from the
 * event, so a mail sent again after a crash can be recognised as the same one.
 * Without SMTP_URL: in development each mail is logged in one line; in production
 * nothing is sent and a warning is logged once at start.
 */
@Injectable()
export class MailService implements OnModuleInit {
  private readonly logger = new Logger(MailService.name);
  private readonly mail: MailConfig;
  private readonly templates: MailTemplates;
  private transport?: Transporter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly bus: EventBus,
    private readonly orders: OrdersService,
    private readonly giftCards: GiftCardsService,
    private readonly customerResets: CustomerPasswordResetService,
    private readonly userResets: UserPasswordResetService,
    private readonly invites: InvitesService,
    private readonly orderClaims: OrderClaimsService,
    private readonly tx: TransactionRunner,
  ) {
    this.mail = config.mail;
    this.templates = new MailTemplates(this.mail.templateFolders);
  }

  onModuleInit(): void {
    if (this.mail.smtpUrl) this.transport = createTransport(this.mail.smtpUrl);
    else if (this.config.isProduction) {
      this.logger.warn('SMTP_URL is not set: no mail is sent (order confirmations, password reset links)');
      return;
    }
    const account = { lane: 'account' } as const;
    this.bus.subscribe(
      'customer.password_reset',
      'mail.customer-password-reset',
      async (data, meta) => {
        const token = await this.customerResets.tokenForMail(String(data.id), data.reset_grant);
        if (!token) return; // expired or already dead: a link that cannot work is not worth a mail
        const email = String(data.email);
        await this.send('customer.password_reset', meta, email, { ...data, reset_url: withQuery(this.mail.storeResetUrl, { token, email }) });
      },
      account,
    );
    this.bus.subscribe(
      'user.password_reset',
      'mail.user-password-reset',
      async (data, meta) => {
        const token = await this.userResets.tokenForMail(String(data.id), data.reset_grant);
        if (!token) return;
        await this.send('user.password_reset', meta, String(data.email), { ...data, reset_url: withQuery(this.mail.adminResetUrl, { token }) });
      },
      account,
    );
    this.bus.subscribe(
      'invite.created',
      'mail.invite',
      async (data, meta) => {
        // Made from the event's grant as the mail goes out; none for an invite resent, accepted or removed since.
        const token = await this.invites.tokenForMail(String(data.id), data.invite_grant);
        if (!token) return;
        const email = String(data.user_email);
        await this.send('invite.created', meta, email, { email, invite_url: withQuery(this.mail.adminInviteUrl, { token }) });
      },
      account,
    );
    this.bus.subscribe(
      'order-update-token.created',
      'mail.order-claim',
      async (data, meta) => {
        // Made from the event's grant as the mail goes out; none once expired or the orders were claimed.
        const token = await this.orderClaims.tokenForMail(String(data.new_customer_id), data.orders, data.claim_grant);
        if (!token) return;
        const email = String(data.old_email);
        const count = Array.isArray(data.orders) ? data.orders.length : 0;
        await this.send('order.claim_token', meta, email, { email, count, claim_url: withQuery(this.mail.storeOrderClaimUrl, { token }) });
      },
      account,
    );
    this.bus.subscribe('order.placed', 'mail.order-confirmation', (data, meta) => this.orderConfirmation(String(data.id), data.no_notification === true, meta));
    this.bus.subscribe(
      'order.gift_card_created',
      'mail.gift-cards',
      (data, meta) => this.purchasedGiftCards(String(data.id), data.no_notification === true, meta),
      {
        lane: 'bulk',
      },
    );
    this.bus.subscribe('order.shipment_created', 'mail.order-shipped', (data, meta) =>
      this.orderShipped(String(data.id), String(data.fulfillment_id), data.no_notification === true, meta),
    );
    this.bus.subscribe('order.canceled', 'mail.order-canceled', (data, meta) => this.orderCanceled(String(data.id), data.no_notification === true, meta));
  }

  /** The shopper's "your order is on its way" mail, with the shipment's tracking numbers (not when the event or the order says no_notification). */
  private async orderShipped(orderId: string, fulfillmentId: string, noNotification: boolean, meta: EventMeta): Promise<void> {
    if (noNotification) return;
    const order = await this.orders.retrieveWithTotals(orderId, ['fulfillments', 'fulfillments.tracking_links']);
    if (!order.email || order.no_notification) return;
    const fulfillment = (order.fulfillments ?? []).find((f) => f.id === fulfillmentId);
    await this.send('order.shipment_created', meta, order.email, {
      display_id: order.display_id,
      email: order.email,
      tracking_numbers: (fulfillment?.tracking_links ?? []).map((link) => ({ tracking_number: link.tracking_number })),
    });
  }

  /** The shopper's cancellation mail (not when the event or the order says no_notification). */
  private async orderCanceled(orderId: string, noNotification: boolean, meta: EventMeta): Promise<void> {
    if (noNotification) return;
    const order = await this.orders.retrieveWithTotals(orderId, []);
    if (!order.email || order.no_notification) return;
    await this.send('order.canceled', meta, order.email, { display_id: order.display_id, email: order.email });
  }

  /**
   * The codes of the cards bought in an order, in one mail to the order's email (Medusa's
   * notification plugins send one per card; one per order bounds what a checkout mails).
   * Reads at most GIFT_CARD_CODES_PER_MAIL cards whatever the order holds.
   */
  private async purchasedGiftCards(orderId: string, noNotification: boolean, meta: EventMeta): Promise<void> {
    if (noNotification) return;
    const { cards, total } = await this.giftCards.listBoughtInOrder(orderId, GIFT_CARD_CODES_PER_MAIL);
    if (total === 0) return;
    const order = await this.orders.retrieveWithTotals(orderId, []);
    if (!order.email || order.no_notification) return;
    const values = giftCardMailValues({ order: { display_id: order.display_id, email: order.email, currency_code: order.currency_code }, cards, total }, money);
    await this.send('gift_card.created', meta, order.email, values, order.id);
  }

  private async orderConfirmation(orderId: string, noNotification: boolean, meta: EventMeta): Promise<void> {
    if (noNotification) return;
    const order = await this.orders.retrieveWithTotals(orderId, ['items']);
    // Read again at delivery: a paid draft order takes its no_notification just after placing.
    if (!order.email || order.no_notification) return;
    const currency = order.currency_code;
    const totals = order as unknown as Record<string, unknown>;
    await this.send(
      'order.placed',
      meta,
      order.email,
      {
        display_id: order.display_id,
        email: order.email,
        currency_code: currency,
        ...Object.fromEntries(
          ['subtotal', 'shipping_total', 'discount_total', 'gift_card_total', 'tax_total', 'total'].map((k) => [k, money(totals[k], currency)]),
        ),
        items: (order.items ?? []).map((item) => {
          const line = item as unknown as Record<string, unknown>;
          return {
            title: item.title,
            variant_title: line.variant_title ?? '',
            quantity: item.quantity,
            unit_price: money(item.unit_price, currency),
            total: money(line.total ?? item.unit_price * item.quantity, currency),
          };
        }),
      },
      order.id,
    );
  }

  /**
   * Whether an order's mail may go out (claimOrderMail, committed before the send, so a
   * crash after it leaves the mail counted and its retry allowed). A refused one is logged
   * without the address.
   */
  private async mayMailOrder(messageKey: string, to: string, orderId: string): Promise<boolean> {
    const recipientKey = createHash('sha256').update(to.trim().toLowerCase()).digest('hex');
    const bounds = { perOrder: MAILS_PER_ORDER, perRecipientPerHour: this.mail.orderMailsPerRecipientPerHour };
    const claim = await this.tx.run((manager) => claimOrderMail(manager, { messageKey, recipientKey, orderId }, bounds));
    if (claim !== 'send') this.logger.warn({ order: orderId, mail: messageKey, bound: claim }, 'order mail not sent: over its bound');
    return claim === 'send';
  }

  /** Renders and sends one mail; an order's mail (`orderId`) only within the order mail bounds. */
  private async send(template: string, meta: EventMeta, to: string, values: TemplateValues, orderId?: string): Promise<void> {
    const messageKey = `${meta.eventId}.${template}`;
    if (orderId && !(await this.mayMailOrder(messageKey, to, orderId))) return;
    const mail = await this.templates.render(template, values);
    const domain = /@([^>\s]+)/.exec(this.mail.from)?.[1] ?? 'localhost';
    const messageId = `<${messageKey}@${domain}>`;
    if (!this.transport) {
      this.logger.log(`mail (SMTP_URL not set) to=${to} subject=${JSON.stringify(mail.subject)} text=${JSON.stringify(mail.text)}`);
      return;
    }
    await this.transport.sendMail({ from: this.mail.from, to, subject: mail.subject, text: mail.text, html: mail.html, messageId });
  }
}
