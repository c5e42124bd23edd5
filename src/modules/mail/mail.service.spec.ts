import { Logger } from '@nestjs/common';
import { loadConfig } from '../../config/configuration';
import type { EventBus, EventHandler } from '../events/event-bus.service';
import type { GiftCardsService } from '../gift-cards/gift-cards.service';
import type { OrdersService } from '../orders/orders.service';
import { MailService } from './mail.service';
import { renderTemplate } from './mail-templates';

/** The bus as MailService sees it: a record of what it subscribed. */
function recordingBus() {
  const handlers = new Map<string, EventHandler>();
  const bus = { subscribe: (name: string, _id: string, handler: EventHandler) => handlers.set(name, handler) } as unknown as EventBus;
  return { bus, handlers };
}

/** The configuration without SMTP_URL, in production or not. */
const withoutSmtp = (nodeEnv: 'production' | 'development') =>
  loadConfig({ NODE_ENV: nodeEnv, SESSION_SECRET: 'k3'.repeat(20), JWT_SECRET: 'q7'.repeat(20) } as NodeJS.ProcessEnv);

describe('MailService without SMTP_URL', () => {
  afterEach(() => jest.restoreAllMocks());

  it('in production sends nothing and warns once at start', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const { bus, handlers } = recordingBus();
    new MailService(withoutSmtp('production'), bus, {} as OrdersService, {} as GiftCardsService).onModuleInit();
    expect(handlers.size).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain('SMTP_URL is not set');
  });

  it('in development logs each mail in one line, reset link included', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const { bus, handlers } = recordingBus();
    new MailService(withoutSmtp('development'), bus, {} as OrdersService, {} as GiftCardsService).onModuleInit();
    expect([...handlers.keys()].sort()).toEqual(['customer.password_reset', 'gift_card.created', 'order.placed', 'user.password_reset']);
    await handlers.get('customer.password_reset')!(
      { id: 'cus_1', email: 'dev@test.com', first_name: 'Dev', last_name: null, token: 'tok.en.x' },
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
