import { signWebhook } from './webhook-signature';
import { isPrivateAddress, webhookUrlProblem } from './webhook-target';

describe('webhook signature (Standard Webhooks)', () => {
  it("matches the specification's example", () => {
    expect(signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });
});

describe('webhook targets', () => {
  it('knows private, loopback, link-local and mapped addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ])
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    for (const a of ['8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:1.1.1.1']) expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  });

  it('wants https in production and no credentials', () => {
    expect(webhookUrlProblem('http://example.com/hook', true)).toBe('url must use https');
    expect(webhookUrlProblem('http://example.com/hook', false)).toBeUndefined();
    expect(webhookUrlProblem('https://user:pw@example.com/hook', true)).toBe('url must not carry credentials');
    expect(webhookUrlProblem('https://example.com/hook', true)).toBeUndefined();
  });
});
