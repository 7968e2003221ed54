import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Events } from '@hdiya/contracts';
import { createEvent } from '@hdiya/platform';
import { DonationEventsConsumer } from '../src/donations/donation-events.consumer.js';
import { UsersEventsConsumer } from '../src/members/users-events.consumer.js';

/** A new member the messaging service knows, as its users' events consumer would learn it. */
export async function knownMember(app: INestMicroservice, firstName: string, lastName = 'Test'): Promise<string> {
  const userId = randomUUID();
  await app.get(UsersEventsConsumer).consumer.apply(
    createEvent(Events.users.UserRegistered, { userId, username: `u${userId.slice(0, 8)}`, firstName, lastName, city: null, registeredAt: new Date().toISOString() }),
  );
  return userId;
}

/** A new donation the messaging service knows, as its donations' events consumer would learn it. */
export async function knownDonation(app: INestMicroservice, ownerId: string, title: string): Promise<number> {
  const donationId = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  await app.get(DonationEventsConsumer).consumer.apply(
    createEvent(Events.donations.DonationCreated, { donationId, ownerId, title, categoryId: 1, city: 'Rabat', createdAt: new Date().toISOString() }),
  );
  return donationId;
}
