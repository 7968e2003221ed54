import { waitFor } from '@hdiya/testing';
import { signedUpMember } from '../support/api-client.js';
import { expectBalance, publish } from '../support/members.js';

// Every process serves Prometheus metrics on its own port (METRICS_PORT): HTTP and RPC handler
// latency, outbox backlog and lag, event deliveries, open sockets and the reservation saga.

const ports = JSON.parse(process.env.HDIYA_E2E_METRICS_PORTS ?? '{}') as Record<string, number>;

async function scrape(service: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${ports[service]}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

/** The value of one series (first line matching the name and every label given), or null. */
function value(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

it('should serve each service’s metrics on its own port, labelled with the service', async () => {
  for (const service of ['users', 'points', 'donations', 'messaging', 'gateway']) {
    const text = await scrape(service);
    expect(text).toContain(`service="${service}"`);
    expect(value(text, 'hdiya_process_resident_memory_bytes')).toBeGreaterThan(0);
    if (service !== 'gateway') expect(value(text, 'hdiya_outbox_backlog')).not.toBeNull();
  }
  expect((await fetch(`http://127.0.0.1:${ports.gateway}/api/health`)).status).toBe(404);
});

it('should answer the probes on the same port: live, and ready while it takes work', async () => {
  for (const service of ['users', 'points', 'donations', 'messaging', 'gateway']) {
    expect({ service, live: (await fetch(`http://127.0.0.1:${ports[service]}/live`)).status }).toEqual({ service, live: 200 });
    expect({ service, ready: (await fetch(`http://127.0.0.1:${ports[service]}/ready`)).status }).toEqual({ service, ready: 200 });
  }
});

it('should count a reservation, time its handlers and routes, and see the events applied', async () => {
  const donor = await signedUpMember();
  const taker = await signedUpMember();
  await expectBalance(taker.client, { points: 10 }, 'welcome');
  const item = await publish(donor.client, 'Horloge pour les métriques');
  expect((await taker.client.call('POST /api/donations/{id}/reserve', { params: { id: item.id } })).status).toBe(200);

  const donations = await scrape('donations');
  expect(value(donations, 'hdiya_reservation_saga_outcomes_total', { outcome: 'reserved' })).toBeGreaterThanOrEqual(1);
  expect(value(donations, 'hdiya_rpc_handler_duration_seconds_count', { subject: 'donations.reserve', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
  const gateway = await scrape('gateway');
  expect(value(gateway, 'hdiya_http_request_duration_seconds_count', { route: '/api/donations/:id/reserve', status: '2xx' })).toBeGreaterThanOrEqual(1);
  expect(value(gateway, 'hdiya_open_sockets')).not.toBeNull();
  // The points service applied ReservationMade from its durable consumer.
  await waitFor(async () => (value(await scrape('points'), 'hdiya_event_deliveries_total', { consumer: 'points-donations', outcome: 'applied' }) ?? 0) >= 1, {
    what: 'an applied event counted by the points service',
  });
});

it('should count the mails the users service sent and the ones waiting', async () => {
  // A sign-up mails a verification link.
  await signedUpMember();
  await waitFor(async () => (value(await scrape('users'), 'hdiya_mails_sent_total', { kind: 'email_verification' }) ?? 0) >= 1, {
    what: 'a verification mail counted as sent',
  });
  expect(value(await scrape('users'), 'hdiya_mail_backlog')).not.toBeNull();
});
