import { isIP } from 'node:net';

/**
 * The browsers' push services, each with its subdomains: Chrome, Edge and Opera (FCM), Firefox
 * (Mozilla's autopush), Safari (Apple) and Edge's older Windows service. `PUSH_SERVICE_HOSTS`
 * replaces the list (a browser that adds its own).
 */
export const BROWSER_PUSH_SERVICES = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'] as const;

export interface PushEndpointRules {
  production: boolean;
  /** Hosts the service may POST to in production, each with its subdomains. */
  services: readonly string[];
}

/**
 * Whether the messaging service may POST to this endpoint. Production accepts only https on the
 * browsers' push services (issue 45: `kubernetes.default.svc`, `metadata.google.internal` or a
 * `*.nip.io` name would make the service call into its own network). A trailing dot is refused
 * everywhere (`localhost.` is localhost). Elsewhere, http://127.0.0.1 is allowed for the tests'
 * push-service stand-in, and any other https host for a browser's own.
 */
export function isAllowedPushEndpoint(endpoint: string, rules: PushEndpointRules): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host.endsWith('.')) return false;
  if (!rules.production && url.protocol === 'http:' && host === '127.0.0.1') return true;
  if (url.protocol !== 'https:') return false;
  if (!rules.production) return true;
  if (isIP(host) !== 0 || url.port !== '') return false;
  return rules.services.some((service) => host === service || host.endsWith(`.${service}`));
}
