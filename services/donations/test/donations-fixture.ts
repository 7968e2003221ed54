import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Events, Rpc, type Actor, type DonationView, type OutgoingEvent } from '@hdiya/contracts';
import { createEvent } from '@hdiya/platform';
import { connectTestNats, requestRpc, startMicroservice, testServiceEnv } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadDonationsConfig } from '../src/config.js';
import { MembersConsumer } from '../src/members/members.consumer.js';
import { expiryOf } from '../src/reservations/reservation.rules.js';

/** Settings under which only the tests run the reservation jobs (replicas' timers take nothing). */
export const ONLY_TESTS_RUN_JOBS = { RESERVATION_JOBS_INTERVAL_MS: String(24 * 60 * 60 * 1000) };

/** The donations service booted on the test database and NATS, and a client to call it. */
export class DonationsFixture {
  app!: INestMicroservice;
  nc!: NatsConnection;
  db!: DataSource;

  /** `env`: settings for one test file (e.g. a job interval long enough that only the test runs the job). */
  async start(env: Record<string, string> = {}): Promise<this> {
    const config = loadDonationsConfig({ ...testServiceEnv('donations'), ...env });
    this.app = await startMicroservice('donations', AppModule.register(config));
    // The jobs also run once a second after start: past that run, only the test runs them.
    if (env.RESERVATION_JOBS_INTERVAL_MS === ONLY_TESTS_RUN_JOBS.RESERVATION_JOBS_INTERVAL_MS) await new Promise((done) => setTimeout(done, 1500));
    this.db = this.app.get(DataSource);
    this.nc = await connectTestNats('donations-test');
    return this;
  }

  /** Donations given a reservation by `reservedDonation`, removed by `stop`. */
  private readonly faked: number[] = [];

  async stop(): Promise<void> {
    // Their reservations have no hold in the points service: none may outlive the test file, or
    // the end-to-end tests sharing this database would find reserved items without holds.
    if (this.faked.length > 0) await this.db.query(`DELETE FROM donations.donations WHERE id = ANY($1)`, [this.faked]);
    await this.nc.close();
    await this.app.close();
  }

  /**
   * A new donation with an active reservation written straight into the database (its hold
   * lives in the points service, not needed here); deleted again by `stop`.
   */
  async reservedDonation({ reservedAt = new Date(), code = '4821' as string | null, reserver = member(), owner = member() } = {}) {
    const donation = await this.create(owner);
    this.faked.push(donation.id);
    const reservationId = randomUUID();
    await this.db.query(
      `INSERT INTO donations.reservations (id, donation_id, reserver_id, owner_id, state, reserved_at, expires_at, handover_code)
       VALUES ($1, $2, $3, $4, 'active', $5, $6, $7)`,
      [reservationId, donation.id, reserver.id, owner.id, reservedAt, expiryOf(reservedAt), code],
    );
    await this.db.query(
      `UPDATE donations.donations SET status = 'reserved', reserved_by_id = $2, reserved_at = $3, auto_expire_at = $4, reservation_id = $5 WHERE id = $1`,
      [donation.id, reserver.id, reservedAt, expiryOf(reservedAt), reservationId],
    );
    return { id: donation.id, owner, reserver, reservationId };
  }

  /** A users service's event, applied by the members consumer as if it came from the stream (false: a duplicate). */
  usersEvent(event: OutgoingEvent): Promise<boolean> {
    return this.app.get(MembersConsumer).consumer.apply(event);
  }

  /** The member's address is verified, as the users service's `EmailVerified` says (asking needs it). */
  async verified(actor: Actor): Promise<Actor> {
    await this.usersEvent(createEvent(Events.users.EmailVerified, { userId: actor.id, verifiedAt: new Date().toISOString() }));
    return actor;
  }

  call<T>(subject: string, data: unknown): Promise<T> {
    return requestRpc<T>(this.nc, subject, data);
  }

  /** A photo the gateway has recorded as the actor's upload. */
  async uploadedImage(actor: Actor) {
    const id = randomUUID();
    const image = { imageKey: `donations/${id}.webp`, thumbnailKey: `donations/${id}-thumb.webp` };
    await this.call(Rpc.donations.registerImage, { actor, image });
    return image;
  }

  async create(actor: Actor, fields: Record<string, unknown> = {}): Promise<DonationView> {
    return this.call<DonationView>(Rpc.donations.create, {
      actor,
      fields: { title: 'Objet', description: 'Un objet à donner', categoryId: 1, city: 'Casablanca', imageUrl: 'stored', ...fields },
      image: await this.uploadedImage(actor),
    });
  }
}

export const member = (): Actor => ({ id: randomUUID(), role: 'member' });
export const admin = (): Actor => ({ id: randomUUID(), role: 'admin' });

/** A point `km` kilometres north of another (1° of latitude is 111.195 km on a 6371 km sphere). */
export function northOf(point: { lat: number; lng: number }, km: number) {
  return { lat: point.lat + km / 111.195, lng: point.lng };
}

/**
 * Two replicas of the service on one database, for races; only the tests run their jobs. Started
 * before the file's tests and stopped after them.
 */
export function twoReplicas(): [DonationsFixture, DonationsFixture] {
  const replica = new DonationsFixture();
  const other = new DonationsFixture();
  beforeAll(async () => {
    await replica.start(ONLY_TESTS_RUN_JOBS);
    await other.start(ONLY_TESTS_RUN_JOBS);
  });
  afterAll(async () => {
    await other.stop();
    await replica.stop();
  });
  return [replica, other];
}
