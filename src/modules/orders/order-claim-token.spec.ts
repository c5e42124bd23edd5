import { ClaimState, claimTokenFromGrant, newClaimGrant, readClaimToken, verifyClaimToken } from './order-claim-token';

const SECRET = 'test-secret';
const state: ClaimState = { claimingCustomerId: 'cus_a', orders: [{ id: 'order_1', customer_id: 'cus_guest', email: 'a@test.com' }] };

describe('order claim tokens', () => {
  it('are made again from the grant, the same bytes each time, and verify for that state only', () => {
    const grant = newClaimGrant(SECRET, state);
    const token = claimTokenFromGrant(SECRET, state, grant)!;
    expect(claimTokenFromGrant(SECRET, state, grant)).toBe(token);
    expect(readClaimToken(token)).toEqual({ claimingCustomerId: 'cus_a', orders: ['order_1'] });
    expect(verifyClaimToken(SECRET, state, token)).toBe(true);
    const claimed: ClaimState = { ...state, orders: [{ ...state.orders[0], customer_id: 'cus_a' }] };
    expect(verifyClaimToken(SECRET, claimed, token)).toBe(false);
    expect(verifyClaimToken('another-secret', state, token)).toBe(false);
  });

  it('are not made once the orders changed hands or the 15 minutes are over', () => {
    const grant = newClaimGrant(SECRET, state);
    expect(claimTokenFromGrant(SECRET, { ...state, orders: [{ ...state.orders[0], customer_id: 'cus_b' }] }, grant)).toBeUndefined();
    expect(claimTokenFromGrant(SECRET, state, { ...grant, issued_at: grant.issued_at - 15 * 60 })).toBeUndefined();
  });
});

describe('an order claim token, 15 minutes later', () => {
  afterEach(() => jest.useRealTimers());

  it('no longer verifies', () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') });
    const token = claimTokenFromGrant(SECRET, state, newClaimGrant(SECRET, state))!;
    jest.setSystemTime(new Date('2026-01-01T10:14:00Z'));
    expect(verifyClaimToken(SECRET, state, token)).toBe(true);
    jest.setSystemTime(new Date('2026-01-01T10:15:01Z'));
    expect(verifyClaimToken(SECRET, state, token)).toBe(false);
  });
});
