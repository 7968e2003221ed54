import { randomUUID } from 'node:crypto';
import {
  Events,
  Rpc,
  type DonationCreatedV1,
  type DonationDeletedV1,
  type DonationDeletedV2,
  type ReceptionConfirmedV1,
} from '@hdiya/contracts';
import { createEvent } from '@hdiya/platform';
import { requestRpc } from '@hdiya/testing';
import { PointsFixture } from './points-fixture.js';

let service: PointsFixture;
let nextDonationId = 900_000_000 + Math.floor(Math.random() * 1_000_000);

function created(ownerId: string, donationId = nextDonationId++) {
  const payload: DonationCreatedV1 = { donationId, ownerId, title: 'Lampe', categoryId: 1, city: 'Rabat', createdAt: new Date().toISOString() };
  return createEvent(Events.donations.DonationCreated, payload);
}

function deleted(ownerId: string, donationId: number, status = 'available') {
  const payload: DonationDeletedV2 = { donationId, ownerId, title: 'Lampe', status, deletedBy: 'owner', reservedById: null, reservationId: null, imageKeys: [] };
  return createEvent(Events.donations.DonationDeleted, payload);
}

function confirmed(ownerId: string, donationId: number, reserverId = randomUUID()) {
  const payload: ReceptionConfirmedV1 = { reservationId: randomUUID(), donationId, title: 'Lampe', reserverId, ownerId, confirmedAt: new Date().toISOString() };
  return createEvent(Events.donations.ReceptionConfirmed, payload);
}

async function ledgerOf(userId: string) {
  return service.db.query(`SELECT type, amount, reason FROM points.ledger_entries WHERE user_id = $1 ORDER BY id`, [userId]);
}

beforeAll(async () => {
  service = await PointsFixture.start('points-rewards-test');
});

afterAll(() => service.close());

describe('donation rewards', () => {
  it('should pay nothing at publication, and the +5 once when the item is given', async () => {
    const owner = await service.member();
    const event = created(owner);
    await service.publish([event], 3);
    await service.settle();
    expect(await service.balanceOf(owner)).toMatchObject({ points: 10 });
    await service.publish([confirmed(owner, event.envelope.payload.donationId)], 2);
    await service.settle();
    // The publishing reward and the reception reward, each once.
    expect(await service.balanceOf(owner)).toMatchObject({ points: 20 });
    expect(await ledgerOf(owner)).toEqual([
      { type: 'earned', amount: 10, reason: 'welcome' },
      { type: 'earned', amount: 5, reason: 'donation_published' },
      { type: 'earned', amount: 5, reason: 'reception_reward' },
    ]);
  });

  it('should withdraw a reward still awaiting its gift without any ledger entry', async () => {
    const owner = await service.member();
    const event = created(owner);
    await service.publish([event, deleted(owner, event.envelope.payload.donationId)], 2);
    await service.settle();
    expect((await service.balanceOf(owner)).points).toBe(10);
    expect(await ledgerOf(owner)).toEqual([{ type: 'earned', amount: 10, reason: 'welcome' }]);
  });

  it('should still read a v1 deletion published before subjects named versions', async () => {
    const [owner, reserver] = [await service.member(), await service.member()];
    const donationId = nextDonationId++;
    const reservationId = randomUUID();
    await requestRpc(service.bus.nc, Rpc.points.hold, { reservationId, donationId, title: 'Lampe', reserverId: reserver, ownerId: owner });
    expect(await service.balanceOf(reserver)).toMatchObject({ points: 8, blockedPoints: 2 });
    // As the donations service wrote it then: no version in the subject, the v1 payload.
    const legacy: DonationDeletedV1 = { donationId, ownerId: owner, title: 'Lampe', status: 'reserved', deletedBy: 'moderator', reservedById: reserver, reservationId, imageKeys: [] };
    const envelope = { id: randomUUID(), type: 'DonationDeleted', version: 1, occurredAt: new Date().toISOString(), payload: legacy };
    await service.publish([{ subject: 'events.donations.DonationDeleted', envelope }]);
    await service.settle();
    expect(await service.balanceOf(reserver)).toMatchObject({ points: 10, blockedPoints: 0 });
  });

  it('should not pay for a donation whose deletion arrived before its creation', async () => {
    const owner = await service.member();
    const event = created(owner);
    await service.publish([deleted(owner, event.envelope.payload.donationId), event]);
    await service.settle();
    expect((await service.balanceOf(owner)).points).toBe(10);
  });

  it('should let a completed donation keep its reward', async () => {
    const owner = await service.member();
    const event = created(owner);
    const donationId = event.envelope.payload.donationId;
    await service.publish([event, confirmed(owner, donationId), deleted(owner, donationId, 'completed')]);
    await service.settle();
    expect((await service.balanceOf(owner)).points).toBe(20);
  });
});
