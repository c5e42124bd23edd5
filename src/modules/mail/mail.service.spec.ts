import { Logger } from '@nestjs/common';
import { loadConfig } from '../../config/configuration';
import type { EventBus, EventHandler } from '../events/event-bus.service';
import type { TransactionRunner } from '../../common/database/transaction.runner';
import type { CustomerPasswordResetService } from '../customers/customer-password-reset.service';
import type { GiftCardsService } from '../gift-cards/gift-cards.service';
import type { OrderClaimsService } from '../orders/order-claims.service';
import type { OrdersService } from '../orders/orders.service';
import type { UserPasswordResetService } from '../users/user-password-reset.service';
import type { InvitesService } from '../invites/invites.service';
import { MailService } from './mail.service';
import { renderTemplate } from './mail-templates';

/** The bus as MailService sees it: a record of what it subscribed (`event/subscriber`), and in which lane. */
function recordingBus() {
  const handlers = new Map<string, EventHandler>();
  const lanes = new Map<string, string>();
  const bus = {
    subscribe: (name: string, id: string, handler: EventHandler, options: { lane?: string } = {}) => {
      handlers.set(`${name}/${id}`, handler);
      lanes.set(`${name}/${id}`, options.lane ?? 'default');
    },
  } as unknown as EventBus;
  return { bus, handlers, lanes };
}

/** A MailService whose reset token is `token` (the only dependency these cases reach). */
function mailService(config: ReturnType<typeof loadConfig>, bus: EventBus, token = 'tok.en.x') {
  const resets = { tokenForMail: async () => token };
  return new MailService(
    config,
    bus,
    {} as OrdersService,
    {} as GiftCardsService,
    resets as unknown as CustomerPasswordResetService,
    resets as unknown as UserPasswordResetService,
    resets as unknown as InvitesService,
    resets as unknown as OrderClaimsService,
    {} as TransactionRunner,
  );
}

/** The configuration without SMTP_URL, in production or not. */
const withoutSmtp = (nodeEnv: 'production' | 'development') =>
  loadConfig({ NODE_ENV: nodeEnv, SESSION_SECRET: 'k3'.repeat(20), JWT_SECRET: 'q7'.repeat(20) } as NodeJS.ProcessEnv);

describe('MailService without SMTP_URL', () => {
  afterEach(() => jest.restoreAllMocks());

  it('in production sends nothing and warns once at start', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const { bus, handlers } = recordingBus();
    mailService(withoutSmtp('production'), bus).onModuleInit();
    expect(handlers.size).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain('SMTP_URL is not set');
  });

  it('in development logs each mail in one line, reset link included', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const { bus, handlers, lanes } = recordingBus();
    mailService(withoutSmtp('development'), bus).onModuleInit();
    // Reset links in a lane of their own; gift-card codes, one mail per order, in the bulk lane.
    expect(Object.fromEntries(lanes)).toEqual({
      'customer.password_reset/mail.customer-password-reset': 'account',
      'user.password_reset/mail.user-password-reset': 'account',
      'invite.created/mail.invite': 'account',
      'order-update-token.created/mail.order-claim': 'account',
      'order.placed/mail.order-confirmation': 'default',
      'order.gift_card_created/mail.gift-cards': 'bulk',
      'order.shipment_created/mail.order-shipped': 'default',
      'order.canceled/mail.order-canceled': 'default',
    });
    await handlers.get('customer.password_reset/mail.customer-password-reset')!(
      { id: 'cus_1', email: 'dev@test.com', first_name: 'Dev', last_name: null, reset_grant: { nonce: 'n', issued_at: 1, account_tag: 't' } },
      { eventId: 'evt_1', name: 'customer.password_reset', attempt: 0 },
    );
    expect(log).toHaveBeenCalledTimes(1);
    const line = String(log.mock.calls[0][0]);
    expect(line).not.toContain('\n');
    expect(line).toContain('to=dev@test.com');
    expect(line).toContain('reset-password?token=tok.en.x&email=dev%40test.com');
  });
});

describe('renderTemplate', () => {
  it('fills values, repeats lists, escapes HTML only in HTML', () => {
    const values = { name: '<b>Ann</b>', items: [{ title: 'A & B' }, { title: 'C' }] };
    expect(renderTemplate('Hi {{name}}:\n{{#items}}\n- {{title}}\n{{/items}}\nbye', values, false)).toBe('Hi <b>Ann</b>:\n- A & B\n- C\nbye');
    expect(renderTemplate('<p>{{name}}</p>{{#items}}<i>{{title}}</i>{{/items}}{{missing}}', values, true)).toBe(
      '<p>&lt;b&gt;Ann&lt;/b&gt;</p><i>A &amp; B</i><i>C</i>',
    );
  });
});
