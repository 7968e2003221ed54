import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpAdapterHost } from '@nestjs/core';
import { createAdapter } from '@socket.io/redis-adapter';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { ErrorCodes, Rpc, type ClientToServerEvents, type ServerToClientEvents } from '@hdiya/contracts';
import { SESSION_KEY_PREFIX, SESSION_MIDDLEWARE, type SessionMiddleware } from '../session/session.middleware.js';
import { absoluteSessionLifetime, sessionHolds } from '../session/session-lifetime.js';
import type { SessionUser } from '../session/session-user.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { REDIS, type RedisClient } from '../redis/redis.provider.js';
import { ServiceClient } from '../rpc/service-client.js';
import { RateLimits } from '../security/rate-limits.js';
import { memberRoom, sessionRoom, type Push } from './event-pushes.js';
import { MemberSocketLeases } from './member-socket-leases.js';
import { SeenReports } from './seen-reports.js';

type MemberSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { userId: string; sessionId: string }>;

interface SessionRequest extends IncomingMessage {
  session?: { id: string; passport?: { user?: SessionUser } };
}

const TypingSignal = z.object({ to: z.guid(), donationId: z.number().int().positive().max(2_147_483_647).nullable() });
/** A hint later than this is stale: dropped rather than waited for. */
const TYPING_CHECK_TIMEOUT_MS = 1000;
const TOO_MANY_SOCKETS = 'Trop de connexions ouvertes sur ce compte : fermez un onglet ou une application, puis réessayez.';

/**
 * socket.io on the gateway's own HTTP server and origin. A socket is a signed-in session's: the
 * handshake goes through the same session middleware as HTTP, and without a member it is refused.
 * Each socket joins its member's room and its session's; rooms are shared by every gateway
 * replica through Redis, so a push from any replica reaches the member wherever they are connected.
 */
@Injectable()
export class SocketServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('realtime');
  private io: Server<ClientToServerEvents, ServerToClientEvents> | null = null;
  private adapterClients: RedisClient[] = [];
  /** Stopping or stopped: no more pushes (the adapter's Redis connections are closed). */
  private closed = false;
  private sessionCheck: NodeJS.Timeout | null = null;
  private checking = false;
  private readonly leases: MemberSocketLeases;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(SESSION_MIDDLEWARE) private readonly sessions: SessionMiddleware,
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly services: ServiceClient,
    private readonly limits: RateLimits,
    private readonly seenReports: SeenReports,
  ) {
    // Leases are renewed at each session check: one outlives two missed checks, no more.
    this.leases = new MemberSocketLeases(redis, config.SOCKETS_PER_MEMBER_MAX, 3 * config.SOCKET_SESSION_CHECK_MS);
  }

  onApplicationBootstrap(): void {
    const pub = this.redis.duplicate();
    const sub = this.redis.duplicate();
    for (const client of [pub, sub]) client.on('error', (error: Error) => this.logger.warn(`redis: ${error.message}`));
    this.adapterClients = [pub, sub];
    const allowed = new Set(this.config.PUBLIC_ORIGINS);
    const io = new Server<ClientToServerEvents, ServerToClientEvents>(this.adapterHost.httpAdapter.getHttpServer() as HttpServer, {
      path: '/socket.io',
      serveClient: false,
      adapter: createAdapter(pub, sub, { key: 'hdiya-socket' }),
      // Another site's page must not open a socket with the member's cookie.
      allowRequest: (req, callback) => {
        const origin = req.headers.origin;
        callback(null, !origin || allowed.has(origin) || sameHost(origin, req.headers.host));
      },
    });
    io.engine.use(this.sessions);
    io.engine.use(absoluteSessionLifetime(this.config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000));
    io.use((socket, next) => {
      const request = socket.request as SessionRequest;
      const userId = request.session?.passport?.user?.id;
      if (!userId || !request.session) return next(new Error('Vous devez être connecté.'));
      const sessionId = request.session.id;
      // At most SOCKETS_PER_MEMBER_MAX sockets per member, across replicas: each costs memory and pushes.
      this.leases.claim(userId, socket.id).then(
        (claimed) => {
          if (!claimed) return next(Object.assign(new Error(TOO_MANY_SOCKETS), { data: { code: ErrorCodes.RATE_LIMITED } }));
          socket.data.userId = userId;
          socket.data.sessionId = sessionId;
          void socket.join([memberRoom(userId), sessionRoom(sessionId)]);
          next();
        },
        (error: Error) => {
          this.logger.warn(`socket lease: ${error.message}`);
          next(new Error('Service momentanément indisponible, réessayez plus tard.'));
        },
      );
    });
    io.on('connection', (socket: MemberSocket) => {
      // An open page loads the member's notifications: what they had is seen (decision 0027).
      this.seenReports.seen(socket.data.userId);
      socket.on('typing', (signal) => void this.relayTyping(socket, signal));
      socket.on('disconnect', () => void this.leases.release(socket.data.userId, socket.id).catch(() => undefined));
    });
    this.io = io;
    this.sessionCheck = setInterval(() => {
      void this.closeEndedSessions();
      void this.renewLeases();
    }, this.config.SOCKET_SESSION_CHECK_MS);
    this.sessionCheck.unref();
  }

  /**
   * Stopping: closes this replica's sockets in ten slices over `spreadMs`. Each client sees its
   * transport close and reconnects by itself (through the load balancer, to another replica),
   * refetching what it missed; closed all at once, every client came back in the same second.
   */
  async closeSpread(spreadMs: number): Promise<void> {
    if (!this.io || this.closed || spreadMs <= 0) return;
    const sockets = [...this.io.of('/').sockets.values()];
    const slices = 10;
    const size = Math.ceil(sockets.length / slices);
    for (let slice = 0; slice < slices && slice * size < sockets.length; slice++) {
      for (const socket of sockets.slice(slice * size, (slice + 1) * size)) socket.conn.close();
      await sleep(spreadMs / slices);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.sessionCheck) clearInterval(this.sessionCheck);
    // Not io.close(): that would close the HTTP server, which Nest closes itself.
    this.io?.local.disconnectSockets(true);
    this.io?.engine.close();
    await Promise.all(this.adapterClients.map((client) => client.quit().catch(() => undefined)));
  }

  /** Sends a push to its members' rooms, on whichever replica their sockets are. */
  push({ members, event, data }: Push): void {
    // Stopping: the adapter's Redis connections are gone; the members' sockets moved to another replica.
    if (!this.io || this.closed || members.length === 0) return;
    (this.io.to(members.map(memberRoom)) as { emit(event: string, data: unknown): boolean }).emit(event, data);
  }

  /** Logout: the session's sockets close, on every replica. */
  async closeSession(sessionId: string): Promise<void> {
    this.io?.in(sessionRoom(sessionId)).disconnectSockets(true);
  }

  /** Every session of the member ended (password reset): all their sockets close, on every replica. */
  async closeMember(memberId: string): Promise<void> {
    this.io?.in(memberRoom(memberId)).disconnectSockets(true);
  }

  /** Open sockets on this replica. */
  connectedCount(): number {
    return this.io?.engine.clientsCount ?? 0;
  }

  /**
   * A socket is only as good as its session: closes this replica's sockets whose session expired
   * in the store, was destroyed or replaced (an account found deleted, the absolute lifetime
   * reached at an HTTP request) or has outlived the absolute lifetime, which an open socket would
   * otherwise never notice. One read of Redis per session, every SOCKET_SESSION_CHECK_MS; Redis
   * away: checked again next time.
   */
  private async closeEndedSessions(): Promise<void> {
    if (!this.io || this.closed || this.checking) return;
    this.checking = true;
    const now = Date.now();
    try {
      const bySession = new Map<string, MemberSocket[]>();
      for (const socket of this.io.of('/').sockets.values() as Iterable<MemberSocket>) {
        const sockets = bySession.get(socket.data.sessionId) ?? [];
        sockets.push(socket);
        bySession.set(socket.data.sessionId, sockets);
      }
      const sessionIds = [...bySession.keys()];
      const maxAgeMs = this.config.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
      for (let from = 0; from < sessionIds.length; from += 500) {
        const batch = sessionIds.slice(from, from + 500);
        const stored = await this.redis.mget(batch.map((id) => `${SESSION_KEY_PREFIX}${id}`));
        batch.forEach((sessionId, i) => {
          for (const socket of bySession.get(sessionId)!) {
            if (!sessionHolds(stored[i] ?? null, socket.data.userId, now, maxAgeMs)) socket.disconnect(true);
          }
        });
      }
    } catch (error) {
      this.logger.warn(`session check: ${(error as Error).message}`);
    } finally {
      this.checking = false;
    }
  }

  private async renewLeases(): Promise<void> {
    if (!this.io || this.closed) return;
    const sockets = [...(this.io.of('/').sockets.values() as Iterable<MemberSocket>)].map((s) => ({ memberId: s.data.userId, socketId: s.id }));
    await this.leases.renew(sockets).catch((error: Error) => this.logger.warn(`socket leases: ${error.message}`));
  }

  /**
   * A typing hint reaches the other member only inside a conversation they already have, unless
   * either blocked the other (the messaging service decides), and at most once a second per
   * member whatever its sockets and replicas. A hint lost is harmless.
   */
  private async relayTyping(socket: MemberSocket, signal: unknown): Promise<void> {
    const parsed = TypingSignal.safeParse(signal);
    if (!parsed.success || parsed.data.to === socket.data.userId) return;
    if (!(await this.limits.allowTyping(socket.data.userId).catch(() => false))) return;
    const { to: otherId, donationId } = parsed.data;
    const { allowed } = await this.services
      .call(Rpc.messaging.mayType, { userId: socket.data.userId, otherId, donationId }, TYPING_CHECK_TIMEOUT_MS)
      .catch(() => ({ allowed: false }));
    if (allowed) this.io?.to(memberRoom(parsed.data.to)).emit('typing', { from: socket.data.userId, donationId: parsed.data.donationId });
  }
}

/** The page's origin names this very host: the product's own page. */
function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
