import ipaddr from 'ipaddr.js';

/**
 * The key that per-address limits count under: an IPv4 address as is (also when it arrives
 * IPv4-mapped, `::ffff:a.b.c.d`), an IPv6 address by its /64 network, because one subscriber
 * (a phone, a home) is given a whole /64 and can pick any address in it.
 */
export function clientAddressKey(ip: string | undefined): string {
  if (!ip || !ipaddr.isValid(ip)) return ip || 'unknown';
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}
