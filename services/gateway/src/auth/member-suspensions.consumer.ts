import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, JetStreamApiError, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { EVENTS_STREAM, eventNameOf, Events, eventSubject, parseEvent, type EventEnvelope, type EventName } from '@hdiya/contracts';
import { natsConnectOptions, natsConnectionOf, retryDelayMs } from '@hdiya/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { DeletedMemberPhotos } from '../images/deleted-member-photos.js';
import { MemberSessions } from './member-sessions.js';

/** The gateways' durable consumers (each shared by every replica): deploy/nats/nats-server.conf names them. */
export const MEMBER_SUSPENSIONS_DURABLE = 'gateway-member-suspensions';
export const MEMBER_DELETIONS_DURABLE = 'gateway-member-deletions';

/** An event after which a member has no session left: its durable consumer's name. */
interface SessionsEndingEvent {
  durable: string;
  event: Extract<EventName, 'users.MemberSuspended.v1' | 'users.MemberDeleted.v1'>;
  /** What else the event asks of the gateway once the sessions are gone (`working`: the ack's clock starts again). */
  afterwards?: (payload: SessionsEndingPayload, working: () => void) => Promise<void>;
}

/** What both events carry (a deletion, its tombstone too). */
interface SessionsEndingPayload {
  memberId: string;
  tombstoneId?: string;
}

/**
 * Ends every session and socket of a member after an event (a suspension, decision 0057; a
 * deletion, 0074). The gateway that answered does it at once; this durable JetStream consumer
 * makes it certain: the event is acknowledged only once the sessions are gone, so a gateway that crashes in between
 * leaves it to be delivered again, to any replica (the sockets close on every replica through the
 * Redis adapter). Ending sessions twice ends nothing more: no inbox is needed, and the gateway
 * has no database to hold one.
 */
abstract class MemberSessionsEndingConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private nc: NatsConnection | null = null;
  private messages: ConsumerMessages | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly memberSessions: MemberSessions,
    private readonly config: GatewayConfig,
    private readonly on: SessionsEndingEvent,
  ) {
    this.logger = new Logger(on.durable);
  }

  /** The one event version it acts on. */
  get handledEvent(): EventName {
    return this.on.event;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.nc = await connect(natsConnectOptions(this.config.NATS_URL, this.on.durable, natsConnectionOf(this.config, 'gateway')));
    // No $JS.API.INFO for the gateway's broker user: only this consumer's own subjects.
    const jsm = await jetstreamManager(this.nc, { checkAPI: false });
    try {
      await jsm.consumers.info(EVENTS_STREAM, this.on.durable);
    } catch (error) {
      if (!(error instanceof JetStreamApiError) || error.status !== 404) throw error;
      await jsm.consumers.add(EVENTS_STREAM, {
        durable_name: this.on.durable,
        filter_subject: eventSubject(this.on.event),
        ack_policy: AckPolicy.Explicit,
        // From the stream's start the first time: ending the sessions of a member long suspended ends nothing.
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(30_000),
        max_deliver: -1,
      });
    }
    const consumer = await jetstream(this.nc, { checkAPI: false }).consumers.get(EVENTS_STREAM, this.on.durable);
    this.messages = await consumer.consume({ max_messages: 16 });
    this.loop = this.run(this.messages);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.messages?.close();
    await this.loop;
    await this.nc?.drain().catch(() => undefined);
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    for await (const message of messages) await this.process(message);
  }

  private async process(message: JsMsg): Promise<void> {
    let envelope: EventEnvelope;
    try {
      envelope = message.json<EventEnvelope>();
    } catch (error) {
      this.logger.error(`message ${message.seq} is not an event: ${(error as Error).message}`);
      message.term();
      return;
    }
    const name = eventNameOf(message.subject, envelope);
    const check = name === this.on.event ? parseEvent(name, envelope.payload) : { ok: false as const, problems: `not ${this.on.event}` };
    if (!check.ok || (check.event.name !== 'users.MemberSuspended.v1' && check.event.name !== 'users.MemberDeleted.v1')) {
      // No retry can mend it; the users service's outbox still holds the event.
      this.logger.error(`message ${message.seq} refused: ${check.ok ? `not ${this.on.event}` : check.problems}`);
      message.term();
      return;
    }
    const payload: SessionsEndingPayload = check.event.payload;
    try {
      await this.memberSessions.endAll(payload.memberId);
      await this.on.afterwards?.(payload, () => message.working());
      message.ack();
    } catch (error) {
      const delay = retryDelayMs(message.info.deliveryCount);
      this.logger.warn(`${envelope.id}: ${this.on.event} of ${payload.memberId} not handled (delivery ${message.info.deliveryCount}), retry in ${delay} ms: ${(error as Error).message}`);
      message.nak(delay);
    }
  }
}

/** A suspended member's sessions end (decision 0057). */
@Injectable()
export class MemberSuspensionsConsumer extends MemberSessionsEndingConsumer {
  constructor(memberSessions: MemberSessions, @Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    super(memberSessions, config, { durable: MEMBER_SUSPENSIONS_DURABLE, event: Events.users.MemberSuspended });
  }
}

/**
 * A deleted member's sessions end (decision 0074): the deleting gateway ends them at once, this
 * makes it certain whichever gateway crashed in between. Then the chat photos they sent are
 * deleted from storage (retried until the messaging service has followed the deletion), and only
 * then is the event acknowledged.
 */
@Injectable()
export class MemberDeletionsConsumer extends MemberSessionsEndingConsumer {
  constructor(memberSessions: MemberSessions, @Inject(GATEWAY_CONFIG) config: GatewayConfig, photos: DeletedMemberPhotos) {
    super(memberSessions, config, {
      durable: MEMBER_DELETIONS_DURABLE,
      event: Events.users.MemberDeleted,
      afterwards: async ({ tombstoneId }, working) => void (await photos.deleteAll(tombstoneId!, working)),
    });
  }
}
