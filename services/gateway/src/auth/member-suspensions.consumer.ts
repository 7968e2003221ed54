import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, JetStreamApiError, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { EVENTS_STREAM, eventNameOf, eventPayloadError, Events, eventSubject, type EventEnvelope, type MemberSuspendedV1 } from '@hdiya/contracts';
import { natsConnectOptions, natsConnectionOf, retryDelayMs } from '@hdiya/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { MemberSessions } from './member-sessions.js';

/** The gateways' one durable consumer (shared by every replica): deploy/nats/nats-server.conf names it. */
export const MEMBER_SUSPENSIONS_DURABLE = 'gateway-member-suspensions';

/**
 * Ends every session and socket of a suspended member (decision 0057). The moderator's gateway
 * does it at once after the suspension; this durable JetStream consumer makes it certain: the
 * event is acknowledged only once the sessions are gone, so a gateway that crashes in between
 * leaves it to be delivered again, to any replica (the sockets close on every replica through the
 * Redis adapter). Ending sessions twice ends nothing more: no inbox is needed, and the gateway
 * has no database to hold one.
 */
@Injectable()
export class MemberSuspensionsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('member-suspensions');
  private nc: NatsConnection | null = null;
  private messages: ConsumerMessages | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly memberSessions: MemberSessions,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.nc = await connect(natsConnectOptions(this.config.NATS_URL, 'gateway-suspensions', natsConnectionOf(this.config, 'gateway')));
    // No $JS.API.INFO for the gateway's broker user: only this consumer's own subjects.
    const jsm = await jetstreamManager(this.nc, { checkAPI: false });
    try {
      await jsm.consumers.info(EVENTS_STREAM, MEMBER_SUSPENSIONS_DURABLE);
    } catch (error) {
      if (!(error instanceof JetStreamApiError) || error.status !== 404) throw error;
      await jsm.consumers.add(EVENTS_STREAM, {
        durable_name: MEMBER_SUSPENSIONS_DURABLE,
        filter_subject: eventSubject(Events.users.MemberSuspended),
        ack_policy: AckPolicy.Explicit,
        // From the stream's start the first time: ending the sessions of a member long suspended ends nothing.
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(30_000),
        max_deliver: -1,
      });
    }
    const consumer = await jetstream(this.nc, { checkAPI: false }).consumers.get(EVENTS_STREAM, MEMBER_SUSPENSIONS_DURABLE);
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
    let envelope: EventEnvelope<MemberSuspendedV1>;
    try {
      envelope = message.json<EventEnvelope<MemberSuspendedV1>>();
    } catch (error) {
      this.logger.error(`message ${message.seq} is not an event: ${(error as Error).message}`);
      message.term();
      return;
    }
    const name = eventNameOf(message.subject, envelope);
    const problems = name === Events.users.MemberSuspended ? eventPayloadError(name, envelope.payload) : 'not users.MemberSuspended.v1';
    if (problems) {
      // No retry can mend it; the users service's outbox still holds the event.
      this.logger.error(`message ${message.seq} refused: ${problems}`);
      message.term();
      return;
    }
    try {
      await this.memberSessions.endAll(envelope.payload.memberId);
      message.ack();
    } catch (error) {
      const delay = retryDelayMs(message.info.deliveryCount);
      this.logger.warn(`${envelope.id}: sessions of ${envelope.payload.memberId} not ended (delivery ${message.info.deliveryCount}), retry in ${delay} ms: ${(error as Error).message}`);
      message.nak(delay);
    }
  }
}
