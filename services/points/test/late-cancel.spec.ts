import { randomUUID } from 'node:crypto';
import { Events, Rpc, type OutgoingEvent, type ReservationCancelledV1, type ReservationCancelledV2 } from '@hdiya/contracts';
import { createEvent } from '@hdiya/platform';
import { requestRpc } from '@hdiya/testing';
import { PointsFixture } from './points-fixture.js';

// A reserver who cancels in the last 24 hours before their reservation ends loses 5 reliability
// points (decision 0020), once, however often the cancel event arrives; an earlier cancel, an
// owner's cancel and the older v1 event cost nothing. The hold goes back in every case.

let service: PointsFixture;
const HOUR = 60 * 60 * 1000;

/** A member with the welcome 10 points who reserved an item: 8 available, 2 held. */
async function reserverWithHold() {
  const userId = await service.member();
  const ref = { reservationId: randomUUID(), donationId: 800_000_000 + Math.floor(Math.random() * 1_000_000), title: 'Lampe' };
  await requestRpc(service.bus.nc, Rpc.points.hold, { ...ref, reserverId: userId, ownerId: randomUUID() });
  return { userId, ref };
}

function cancelledV2(
  { userId, ref }: Awaited<ReturnType<typeof reserverWithHold>>,
  hoursLeft: number,
  cancelledBy: 'reserver' | 'owner' = 'reserver',
): OutgoingEvent {
  const now = Date.now();
  const payload: ReservationCancelledV2 = {
    ...ref,
    reserverId: userId,
    ownerId: randomUUID(),
    cancelledBy,
    cancelledAt: new Date(now).toISOString(),
    expiresAt: new Date(now + hoursLeft * HOUR).toISOString(),
  };
  return createEvent(Events.donations.ReservationCancelled, payload);
}

beforeAll(async () => {
  service = await PointsFixture.start('points-late-cancel-test');
});

afterAll(() => service.close());

describe('a late cancel', () => {
  it('should refund the hold and lower reliability by 5, once, for a reserver cancelling with less than 24 hours left', async () => {
    const reservation = await reserverWithHold();
    const late = cancelledV2(reservation, 20);
    // Delivered three times, and a second event for the same cancel: one penalty.
    await service.publish([late], 3);
    await service.publish([{ ...late, envelope: { ...late.envelope, id: randomUUID() } }]);
    await service.settle();
    expect(await service.balanceOf(reservation.userId)).toMatchObject({ points: 10, blockedPoints: 0, reliabilityScore: 95 });
  });

  it('should cost nothing with more than 24 hours left, nor when the owner cancels, nor for a v1 event', async () => {
    const early = await reserverWithHold();
    const byOwner = await reserverWithHold();
    const older = await reserverWithHold();
    const v1: ReservationCancelledV1 = { ...older.ref, reserverId: older.userId, ownerId: randomUUID(), cancelledBy: 'reserver' };
    await service.publish([cancelledV2(early, 25), cancelledV2(byOwner, 2, 'owner'), createEvent('donations.ReservationCancelled.v1', v1)]);
    await service.settle();
    for (const { userId } of [early, byOwner, older]) {
      expect(await service.balanceOf(userId)).toMatchObject({ points: 10, blockedPoints: 0, reliabilityScore: 100 });
    }
  });
});
