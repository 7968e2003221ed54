import { clientAddressKey } from './client-address.js';

describe('clientAddressKey', () => {
  it('should count every address of one IPv6 /64 as one client', () => {
    const key = clientAddressKey('2001:db8:1234:5678:aaaa:bbbb:cccc:dddd');
    expect(key).toBe('2001:db8:1234:5678::/64');
    expect(clientAddressKey('2001:db8:1234:5678::1')).toBe(key);
    expect(clientAddressKey('2001:db8:1234:5679::1')).not.toBe(key);
  });

  it('should keep IPv4 addresses, also IPv4-mapped ones, as they are', () => {
    expect(clientAddressKey('196.200.1.7')).toBe('196.200.1.7');
    expect(clientAddressKey('::ffff:196.200.1.7')).toBe('196.200.1.7');
    expect(clientAddressKey('196.200.1.8')).not.toBe(clientAddressKey('196.200.1.7'));
  });

  it('should not fail on what is not an address', () => {
    expect(clientAddressKey(undefined)).toBe('unknown');
    expect(clientAddressKey('not-an-ip')).toBe('not-an-ip');
  });
});
