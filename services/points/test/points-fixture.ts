import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Events, Rpc, type BalanceView, type OutgoingEvent, type UserRegisteredV1 } from '@hdiya/contracts';
import { connectEventBus, createEvent, type EventBus } from '@hdiya/platform';
import { requestRpc, startMicroservice, testEnv, testServiceEnv, waitFor } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadPointsConfig } from '../src/config.js';

/**
 * The points service on the test database and NATS, and what its event-driven tests share:
 * publishing events (as redeliveries would), waiting until the donations consumer is past them,
 * and members opened by their welcome event.
 */
export class PointsFixture {
  private constructor(
    readonly app: INestMicroservice,
    readonly bus: EventBus,
    readonly db: DataSource,
  ) {}

  static async start(busName: string): Promise<PointsFixture> {
    const config = loadPointsConfig({ ...testServiceEnv('points'), LOG_LEVEL: 'error' });
    const app = await startMicroservice('points', AppModule.register(config));
    return new PointsFixture(app, await connectEventBus(testEnv().natsUrl, busName), app.get(DataSource));
  }

  async close(): Promise<void> {
    await this.bus.nc.close();
    await this.app.close();
  }

  balanceOf(userId: string): Promise<BalanceView> {
    return requestRpc<BalanceView>(this.bus.nc, Rpc.points.balance, { userId });
  }

  /** Publishes events, each `copies` times under distinct message ids (as redeliveries would be). */
  async publish(events: OutgoingEvent[], copies = 1): Promise<void> {
    for (const event of events) {
      for (let i = 0; i < copies; i += 1) {
        await this.bus.js.publish(event.subject, JSON.stringify(event.envelope), { msgID: `${event.envelope.id}-${i}` });
      }
    }
  }

  /** Waits until the donations consumer has gone past everything published so far. */
  async settle(): Promise<void> {
    const marker = createEvent(Events.donations.DonationUpdated, { donationId: -1, ownerId: randomUUID(), title: 'x', categoryId: 1, city: 'x' });
    await this.publish([marker]);
    await waitFor(async () => (await this.db.query(`SELECT 1 FROM points.inbox WHERE consumer = 'points-donations' AND event_id = $1`, [marker.envelope.id])).length > 0);
  }

  /** A new member, opened with the welcome 10 points. */
  async member(): Promise<string> {
    const userId = randomUUID();
    const payload: UserRegisteredV1 = { userId, username: `u${userId.slice(0, 6)}`, firstName: null, lastName: null, city: null, registeredAt: new Date().toISOString() };
    await this.publish([createEvent(Events.users.UserRegistered, payload)]);
    await waitFor(async () => (await this.balanceOf(userId)).opened);
    return userId;
  }
}
