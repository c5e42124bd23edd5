import { signWebhook } from './webhook-signature';
import type { LookupAddress } from 'dns';
import { embeddedIpv4, guardedLookup, ipv6Groups, isPrivateAddress, webhookUrlProblem } from './webhook-target';

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

  // The IPv4 address an IPv6 form carries, and whether the guard refuses it (10.0.0.1 = 0a00:0001).
  it.each([
    ['64:ff9b::a00:1', ['10.0.0.1'], true, 'NAT64 well-known prefix'],
    ['64:ff9b::10.0.0.1', ['10.0.0.1'], true, 'NAT64, dotted'],
    ['64:ff9b::7f00:1', ['127.0.0.1'], true, 'NAT64 to loopback'],
    ['64:ff9b::a9fe:a9fe', ['169.254.169.254'], true, 'NAT64 to the metadata service'],
    ['64:ff9b::808:808', ['8.8.8.8'], false, 'NAT64 to a public address'],
    ['64:ff9b:1::a00:1', [], true, 'local-use NAT64: refused whole'],
    ['64:ff9b:1:ffff::808:808', [], true, 'local-use NAT64, whatever it embeds'],
    ['2002:a00:1::1', ['10.0.0.1'], true, '6to4, IPv4 in bits 16-47'],
    ['2002:c0a8:101::', ['192.168.1.1'], true, '6to4 of a private network'],
    ['2002:808:808::1', ['8.8.8.8'], false, '6to4 of a public address'],
    ['::a00:1', ['10.0.0.1'], true, 'IPv4-compatible'],
    ['::10.0.0.1', ['10.0.0.1'], true, 'IPv4-compatible, dotted'],
    ['::808:808', ['8.8.8.8'], false, 'IPv4-compatible, public'],
    ['::ffff:a00:1', ['10.0.0.1'], true, 'IPv4-mapped, hex (as URL writes it)'],
    ['::ffff:10.0.0.1', ['10.0.0.1'], true, 'IPv4-mapped, dotted'],
    ['::ffff:808:808', ['8.8.8.8'], false, 'IPv4-mapped, public'],
    ['::ffff:0:a00:1', ['10.0.0.1'], true, 'IPv4-translated (SIIT)'],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', ['65.54.227.120', '10.0.0.1'], true, 'Teredo whose client is 10.0.0.1 (inverted)'],
    ['2001:0:a00:1:8000:63bf:f7f7:f7f7', ['10.0.0.1', '8.8.8.8'], true, 'Teredo with a private server'],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', ['65.54.227.120', '8.8.8.8'], false, 'Teredo, public server and client'],
    ['2606:4700::1111', [], false, 'plain global IPv6'],
    ['2001:db8::a00:1', [], false, 'an IPv6 address whose last bits merely look like 10.0.0.1'],
  ])('%s embeds %j: refused %s (%s)', (address, ipv4, refused) => {
    expect(embeddedIpv4(address)).toEqual(ipv4);
    expect(isPrivateAddress(address)).toBe(refused);
  });

  it('reads IPv6 text into its eight groups', () => {
    expect(ipv6Groups('64:ff9b::10.0.0.1')).toEqual([0x64, 0xff9b, 0, 0, 0, 0, 0x0a00, 0x0001]);
    expect(ipv6Groups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ipv6Groups('10.0.0.1')).toBeUndefined();
  });

  // At delivery the name is resolved and each address checked before connecting: a name whose AAAA record is NAT64 of a private address is refused.
  it.each([
    [[{ address: '64:ff9b::a00:1', family: 6 }], 'EPRIVATE'],
    [[{ address: '2002:7f00:1::1', family: 6 }], 'EPRIVATE'],
    [
      [
        { address: '8.8.8.8', family: 4 },
        { address: '::ffff:a9fe:a9fe', family: 6 },
      ],
      'EPRIVATE',
    ],
    [[{ address: '64:ff9b::808:808', family: 6 }], null],
  ])('a name resolving to %j: %s', async (addresses, code) => {
    const resolver = (_host: string, _options: unknown, callback: (err: null, a: LookupAddress[]) => void) => callback(null, addresses);
    const outcome = await new Promise<{ code: string | null; address: unknown }>((resolve) =>
      guardedLookup(false, resolver)('hooks.example.com', {}, (err, address) => resolve({ code: err ? String(err.code) : null, address })),
    );
    expect(outcome).toEqual(code ? { code, address: '' } : { code: null, address: addresses[0].address });
  });

  it('wants https in production and no credentials', () => {
    expect(webhookUrlProblem('http://example.com/hook', true)).toBe('url must use https');
    expect(webhookUrlProblem('http://example.com/hook', false)).toBeUndefined();
    expect(webhookUrlProblem('https://user:pw@example.com/hook', true)).toBe('url must not carry credentials');
    expect(webhookUrlProblem('https://example.com/hook', true)).toBeUndefined();
  });
});
