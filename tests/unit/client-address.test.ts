import { describe, expect, it } from 'vitest';
import { addressKey } from '../../server/services/client-address';

describe('addressKey', () => {
  it('limits IPv4 per address, mapped into IPv6 or not', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('limits IPv6 per /64, however the address is written', () => {
    const keys = [
      '2001:db8:1:2:3:4:5:6',
      '2001:db8:1:2::9',
      '2001:0DB8:0001:0002:ffff::1',
      '2001:db8:1:2::',
    ].map(addressKey);

    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(keys[0]);
  });
});
