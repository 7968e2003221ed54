import { randomUUID } from 'node:crypto';
import { ReservationsService } from '../src/reservations/reservations.service.js';
import { expiryOf } from '../src/reservations/reservation.rules.js';
import { DonationsFixture, member } from './donations-fixture.js';

const fixture = new DonationsFixture();
const DAY = 24 * 60 * 60 * 1000;

/** An active reservation made `daysAgo` days ago (its hold lives in the points service, not needed here). */
async function reservedDonation(daysAgo: number) {
  const donation = await fixture.create(member());
  const reservationId = randomUUID();
  const reservedAt = new Date(Date.now() - daysAgo * DAY);
  const reserver = randomUUID();
  await fixture.db.query(
    `INSERT INTO donations.reservations (id, donation_id, reserver_id, owner_id, state, reserved_at, expires_at)
     VALUES ($1, $2, $3, $4, 'active', $5, $6)`,
    [reservationId, donation.id, reserver, donation.userId, reservedAt, expiryOf(reservedAt)],
  );
  await fixture.db.query(
    `UPDATE donations.donations SET status = 'reserved', reserved_by_id = $2, reserved_at = $3, auto_expire_at = $4, reservation_id = $5 WHERE id = $1`,
    [donation.id, reserver, reservedAt, expiryOf(reservedAt), reservationId],
  );
  return { donationId: donation.id, reservationId };
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
beforeAll(() => fixture.start({ RESERVATION_JOBS_INTERVAL_MS: String(60 * 60 * 1000) }));
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
