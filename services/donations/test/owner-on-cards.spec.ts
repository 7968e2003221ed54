import { randomUUID } from 'node:crypto';
import { Events, Rpc, type DonationPage, type DonationView } from '@hdiya/contracts';
import { createEvent } from '@hdiya/platform';
import { MembersConsumer } from '../src/members/members.consumer.js';
import { DonationsFixture, member } from './donations-fixture.js';

// The owner's display data is kept on the donation's row (decision 0049): cards show a member's
// registration and each later change of name or photo, in every read, once the event arrives.

const fixture = new DonationsFixture();
// A spot of its own, away from other tests' donations.
const here = { lat: 28.1 + Math.random() * 0.3, lng: -11.1 - Math.random() * 0.3 };

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());

const registered = (userId: string, firstName: string) =>
  fixture.app.get(MembersConsumer).consumer.apply(
    createEvent(Events.users.UserRegistered, { userId, username: `u${userId.slice(0, 8)}`, firstName, lastName: 'Alaoui', city: null, registeredAt: new Date().toISOString() }),
  );
const updated = (userId: string, firstName: string, profileImageUrl: string | null, occurredAt?: Date) => {
  const event = createEvent(Events.users.UserUpdated, { userId, username: `u${userId.slice(0, 8)}`, firstName, lastName: 'Alaoui', city: null, profileImageUrl });
  if (occurredAt) event.envelope.occurredAt = occurredAt.toISOString();
  return fixture.app.get(MembersConsumer).consumer.apply(event);
};

/** The owner as the detail, a nearby search and the favourites list show it. */
async function ownerAsShown(donationId: number, reader: ReturnType<typeof member>) {
  const detail = await fixture.call<DonationView>(Rpc.donations.get, { donationId });
  const nearby = await fixture.call<DonationPage>(Rpc.donations.search, { ...here, distance: 2 });
  const favourites = await fixture.call<DonationPage>(Rpc.donations.favorites, { actor: reader, page: {} });
  return [detail, nearby.items.find((d) => d.id === donationId), favourites.items.find((d) => d.id === donationId)].map((view) => view?.owner);
}

it('should show "Utilisateur" until the owner is known, then their name and each change of it', async () => {
  const owner = member();
  const reader = member();
  const donation = await fixture.create(owner, { latitude: here.lat, longitude: here.lng });
  await fixture.call(Rpc.donations.addFavorite, { actor: reader, donationId: donation.id });
  const shown = (displayName: string, profileImageUrl: string | null = null) => Array(3).fill({ id: owner.id, displayName, profileImageUrl, deleted: false });

  expect(await ownerAsShown(donation.id, reader)).toEqual(shown('Utilisateur'));
  await registered(owner.id, 'Salma');
  expect(await ownerAsShown(donation.id, reader)).toEqual(shown('Salma A.'));
  await updated(owner.id, 'Salima', 'https://images.example/salima.webp');
  expect(await ownerAsShown(donation.id, reader)).toEqual(shown('Salima A.', 'https://images.example/salima.webp'));
  // An event older than the last one applied changes nothing.
  await updated(owner.id, 'Sara', null, new Date(Date.now() - 3_600_000));
  expect(await ownerAsShown(donation.id, reader)).toEqual(shown('Salima A.', 'https://images.example/salima.webp'));
});

it('should give a donation published by a known member its owner at once', async () => {
  const owner = { id: randomUUID(), role: 'member' as const };
  await registered(owner.id, 'Youssef');
  const donation = await fixture.create(owner, { latitude: here.lat, longitude: here.lng });
  expect(donation.owner).toEqual({ id: owner.id, displayName: 'Youssef A.', profileImageUrl: null, deleted: false });
  const [row] = await fixture.db.query(`SELECT owner_first_name, owner_last_name FROM donations.donations WHERE id = $1`, [donation.id]);
  expect(row).toEqual({ owner_first_name: 'Youssef', owner_last_name: 'Alaoui' });
});
