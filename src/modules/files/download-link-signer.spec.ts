import { DownloadLinkSigner } from './download-link-signer';

describe('DownloadLinkSigner', () => {
  const signer = new DownloadLinkSigner('test-secret');
  const now = 1_700_000_000;

  it('grants the signed key until it expires', () => {
    const token = signer.sign('exports/products/a b.csv', now + 60);
    expect(signer.verify(token, now)).toBe('exports/products/a b.csv');
    expect(signer.verify(token, now + 60)).toBe('exports/products/a b.csv');
    expect(signer.verify(token, now + 61)).toBeNull();
  });

  it('rejects a token whose key or expiry was altered', () => {
    const [, expires, mac] = signer.sign('a.csv', now + 60).split('.');
    const otherKey = Buffer.from('b.csv').toString('base64url');
    expect(signer.verify(`${otherKey}.${expires}.${mac}`, now)).toBeNull();
    const [key] = signer.sign('a.csv', now + 60).split('.');
    expect(signer.verify(`${key}.${now + 999999}.${mac}`, now)).toBeNull();
  });

  it('rejects tokens signed with another secret and malformed tokens', () => {
    const foreign = new DownloadLinkSigner('other').sign('a.csv', now + 60);
    expect(signer.verify(foreign, now)).toBeNull();
    expect(signer.verify('nonsense', now)).toBeNull();
    expect(signer.verify('a.b.c.d', now)).toBeNull();
    expect(signer.verify('a.notanumber.c', now)).toBeNull();
  });
});
