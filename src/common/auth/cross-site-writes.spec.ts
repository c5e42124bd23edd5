import type { Request } from 'express';
import { ApiError } from '../errors/api-error';
import { CrossSiteWrites, WriteRules } from './cross-site-writes';

const policy = new CrossSiteWrites({ adminCors: ['https://admin.test'], storeCors: ['https://shop.test', '/^https:\\/\\/[a-z]+\\.preview\\.shop\\.test$/'] });
const PLAIN: WriteRules = { multipart: false, startsSession: false };
const UPLOAD: WriteRules = { multipart: true, startsSession: false };
const LOGIN: WriteRules = { multipart: false, startsSession: true };

function req(method: string, headers: Record<string, string> = {}): Request {
  return { method, headers: { host: 'api.test', ...headers }, protocol: 'https' } as unknown as Request;
}

function outcome(fn: () => void): string {
  try {
    fn();
    return 'accepted';
  } catch (err) {
    if (err instanceof ApiError && err.status === 403 && err.type === 'not_allowed') return 'refused';
    throw err;
  }
}

const json = { 'content-type': 'application/json', 'content-length': '2' };

describe('CrossSiteWrites', () => {
  it.each([
    ['a JSON write without Origin is accepted', req('POST', json), 'accepted'],
    [
      'JSON with a charset, in any letter case is accepted',
      req('POST', { 'content-type': 'Application/JSON; charset=utf-8', 'content-length': '2' }),
      'accepted',
    ],
    ['a bodiless DELETE is accepted', req('DELETE'), 'accepted'],
    ['a POST with an empty body and no Content-Type is accepted', req('POST', { 'content-length': '0' }), 'accepted'],
    ['a url-encoded form is refused', req('POST', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '5' }), 'refused'],
    ['an empty text/plain form is refused', req('POST', { 'content-type': 'text/plain', 'content-length': '0' }), 'refused'],
    ['a body without a Content-Type is refused', req('POST', { 'content-length': '5' }), 'refused'],
    ['a chunked body without a Content-Type is refused', req('POST', { 'transfer-encoding': 'chunked' }), 'refused'],
    ['multipart outside the upload routes is refused', req('POST', { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '5' }), 'refused'],
    ['JSON from the admin origin is accepted', req('PUT', { ...json, origin: 'https://admin.test' }), 'accepted'],
    ['JSON from its own origin is accepted', req('PATCH', { ...json, origin: 'https://api.test' }), 'accepted'],
    ['JSON from the storefront origin is refused', req('POST', { ...json, origin: 'https://shop.test' }), 'refused'],
    ['JSON from Origin: null is refused', req('POST', { ...json, origin: 'null' }), 'refused'],
    ['a bodiless DELETE from a foreign origin is refused', req('DELETE', { origin: 'https://evil.test' }), 'refused'],
  ])('on an admin route with the session cookie: %s', (_name, request, expected) => {
    expect(outcome(() => policy.check(request, 'admin', true, PLAIN))).toBe(expected);
  });

  it('allows multipart on upload routes only', () => {
    const upload = req('POST', { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '5' });
    expect(outcome(() => policy.check(upload, 'admin', true, UPLOAD))).toBe('accepted');
  });

  it('takes the origins of the route’s surface, patterns included', () => {
    expect(outcome(() => policy.check(req('POST', { ...json, origin: 'https://pr.preview.shop.test' }), 'store', true, PLAIN))).toBe('accepted');
    expect(outcome(() => policy.check(req('POST', { ...json, origin: 'https://admin.test' }), 'store', true, PLAIN))).toBe('refused');
  });

  it('leaves reads and requests not authenticated by the cookie alone', () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '5', origin: 'https://evil.test' };
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(outcome(() => policy.check(req(method, form), 'admin', true, PLAIN))).toBe('accepted');
    expect(outcome(() => policy.check(req('POST', form), 'admin', false, PLAIN))).toBe('accepted');
  });

  it('checks the Origin of a login even without a cookie, but not its body', () => {
    expect(outcome(() => policy.check(req('POST', { ...json, origin: 'https://evil.test' }), 'store', false, LOGIN))).toBe('refused');
    expect(outcome(() => policy.check(req('POST', { ...json, origin: 'https://shop.test' }), 'store', false, LOGIN))).toBe('accepted');
    expect(
      outcome(() => policy.check(req('POST', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '5' }), 'admin', false, LOGIN)),
    ).toBe('accepted');
  });
});
