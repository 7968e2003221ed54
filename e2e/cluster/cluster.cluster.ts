import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { io, type Socket } from 'socket.io-client';
import { startTestInfrastructure, waitFor, type TestInfrastructure } from '@hdiya/testing';
import * as hosts from '../../deploy/cluster/hosts.mjs';
import { startLoadBalancer } from '../../deploy/cluster/load-balancer.mjs';
import { MONITOR_PORT, NATS_URLS, nodeName, startNatsNode, TEST_USER, writeNatsConfigs } from '../../deploy/cluster/nats-cluster.mjs';
import { clusterReplicas, GATEWAY_PORT, REPLICAS } from '../../deploy/cluster/replicas.mjs';
import { ApiClient, newMemberPayload } from '../support/api-client.js';
import { dataUrl, jpegWithGps } from '../support/images.js';
import { auditOperations, KINDS, memberOperation, sleep, tally, type LoadMember, type Operation } from '../support/member-load.js';
import { expectBalance, invariantViolations, withDatabase } from '../support/members.js';

// Hdiya on three hosts (`npm run test:cluster`, decision 0069): network namespaces hdc-h1..h3, a
// nats-server on each (one JetStream cluster, the EVENTS stream at 3 replicas), two replicas of
// the gateway and of every service spread over them, HAProxy in front of the gateways. While
// members reserve, confirm, cancel, transfer, publish and message through it, and some hold
// sockets, the faults come in turn: kill -9 the EVENTS leader's nats-server, cut a host's link for
// 10 s (no reset), kill -9 every process of one host, roll every Deployment one replica at a time.
// A canary call every 250 ms measures each fault's recovery. Afterwards: the shared load's audit
// (nothing acknowledged lost or applied twice, invariants, points conserved), each socket back
// with the notifications it missed, and each NATS server's own copy of EVENTS, read as its
// leader, against every event the outboxes recorded as acknowledged. A divergent replica is
// reported, not failed on: Debian's nats-server 2.9.10 is known to lose acknowledged messages on
// a rejoined replica (docs/event-durability.md).

const MEMBERS = 10;
/** Members who keep a socket open through the load balancer (the donors: their items are reserved). */
const SOCKET_MEMBERS = 4;
const CUT_MS = 10_000;
const LB_PORT = 8080;
const LB_URL = `http://${hosts.ROOT_ADDRESS}:${LB_PORT}`;

const say = (line: string) => process.stdout.write(`cluster: ${line}\n`);
const since = (t0: number) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

/** Rewrites a loopback URL's host to the root namespace's address, where HAProxy forwards it. */
const viaRoot = (url: string) => {
  const u = new URL(url);
  u.hostname = hosts.ROOT_ADDRESS;
  return u.toString().replace(/\/$/, '');
};

let infrastructure: TestInfrastructure;
let workDir: string;
let loadBalancer: ChildProcess | undefined;
const natsNodes: (ChildProcess | undefined)[] = [];
let replicas: ReturnType<typeof clusterReplicas> | undefined;
let nc: NatsConnection | undefined;
let jsm: JetStreamManager;

const startNode = async (index: number) => {
  natsNodes[index] = startNatsNode(workDir, index, infrastructure.secured!.natsPasswords, path.join(workDir, `${nodeName(index)}.log`));
  await waitFor(async () => (await fetch(`http://${hosts.hostAddress(index)}:${MONITOR_PORT}/healthz`).catch(() => null))?.status === 200, {
    what: `${nodeName(index)} healthy`,
    timeoutMs: 30_000,
    intervalMs: 200,
  });
};

const killNode = async (index: number) => {
  const node = natsNodes[index];
  if (!node || node.exitCode !== null || node.signalCode !== null) return;
  const exited = new Promise((resolve) => node.once('exit', resolve));
  node.kill('SIGKILL');
  await exited;
};

/** The server leading EVENTS now, as its leader answers (undefined while none does). */
const eventsLeader = async () => (await jsm.streams.info('EVENTS').catch(() => null))?.cluster?.leader;

beforeAll(async () => {
  hosts.down(); // what an interrupted run left
  infrastructure = await startTestInfrastructure({
    name: 'cluster',
    database: `${process.env.HDIYA_DATABASE ?? 'hdiya_test'}_cluster`,
    // Its NATS passwords serve the cluster's three servers; its own single NATS is not used.
    brokers: ['secured'],
    quiet: true,
    log: say,
  });
  workDir = mkdtempSync(path.join(os.tmpdir(), 'hdiya-cluster-'));
  hosts.up();
  const testPassword = writeNatsConfigs(workDir);
  await Promise.all([0, 1, 2].map(startNode));
  nc = await connect({ servers: NATS_URLS.split(','), user: TEST_USER, pass: testPassword, maxReconnectAttempts: -1, reconnectTimeWait: 250, pingInterval: 2000 });
  jsm = await jetstreamManager(nc, { timeout: 3000 });

  const connection = infrastructure.stackConnection();
  const forwards = [connection.pgPort, Number(new URL(connection.redisUrl).port), connection.s3.port, Number(new URL(connection.smtpUrl).port)];
  loadBalancer = await startLoadBalancer(
    path.join(workDir, 'haproxy.cfg'),
    { port: LB_PORT, backends: REPLICAS.filter((r) => r.service === 'gateway').map((r) => ({ name: r.name, address: hosts.hostAddress(r.host), port: GATEWAY_PORT })), forwards },
    (line: string) => say(`haproxy: ${line}`),
  );

  // Eight data-service replicas at the default pool (10, plus their relays' and mailers' own
  // connections: docs/operations.md#database-connections) would take most of the 100 connections
  // of the machine's Postgres, which other test stacks share: 4 each is plenty for this load.
  const everywhere = { EVENTS_STREAM_REPLICAS: '3', DATABASE_POOL_SIZE: '4' };
  replicas = clusterReplicas({
    logDir: path.join(workDir, 'logs'),
    stackOptions: {
      ...connection,
      pgHost: hosts.ROOT_ADDRESS,
      natsUrl: NATS_URLS,
      redisUrl: viaRoot(connection.redisUrl),
      s3: { ...connection.s3, endpoint: hosts.ROOT_ADDRESS },
      smtpUrl: viaRoot(connection.smtpUrl),
      publicOrigins: [LB_URL],
      publicUrl: LB_URL,
      trustProxy: hosts.ROOT_ADDRESS,
      nodeEnv: 'test',
      logLevel: 'warn',
    },
    envFor: {
      users: { ...everywhere, PASSWORD_HASH_MEMORY_KIB: '4096', PASSWORD_HASH_TIME_COST: '1' },
      points: everywhere,
      donations: { ...everywhere, RESERVATION_JOBS_INTERVAL_MS: '500', RESERVATION_RECOVERY_AFTER_MS: '3000' },
      messaging: everywhere,
      gateway: {
        ...everywhere,
        RATE_SIGNUPS_PER_ADDRESS: '100000',
        RATE_UPLOADS_PER_MEMBER: '100000',
        RATE_FORMS_PER_ADDRESS: '100000',
        RESERVE_TIMEOUT_MS: '8000',
        GATEWAY_DRAIN_MS: '3000',
        SOCKET_CLOSE_SPREAD_MS: '1000',
      },
    },
  });
  const t0 = Date.now();
  await replicas.startAll();
  say(`${REPLICAS.length} replicas ready after ${since(t0)}`);
  // The balancer's own checks (two in a row) put the gateways in.
  await waitFor(async () => (await fetch(`${LB_URL}/api/ready`).catch(() => null))?.status === 200, { what: 'the load balancer to route to a gateway', timeoutMs: 30_000 });
}, 600_000);

afterAll(async () => {
  await nc?.close().catch(() => undefined);
  await replicas?.stop().catch(() => undefined);
  for (const index of [0, 1, 2]) await killNode(index).catch(() => undefined);
  loadBalancer?.kill('SIGTERM');
  hosts.down();
  await infrastructure?.stop();
  if (workDir && !process.env.HDIYA_CLUSTER_KEEP) rmSync(workDir, { recursive: true, force: true });
}, 120_000);

interface Canary {
  at: number;
  ok: boolean;
}

interface Fault {
  what: string;
  at: number;
  /** Up to the next fault (or the end of the load). */
  until?: number;
}

/** A member with a socket through the load balancer, reconnecting as the web app does, and what it was told. */
interface Listener {
  member: LoadMember;
  socket: Socket;
  told: Set<string>;
  reconnects: number;
}

const listen = (member: LoadMember): Listener => {
  const socket = io(LB_URL, {
    transports: ['websocket'],
    reconnectionDelay: 250,
    reconnectionDelayMax: 2000,
    extraHeaders: { origin: LB_URL, cookie: `hdiya.sid=${member.client.sessionCookie}` },
  });
  const listener: Listener = { member, socket, told: new Set(), reconnects: 0 };
  socket.on('notification:new', (n: { id: string }) => listener.told.add(n.id));
  socket.io.on('reconnect', () => (listener.reconnects += 1));
  return listener;
};

/** The member's notifications created since `from`, as the web app reloads them on reconnect (20 a page, newest first). */
const listedSince = async (client: ApiClient, from: Date): Promise<Set<string>> => {
  const seen = new Set<string>();
  let before: string | undefined;
  for (;;) {
    const page = await client.call('GET /api/notifications', { query: before ? { before } : {} });
    if (page.status !== 200) throw new Error(`GET /api/notifications answered ${page.status}`);
    for (const n of page.body) seen.add(n.id);
    const last = page.body.at(-1);
    if (!last || page.body.length < 20 || new Date(last.createdAt) < from) return seen;
    before = last.id;
  }
};

it('should lose nothing, apply nothing twice and keep every replica of EVENTS while hosts, servers and processes fail', async () => {
  const photo = dataUrl(await jpegWithGps(120, 90));
  const members: LoadMember[] = [];
  for (let i = 0; i <= MEMBERS; i++) {
    const client = new ApiClient(LB_URL, LB_URL);
    const payload = newMemberPayload();
    const res = await client.call('POST /api/signup', { body: payload });
    expect(res.status).toBe(201);
    members.push({ client, user: res.body, phone: payload.phone as string, password: payload.password as string });
  }
  // The last one is the canary: it only reads its account, every 250 ms.
  const canary = members.pop()!;
  for (const m of [...members, canary]) await expectBalance(m.client, { points: 10 }, 'welcome');
  const donationIds: number[] = [];
  for (const m of members.slice(0, SOCKET_MEMBERS)) {
    for (let i = 0; i < 3; i++) {
      const res = await m.client.call('POST /api/donations', { body: { title: `Objet grappe ${i}`, description: 'Pour la grappe.', categoryId: 8, city: 'Oujda', imageUrl: photo } });
      expect(res.status).toBe(201);
      donationIds.push(res.body.id);
    }
  }
  const listeners = members.slice(0, SOCKET_MEMBERS).map(listen);
  await waitFor(() => listeners.every((l) => l.socket.connected), { what: 'the sockets connected', timeoutMs: 20_000 });

  const operations: Operation[] = [];
  const canaries: Canary[] = [];
  const faults: Fault[] = [];
  const socketProblems: string[] = [];
  let missedOnSocket = 0;
  let loading = true;

  const worker = async (m: LoadMember) => {
    while (loading) {
      operations.push(await memberOperation(m, Math.random(), { members, donationIds, photo }));
      await sleep(100 + Math.random() * 200);
    }
  };
  const canaryLoop = async () => {
    while (loading) {
      const at = Date.now();
      const ok = await Promise.race([canary.client.call('GET /api/auth/user').then((r) => r.status === 200, () => false), sleep(2000).then(() => false)]);
      canaries.push({ at, ok });
      await sleep(Math.max(0, 250 - (Date.now() - at)));
    }
  };

  /** After a fault: every socket connected again, and the notifications created meanwhile told on it or listed by the API. */
  const socketsBack = async (fault: Fault) => {
    await waitFor(() => listeners.every((l) => l.socket.connected), { what: `the sockets back after: ${fault.what}`, timeoutMs: 60_000 }).catch(() =>
      socketProblems.push(`${listeners.filter((l) => !l.socket.connected).length} sockets not back after: ${fault.what}`),
    );
    await sleep(3000); // notifications follow their events a moment later
    const checkedAt = new Date(Date.now() - 2000);
    for (const l of listeners) {
      const listed = await listedSince(l.member.client, new Date(fault.at)).catch((error: Error) => {
        socketProblems.push(`notifications of ${l.member.user.username} not listed after: ${fault.what} (${error.message})`);
        return new Set<string>();
      });
      const created = await withDatabase(
        async (db) =>
          (await db.query(`SELECT id FROM messaging.notifications WHERE user_id = $1 AND created_at >= $2 AND created_at <= $3`, [l.member.user.id, new Date(fault.at), checkedAt])).rows.map(
            (r: { id: string }) => r.id,
          ),
        infrastructure.postgres.adminUrl,
      );
      const missing = created.filter((id) => !l.told.has(id) && !listed.has(id));
      missedOnSocket += created.filter((id) => !l.told.has(id)).length;
      if (missing.length > 0) socketProblems.push(`${missing.length} notifications of ${l.member.user.username} neither told nor listed after: ${fault.what}`);
    }
  };

  const fault = async (what: string, act: () => Promise<void>) => {
    const f: Fault = { what, at: Date.now() };
    faults.at(-1)!.until ??= f.at;
    faults.push(f);
    say(`fault: ${what}`);
    await act();
    await sleep(8000); // the system settles under load before the next fault
    await socketsBack(f);
    say(`fault done: ${what} (${since(f.at)})`);
  };

  const r = replicas!;
  const faulting = async () => {
    faults.push({ what: 'warm-up', at: Date.now() });
    await sleep(8000);
    // 1. kill -9 the EVENTS stream's leader, start it again 5 s later.
    const leader = await waitFor(eventsLeader, { what: 'an EVENTS leader', timeoutMs: 20_000 });
    const leaderIndex = [0, 1, 2].find((index) => nodeName(index) === leader)!;
    await fault(`kill -9 nats-server ${leader} (the EVENTS leader)`, async () => {
      await killNode(leaderIndex);
      await sleep(5000);
      await startNode(leaderIndex);
    });
    // 2. cut the host of EVENTS' leader now from the others for 10 s, without a reset.
    const cutLeader = await waitFor(eventsLeader, { what: 'an EVENTS leader', timeoutMs: 30_000 });
    const cut = [0, 1, 2].find((index) => nodeName(index) === cutLeader)!;
    await fault(`cut ${hosts.HOSTS[cut]}'s link for ${CUT_MS / 1000} s`, async () => {
      hosts.setLink(cut, false);
      await sleep(CUT_MS);
      hosts.setLink(cut, true);
    });
    // 3. kill -9 every process of another host (its nats-server and its replicas), then start them again.
    const lost = (cut + 1) % 3;
    await fault(`kill -9 every process of ${hosts.HOSTS[lost]}`, async () => {
      const onHost = r.on(lost);
      await Promise.all([killNode(lost), ...onHost.map((replica) => r.kill(replica.name, 'SIGKILL'))]);
      await sleep(3000);
      await startNode(lost);
      await Promise.all(onHost.map((replica) => r.start(replica.name)));
    });
    // 4. roll every Deployment at once (as `kubectl rollout restart` of them all), each one replica
    // at a time: SIGTERM (the gateway drains), then wait until the new one is ready.
    await fault('roll every Deployment one replica at a time', async () => {
      for (const k of [1, 2]) {
        await Promise.all(
          REPLICAS.filter((replica) => replica.name.endsWith(`-${k}`)).map(async (replica) => {
            await r.kill(replica.name, 'SIGTERM');
            await r.start(replica.name);
          }),
        );
      }
    });
    faults.at(-1)!.until = Date.now();
    loading = false;
  };

  try {
    await Promise.all([faulting(), canaryLoop(), ...members.map(worker)]);
  } finally {
    // A fault that failed stops the load too, or its loops would keep jest from exiting.
    loading = false;
    for (const l of listeners) l.socket.disconnect();
  }

  // Recovery per fault: from the fault to the canary's first success after its last failure in
  // the fault's window (0 when it never failed).
  const recoveries = faults.slice(1).map((f) => {
    const inWindow = canaries.filter((c) => c.at >= f.at && c.at < (f.until ?? Infinity));
    const lastFailure = inWindow.filter((c) => !c.ok).at(-1);
    if (!lastFailure) return 0;
    const back = canaries.find((c) => c.ok && c.at > lastFailure.at);
    return ((back?.at ?? Date.now()) - f.at) / 1000;
  });

  // Quiet again: the outboxes drained, the consumers caught up, the recovery jobs done.
  const outboxes = await withDatabase(
    async (db) => (await db.query(`SELECT table_schema AS s FROM information_schema.tables WHERE table_name = 'outbox' ORDER BY 1`)).rows.map((row: { s: string }) => row.s),
    infrastructure.postgres.adminUrl,
  );
  await waitFor(
    () =>
      withDatabase(async (db) => {
        const unpublished = outboxes.map((schema) => `(SELECT count(*) FROM "${schema}".outbox WHERE published_at IS NULL)`).join(' + ');
        const [{ n }] = (await db.query(`SELECT (SELECT count(*) FROM donations.reservations WHERE state IN ('pending', 'aborting')) + ${unpublished} AS n`)).rows;
        return Number(n) === 0 && (await invariantViolations(db)).length === 0;
      }, infrastructure.postgres.adminUrl),
    { what: 'the system to settle', timeoutMs: 120_000, intervalMs: 500 },
  ).catch(() => undefined);
  const audit = await withDatabase((db) => auditOperations(db, operations, { accounts: MEMBERS + 1 }), infrastructure.postgres.adminUrl);

  // Every event an outbox recorded as acknowledged by JetStream, by its Nats-Msg-Id (the outbox row's id).
  const acknowledgedEvents = await withDatabase(async (db) => {
    const ids: string[] = [];
    for (const schema of outboxes) ids.push(...(await db.query(`SELECT id FROM "${schema}".outbox WHERE published_at IS NOT NULL`)).rows.map((row: { id: string }) => row.id));
    return ids;
  }, infrastructure.postgres.adminUrl);
  const replicaReports = [];
  for (const index of [0, 1, 2]) replicaReports.push(await readAsLeader(nodeName(index), acknowledgedEvents));
  const divergences = replicaReports.reduce((sum, report) => sum + report.missing, 0);

  const sorted = [...recoveries].sort((a, b) => a - b);
  const p50 = sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : 0;
  const acknowledged = operations.filter((o) => o.outcome === 'ok').length;
  console.log(
    [
      `cluster: ${MEMBERS} members, ${operations.length} operations, ${canaries.length} canary calls (${canaries.filter((c) => !c.ok).length} failed)`,
      ...KINDS.filter((kind) => operations.some((o) => o.kind === kind)).map((kind) => tally(operations, kind)),
      ...faults.slice(1).map((f, k) => {
        const failed = canaries.filter((c) => !c.ok && c.at >= f.at && c.at < (f.until ?? Infinity)).length;
        return `fault ${k + 1}: ${f.what} (${(((f.until ?? Date.now()) - f.at) / 1000).toFixed(1)} s to the next): canary steady again after ${recoveries[k]!.toFixed(1)} s, ${failed} canary calls failed`;
      }),
      `sockets: ${listeners.length}, ${listeners.reduce((sum, l) => sum + l.reconnects, 0)} reconnects, ${missedOnSocket} notifications missed on the socket and listed after reconnecting, ${socketProblems.length} problems`,
      ...replicaReports.map((report) => `replica ${report.server}: ${report.detail}`),
      `held by two ${audit.heldTwice}, left pending ${audit.pending}, invariant violations ${audit.violations.length}, points ${audit.total} in the system, ${audit.expected} expected`,
      `cluster: ${acknowledged} acknowledged, ${audit.lost} lost, ${audit.duplicated} duplicated, ${divergences} replica divergences, recovery p50 ${p50.toFixed(1)} s, max ${Math.max(0, ...recoveries).toFixed(1)} s`,
    ].join('\n'),
  );
  expect(acknowledged).toBeGreaterThan(0);
  expect(audit).toMatchObject({ lost: 0, duplicated: 0, heldTwice: 0, pending: 0, problems: [], violations: [] });
  expect(audit.total).toBe(audit.expected);
  expect(socketProblems).toEqual([]);
  expect(replicaReports.filter((report) => !report.led)).toEqual([]);
});

/**
 * Steps EVENTS' leader down until `server` leads it, then reads the stream back from it (an
 * ordered consumer, served by the leader) and counts the acknowledged events it lacks.
 */
async function readAsLeader(server: string, acknowledged: readonly string[]): Promise<{ server: string; led: boolean; missing: number; detail: string }> {
  let info = await jsm.streams.info('EVENTS').catch(() => null);
  for (let k = 0; k < 30 && info?.cluster?.leader !== server; k++) {
    if (info?.cluster?.leader) await nc!.request('$JS.API.STREAM.LEADER.STEPDOWN.EVENTS', '', { timeout: 3000 }).catch(() => null);
    await sleep(1500);
    info = await jsm.streams.info('EVENTS').catch(() => null);
  }
  if (info?.cluster?.leader !== server) return { server, led: false, missing: 0, detail: 'could not be made leader' };
  const lastSeq = info.state.last_seq;
  const seen = new Map<string, number>();
  const consumer = await jetstream(nc!).consumers.get('EVENTS');
  const messages = await consumer.consume();
  let last = Date.now();
  // A replica that lacks messages never reaches the last sequence: stop after 5 s without one.
  const idle = setInterval(() => Date.now() - last > 5000 && messages.stop(), 500);
  try {
    for await (const m of messages) {
      last = Date.now();
      const id = m.headers?.get('Nats-Msg-Id');
      if (id) seen.set(id, (seen.get(id) ?? 0) + 1);
      if (m.seq >= lastSeq) break;
    }
  } finally {
    clearInterval(idle);
  }
  const unread = acknowledged.filter((id) => !seen.has(id)).length;
  const twice = [...seen.values()].filter((n) => n > 1).length;
  const own = await ownCopy(server);
  // The ordered consumer may be served by another, shorter replica than the leader: an event
  // counts as missing on this server only if its own store is short by as many too.
  const missing = own === undefined ? unread : Math.min(unread, Math.max(0, acknowledged.length - own.messages));
  return {
    server,
    led: true,
    missing,
    detail: `as leader ${info.state.messages} messages (last sequence ${lastSeq}), ${seen.size} read, ${unread} of ${acknowledged.length} acknowledged events not read, ${twice} stored twice; its own store: ${own ? `${own.messages} messages, last sequence ${own.lastSeq}` : 'unreadable'}; missing here: ${missing}`,
  };
}

/** What server `server` holds of EVENTS in its own store, as its monitoring port tells (not through the leader). */
async function ownCopy(server: string): Promise<{ messages: number; lastSeq: number } | undefined> {
  const index = [0, 1, 2].find((i) => nodeName(i) === server)!;
  try {
    const res = await fetch(`http://${hosts.hostAddress(index)}:${MONITOR_PORT}/jsz?accounts=true&streams=true`, { signal: AbortSignal.timeout(3000) });
    const jsz = (await res.json()) as { account_details?: { stream_detail?: { name: string; state: { messages: number; last_seq: number } }[] }[] };
    const events = jsz.account_details?.flatMap((account) => account.stream_detail ?? []).find((stream) => stream.name === 'EVENTS');
    return events ? { messages: events.state.messages, lastSeq: events.state.last_seq } : undefined;
  } catch {
    return undefined;
  }
}
