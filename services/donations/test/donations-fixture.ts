import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Rpc, type Actor, type DonationView } from '@hdiya/contracts';
import { connectTestNats, requestRpc, serviceDatabaseUrl, startMicroservice, testEnv } from '@hdiya/testing';
import { AppModule } from '../src/app.module.js';
import { loadDonationsConfig } from '../src/config.js';

/** The donations service booted on the test database and NATS, and a client to call it. */
export class DonationsFixture {
  app!: INestMicroservice;
  nc!: NatsConnection;
  db!: DataSource;

  /** `env`: settings for one test file (e.g. a job interval long enough that only the test runs the job). */
  async start(env: Record<string, string> = {}): Promise<this> {
    const config = loadDonationsConfig({ NATS_URL: testEnv().natsUrl, DATABASE_URL: serviceDatabaseUrl('donations'), ...env });
    this.app = await startMicroservice('donations', AppModule.register(config));
    this.db = this.app.get(DataSource);
    this.nc = await connectTestNats('donations-test');
    return this;
  }

  async stop(): Promise<void> {
    await this.nc.close();
    await this.app.close();
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
