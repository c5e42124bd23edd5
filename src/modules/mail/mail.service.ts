import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { EventBus, EventMeta } from '../events/event-bus.service';
import { GiftCardsService } from '../gift-cards/gift-cards.service';
import { OrdersService } from '../orders/orders.service';
import { MailConfig, withQuery } from './mail.config';
import { MailTemplates, TemplateValues } from './mail-templates';

/** Amounts in minor units as the currency writes them (2 decimals for EUR, 0 for JPY). */
function money(amount: unknown, currency: string): string {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(Number(amount ?? 0) / 10 ** digits);
}

/**
 * Medusa's notification mails, as subscribers of the durable event bus: the reset link on
 * `customer.password_reset` / `user.password_reset`, the order confirmation on
 * `order.placed` (unless the order says `no_notification`), the card's code to the buyer
 * on `gift_card.created` for a card bought in an order (not one an admin created; not when
 * the order says `no_notification`), the shipment mail with its tracking numbers on
 * `order.shipment_created` and the cancellation mail on `order.canceled` (neither when the
 * event or the order says `no_notification`). Sent with nodemailer to
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
    this.bus.subscribe('customer.password_reset', 'mail.customer-password-reset', (data, meta) =>
      this.send('customer.password_reset', meta, String(data.email), {
        ...data,
        reset_url: withQuery(this.mail.storeResetUrl, { token: String(data.token), email: String(data.email) }),
      }),
    );
    this.bus.subscribe('user.password_reset', 'mail.user-password-reset', (data, meta) =>
      this.send('user.password_reset', meta, String(data.email), { ...data, reset_url: withQuery(this.mail.adminResetUrl, { token: String(data.token) }) }),
    );
    this.bus.subscribe('order.placed', 'mail.order-confirmation', (data, meta) => this.orderConfirmation(String(data.id), data.no_notification === true, meta));
    this.bus.subscribe('gift_card.created', 'mail.gift-card', (data, meta) => this.purchasedGiftCard(String(data.id), meta));
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

  /** The code of a card bought in an order, to the order's email (as Medusa's notification plugins do). */
  private async purchasedGiftCard(giftCardId: string, meta: EventMeta): Promise<void> {
    const card = await this.giftCards.retrieve(giftCardId, ['region', 'order']);
    const order = card.order as { email?: string | null; display_id?: number; no_notification?: boolean | null } | null | undefined;
    if (!order?.email || order.no_notification) return;
    const currency = card.region?.currency_code ?? 'eur';
    await this.send('gift_card.created', meta, order.email, {
      code: card.code,
      value: money(card.value, currency),
      balance: money(card.balance, currency),
      currency_code: currency,
      display_id: order.display_id,
      email: order.email,
    });
  }

  private async orderConfirmation(orderId: string, noNotification: boolean, meta: EventMeta): Promise<void> {
    if (noNotification) return;
    const order = await this.orders.retrieveWithTotals(orderId, ['items']);
    // Read again at delivery: a paid draft order takes its no_notification just after placing.
    if (!order.email || order.no_notification) return;
    const currency = order.currency_code;
    const totals = order as unknown as Record<string, unknown>;
    await this.send('order.placed', meta, order.email, {
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
    });
  }

  private async send(template: string, meta: EventMeta, to: string, values: TemplateValues): Promise<void> {
    const mail = await this.templates.render(template, values);
    const domain = /@([^>\s]+)/.exec(this.mail.from)?.[1] ?? 'localhost';
    const messageId = `<${meta.eventId}.${template}@${domain}>`;
    if (!this.transport) {
      this.logger.log(`mail (SMTP_URL not set) to=${to} subject=${JSON.stringify(mail.subject)} text=${JSON.stringify(mail.text)}`);
      return;
    }
    await this.transport.sendMail({ from: this.mail.from, to, subject: mail.subject, text: mail.text, html: mail.html, messageId });
  }
}
