import * as jwt from 'jsonwebtoken';
import { newResetGrant, resetTokenFromGrant, verifyResetToken } from './password-reset';

const SECRET = 'server-secret-'.repeat(3);
const HASH = 'scrypt$stored-password-hash';

describe('reset grants: what is stored of a reset request makes its token only with the server secret', () => {
  afterEach(() => jest.useRealTimers());

  it('makes the same token every time from one grant, a working one, and another from another grant', () => {
    const grant = newResetGrant(SECRET, 'customer', 'cus_1', HASH);
    const token = resetTokenFromGrant(SECRET, 'customer', 'cus_1', HASH, grant)!;
    expect(resetTokenFromGrant(SECRET, 'customer', 'cus_1', HASH, grant)).toBe(token);
    expect(verifyResetToken(SECRET, 'customer', 'cus_1', HASH, token)).toBe(true);
    expect(resetTokenFromGrant(SECRET, 'customer', 'cus_1', HASH, newResetGrant(SECRET, 'customer', 'cus_1', HASH))).not.toBe(token);
  });

  it('stores nothing of the token: the grant holds none of its parts', () => {
    const grant = newResetGrant(SECRET, 'user', 'usr_1', HASH);
    const token = resetTokenFromGrant(SECRET, 'user', 'usr_1', HASH, grant, { email: 'a@test.com' })!;
    const stored = JSON.stringify(grant);
    for (const part of token.split('.')) expect(stored).not.toContain(part);
  });

  it('a database reader (the grant and the password hash, not the secret) cannot make a token that works', () => {
    const grant = newResetGrant(SECRET, 'customer', 'cus_1', HASH);
    const claims = { customer_id: 'cus_1', jti: grant.nonce, iat: grant.issued_at, exp: grant.issued_at + 15 * 60 };
    for (const key of [HASH, grant.account_tag, grant.nonce, `${HASH}${grant.nonce}`]) {
      expect(verifyResetToken(SECRET, 'customer', 'cus_1', HASH, jwt.sign(claims, key, { algorithm: 'HS256' }))).toBe(false);
    }
    expect(resetTokenFromGrant('another-secret-'.repeat(3), 'customer', 'cus_1', HASH, grant)).toBeUndefined();
  });

  it('makes nothing once the password changed, nor once the 15 minutes are over', () => {
    const grant = newResetGrant(SECRET, 'customer', 'cus_1', HASH);
    expect(resetTokenFromGrant(SECRET, 'customer', 'cus_1', 'scrypt$new-hash', grant)).toBeUndefined();
    jest.useFakeTimers({ now: (grant.issued_at + 15 * 60) * 1000 });
    expect(resetTokenFromGrant(SECRET, 'customer', 'cus_1', HASH, grant)).toBeUndefined();
  });
});
