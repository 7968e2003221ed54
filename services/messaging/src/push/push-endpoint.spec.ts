import { BROWSER_PUSH_SERVICES, isAllowedPushEndpoint } from './push-endpoint.js';

// Where the messaging service may POST a push (issue 45): no call into its own network.
describe('push endpoints', () => {
  it("should allow only the browsers' push services in production", () => {
    const production = { production: true, services: BROWSER_PUSH_SERVICES };
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ]) {
      expect([endpoint, isAllowedPushEndpoint(endpoint, production)]).toEqual([endpoint, true]);
    }
    for (const endpoint of [
      'http://127.0.0.1:8080/push/x',
      'https://127.0.0.1/push',
      'https://10.0.0.5/push',
      'https://[::1]/push',
      'https://localhost/push',
      'https://localhost./push',
      'https://nats/push',
      'https://user:pw@fcm.googleapis.com/x',
      // Names inside a cluster or a cloud, and a public name that points anywhere (issue 45).
      'https://kubernetes.default.svc/api',
      'https://messaging.hdiya.svc.cluster.local/push',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://10.0.0.5.nip.io/push',
      'https://fcm.googleapis.com./fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
      'https://evilfcm.googleapis.com.example/x',
    ]) {
      expect([endpoint, isAllowedPushEndpoint(endpoint, production)]).toEqual([endpoint, false]);
    }
    // The list is the operator's: a service added by configuration is accepted.
    expect(isAllowedPushEndpoint('https://push.example.org/x', { production: true, services: ['push.example.org'] })).toBe(true);
    // Outside production, the tests' stand-in on the loopback address only.
    const elsewhere = { production: false, services: BROWSER_PUSH_SERVICES };
    expect(isAllowedPushEndpoint('http://127.0.0.1:8080/push/x', elsewhere)).toBe(true);
    expect(isAllowedPushEndpoint('http://10.0.0.5/push/x', elsewhere)).toBe(false);
    expect(isAllowedPushEndpoint('https://localhost./push', elsewhere)).toBe(false);
  });
});
