import { Rpc, type Actor, type DonationView } from '@hdiya/contracts';
import { RpcFailure } from '@hdiya/testing';
import { member, twoReplicas } from './donations-fixture.js';

// The donor's dispute of a reception the receiver confirmed alone (decision 0056) on the real
// donations service: within 48 hours the item is available again, the gift's ratings are gone and
// `ReceptionDisputed` is in the outbox, in one transaction; never for a handover with the code,
// never after 48 hours, never by anyone but the donor, and once even when two replicas race.

const [replica, other] = twoReplicas();

const dispute = (actor: Actor, donationId: number, on = replica) => on.call<DonationView>(Rpc.donations.disputeReception, { actor, donationId });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

async function confirmedAlone() {
  const item = await replica.reservedDonation({ code: '1357' });
  await replica.call(Rpc.donations.confirm, { actor: item.reserver, donationId: item.id });
  return item;
}

async function disputedEvents(reservationId: string): Promise<number> {
  const [row] = await replica.db.query(
    `SELECT count(*)::int AS n FROM donations.outbox WHERE envelope->>'type' = 'ReceptionDisputed' AND envelope->'payload'->>'reservationId' = $1`,
    [reservationId],
  );
  return row.n;
}

it('should give the item back, remove the gift’s ratings and announce it, when the donor disputes within 48 hours', async () => {
  const item = await confirmedAlone();
  await replica.call(Rpc.donations.rate, { actor: item.reserver, donationId: item.id, rating: { value: 'down', reason: 'no_show', comment: 'Arnaque' } });
  const state = await replica.call<{ disputableUntil: string | null }>(Rpc.donations.ratingState, { actor: item.owner, donationId: item.id });
  expect(Date.parse(state.disputableUntil!) - Date.now()).toBeGreaterThan(47.9 * 3_600_000);

  expect(await dispute(item.owner, item.id)).toMatchObject({ status: 'available', reservedById: null, confirmedAt: null });
  const [reservation] = await replica.db.query(`SELECT state FROM donations.reservations WHERE id = $1`, [item.reservationId]);
  expect(reservation.state).toBe('disputed');
  const [ratings] = await replica.db.query(`SELECT count(*)::int AS n FROM donations.ratings WHERE donation_id = $1`, [item.id]);
  expect(ratings.n).toBe(0);
  expect(await disputedEvents(item.reservationId)).toBe(1);

  // Once: a second dispute finds nothing given.
  expect(await refusal(dispute(item.owner, item.id))).toMatchObject({ status: 409, code: 'RECEPTION_NOT_DISPUTABLE', message: "Ce don n'est pas marqué comme remis." });
  const [donation] = await replica.db.query(`SELECT status, reservation_id FROM donations.donations WHERE id = $1`, [item.id]);
  expect(donation).toEqual({ status: 'available', reservation_id: null });
});

it('should refuse the receiver, a stranger, a handover with the code and a dispute after 48 hours, changing nothing', async () => {
  const alone = await confirmedAlone();
  expect(await refusal(dispute(alone.reserver, alone.id))).toMatchObject({ status: 403, code: 'RESERVATION_NOT_YOURS', message: 'Seul le donateur peut dire que cet objet n’a pas été remis.' });
  expect(await refusal(dispute(member(), alone.id))).toMatchObject({ status: 403 });
  await replica.db.query(`UPDATE donations.reservations SET closed_at = now() - interval '48 hours 1 minute' WHERE id = $1`, [alone.reservationId]);
  expect(await refusal(dispute(alone.owner, alone.id))).toMatchObject({ status: 409, code: 'RECEPTION_NOT_DISPUTABLE', message: 'Le délai de 48 heures pour contester cette remise est passé.' });

  const withCode = await replica.reservedDonation({ code: '8642' });
  await replica.call(Rpc.donations.confirmHandover, { actor: withCode.owner, donationId: withCode.id, handover: { code: '8642' } });
  expect(await refusal(dispute(withCode.owner, withCode.id))).toMatchObject({ status: 409, message: 'Cette remise a été confirmée avec le code : elle ne peut pas être contestée.' });
  const state = await replica.call<{ disputableUntil: string | null }>(Rpc.donations.ratingState, { actor: withCode.owner, donationId: withCode.id });
  expect(state.disputableUntil).toBeNull();

  const reserved = await replica.reservedDonation({});
  expect(await refusal(dispute(reserved.owner, reserved.id))).toMatchObject({ status: 409, code: 'RECEPTION_NOT_DISPUTABLE' });

  const states = await replica.db.query(`SELECT state FROM donations.reservations WHERE id = ANY($1) ORDER BY state`, [[alone.reservationId, withCode.reservationId, reserved.reservationId]]);
  expect(states.map((r: { state: string }) => r.state)).toEqual(['active', 'completed', 'completed']);
  for (const id of [alone.reservationId, withCode.reservationId]) expect(await disputedEvents(id)).toBe(0);
});

it('should take exactly one of two disputes sent at once to two replicas', async () => {
  const item = await confirmedAlone();
  const answers = await Promise.all([
    dispute(item.owner, item.id).then(() => 200, (e: RpcFailure) => e.body.status),
    dispute(item.owner, item.id, other).then(() => 200, (e: RpcFailure) => e.body.status),
  ]);
  expect(answers.sort()).toEqual([200, 409]);
  expect(await disputedEvents(item.reservationId)).toBe(1);
});
