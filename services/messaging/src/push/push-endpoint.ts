import { isIP } from 'node:net';

/**
 * Whether the messaging service may POST to this endpoint. Browsers' push services are https
 * hosts on the internet; production refuses anything else (plain http, IP literals, localhost),
 * so a member cannot make the service call into its own network. Elsewhere, http://127.0.0.1
 * is allowed for the tests' push-service stand-in.
 */
export function isAllowedPushEndpoint(endpoint: string, production: boolean): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!production && url.protocol === 'http:' && host === '127.0.0.1') return true;
  if (url.protocol !== 'https:') return false;
  if (!production) return true;
  return isIP(host) === 0 && host !== 'localhost' && !host.endsWith('.localhost') && host.includes('.');
}
