import type { Request } from 'express';
import { CrossSiteWrites } from './cross-site-writes';

const policy = new CrossSiteWrites({ adminCors: ['https://admin.test'], storeCors: ['https://shop.test'] });

function get(headers: Record<string, string> = {}): Request {
  return { method: 'GET', headers: { host: 'api.test', ...headers }, protocol: 'https' } as unknown as Request;
}

describe('readMayChangeState: a GET with the session cookie may do more than read only when it came from the shop', () => {
  it.each([
    ['no Sec-Fetch header, no Origin (a server, curl)', {}, true],
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }, true],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }, true],
    ['Sec-Fetch-Site none (typed URL)', { 'sec-fetch-site': 'none' }, true],
    ['a STORE_CORS Origin on another site', { 'sec-fetch-site': 'cross-site', origin: 'https://shop.test' }, true],
    ["the API's own origin", { origin: 'https://api.test' }, true],
    ['Sec-Fetch-Site cross-site without Origin (<img>, link)', { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' }, false],
    ['Sec-Fetch-Site cross-site with a foreign Origin', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' }, false],
    ['an ADMIN_CORS Origin on a store route', { 'sec-fetch-site': 'cross-site', origin: 'https://admin.test' }, false],
    ['a foreign Origin from a browser without Sec-Fetch headers', { origin: 'https://evil.test' }, false],
    ['an unknown Sec-Fetch-Site value without Origin', { 'sec-fetch-site': 'elsewhere', 'sec-fetch-mode': 'no-cors' }, false],
    // Node's fetch (undici) sends Sec-Fetch-Mode: cors on every request, no Sec-Fetch-Site and no Origin.
    ["Node's fetch: Sec-Fetch-Mode cors alone", { 'sec-fetch-mode': 'cors' }, true],
    ['Sec-Fetch-Mode / Dest without Sec-Fetch-Site and without Origin', { 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }, true],
    ['Sec-Fetch-Mode without Sec-Fetch-Site, with a foreign Origin', { 'sec-fetch-mode': 'cors', origin: 'https://evil.test' }, false],
    ['Sec-Fetch-Mode without Sec-Fetch-Site, with a STORE_CORS Origin', { 'sec-fetch-mode': 'cors', origin: 'https://shop.test' }, true],
    ['Sec-Fetch-Site cross-site alone', { 'sec-fetch-site': 'cross-site' }, false],
  ])('%s: %s', (_, headers: Record<string, string>, expected) => {
    expect(policy.readMayChangeState(get(headers), 'store', true)).toBe(expected);
  });

  it('is always true without the cookie (a bearer token is never sent by a browser on its own)', () => {
    expect(policy.readMayChangeState(get({ 'sec-fetch-site': 'cross-site' }), 'store', false)).toBe(true);
  });
});
