import { ReservationsService } from '../src/reservations/reservations.service.js';
import { DonationsFixture, ONLY_TESTS_RUN_JOBS } from './donations-fixture.js';

const fixture = new DonationsFixture();
const DAY = 24 * 60 * 60 * 1000;

/** An active reservation made `daysAgo` days ago. */
async function reservedDonation(daysAgo: number) {
  const { id, reservationId } = await fixture.reservedDonation({ reservedAt: new Date(Date.now() - daysAgo * DAY) });
  return { donationId: id, reservationId };
}

async function expiredEvents(reservationId: string): Promise<number> {
  const [row] = await fixture.db.query(
    `SELECT count(*)::int AS n FROM donations.outbox WHERE envelope->>'type' = 'ReservationExpired' AND envelope->'payload'->>'reservationId' = $1`,
    [reservationId],
  );
  return row.n;
}

// The service's own expiry job (every 15 s) could take some due reservations itself and make the
// racing replicas' counts fall short: here only the test runs the job.
beforeAll(() => fixture.start(ONLY_TESTS_RUN_JOBS));
afterAll(() => fixture.stop());

describe('the 10-day expiry', () => {
  it('should expire only reservations older than 10 days at the given time', async () => {
    const old = await reservedDonation(9);
    const service = fixture.app.get(ReservationsService);
    await service.expireDue(new Date());
    expect(await expiredEvents(old.reservationId)).toBe(0);
    // Two days later by the clock, the same reservation is past its 10 days.
    await service.expireDue(new Date(Date.now() + 2 * DAY));
    expect(await expiredEvents(old.reservationId)).toBe(1);
    const [donation] = await fixture.db.query(`SELECT status, reserved_by_id, reservation_id FROM donations.donations WHERE id = $1`, [old.donationId]);
    expect(donation).toEqual({ status: 'available', reserved_by_id: null, reservation_id: null });
    const [reservation] = await fixture.db.query(`SELECT state FROM donations.reservations WHERE id = $1`, [old.reservationId]);
    expect(reservation.state).toBe('expired');
  });

  it('should expire each reservation once when several replicas run the job at the same time', async () => {
    const due = await Promise.all(Array.from({ length: 6 }, () => reservedDonation(11)));
    const service = fixture.app.get(ReservationsService);
    const counts = await Promise.all([service.expireDue(), service.expireDue(), service.expireDue()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(6);
    for (const { reservationId } of due) expect(await expiredEvents(reservationId)).toBe(1);
  });
});
