import { addressForLimits } from './client-address';

describe('addressForLimits', () => {
  it('keeps an IPv4 address as it is, also when written as IPv4-mapped IPv6', () => {
    expect(addressForLimits('203.0.113.7')).toBe('203.0.113.7');
    expect(addressForLimits('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one', () => {
    expect(addressForLimits('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressForLimits('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressForLimits('2001:0db8:0001:0002::ffff')).toBe('2001:db8:1:2::/64');
    expect(addressForLimits('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressForLimits('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves anything else alone', () => {
    expect(addressForLimits('unknown')).toBe('unknown');
  });
});
