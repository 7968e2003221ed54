import { HandoverRules, Rpc, type Actor, type DonationView, type HandoverView } from '@hdiya/contracts';
import { RpcFailure } from '@hdiya/testing';
import { ReservationsService } from '../src/reservations/reservations.service.js';
import { member, twoReplicas } from './donations-fixture.js';

// The handover code on the real donations service: the reserver sees it, the owner enters it to
// confirm (once), wrong codes are counted and never reveal it; the day-before reminder goes out
// once even with two replicas.

const [replica, other] = twoReplicas();
const DAY = 24 * 60 * 60 * 1000;

const reservedDonation = (code: string | null, reservedAt = new Date()) => replica.reservedDonation({ code, reservedAt });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

const enter = (actor: Actor, donationId: number, code: string) =>
  replica.call<DonationView>(Rpc.donations.confirmHandover, { actor, donationId, handover: { code } });

async function confirmations(reservationId: string): Promise<number> {
  const [row] = await replica.db.query(
    `SELECT count(*)::int AS n FROM donations.outbox WHERE envelope->>'type' = 'ReceptionConfirmed' AND envelope->'payload'->>'reservationId' = $1`,
    [reservationId],
  );
  return row.n;
}

it('should show the code to the reserver only, and the tries left to the owner', async () => {
  const item = await reservedDonation('0427');
  const mine = await replica.call<HandoverView>(Rpc.donations.handover, { actor: item.reserver, donationId: item.id });
  expect(mine).toMatchObject({ role: 'reserver', code: '0427' });
  expect(await replica.call(Rpc.donations.handover, { actor: item.owner, donationId: item.id })).toMatchObject({ role: 'owner', attemptsLeft: 5 });
  expect(await refusal(replica.call(Rpc.donations.handover, { actor: member(), donationId: item.id }))).toMatchObject({ status: 403 });
});

it('should confirm the handover with the right code, once, as a reserver confirmation would', async () => {
  const item = await reservedDonation('9310');
  const given = await enter(item.owner, item.id, '9310');
  expect(given).toMatchObject({ status: 'completed' });
  expect(await confirmations(item.reservationId)).toBe(1);
  expect(await refusal(enter(item.owner, item.id, '9310'))).toMatchObject({ status: 409 });
  expect(await refusal(replica.call(Rpc.donations.confirm, { actor: item.reserver, donationId: item.id }))).toMatchObject({ status: 409 });
  expect(await confirmations(item.reservationId)).toBe(1);
});

it('should refuse wrong codes without revealing the code, and stop taking codes after 5', async () => {
  const item = await reservedDonation('5555');
  expect(await refusal(enter(item.reserver, item.id, '5555'))).toMatchObject({ status: 403, message: 'Seul le donateur peut saisir le code de remise.' });
  const answers = [];
  for (let i = 0; i < HandoverRules.maxAttempts; i++) answers.push(await refusal(enter(item.owner, item.id, '1234')));
  expect(answers.map((a) => a.message)).toEqual([
    'Code incorrect. Il vous reste 4 essais.',
    'Code incorrect. Il vous reste 3 essais.',
    'Code incorrect. Il vous reste 2 essais.',
    'Code incorrect. Il vous reste 1 essai.',
    'Trop de codes incorrects : le membre peut encore confirmer la réception depuis son compte.',
  ]);
  expect(answers.every((a) => !JSON.stringify(a).includes('5555'))).toBe(true);
  // Even the right code is refused now; the reserver's own confirmation still works.
  expect(await refusal(enter(item.owner, item.id, '5555'))).toMatchObject({ status: 429, code: 'HANDOVER_LOCKED' });
  expect(await replica.call(Rpc.donations.confirm, { actor: item.reserver, donationId: item.id })).toMatchObject({ status: 'completed' });
});

it('should count concurrent wrong codes exactly (no more than 5 tries, whatever the replicas)', async () => {
  const item = await reservedDonation('8080');
  const tries = Array.from({ length: 8 }, (_, i) =>
    (i % 2 ? other : replica).call(Rpc.donations.confirmHandover, { actor: item.owner, donationId: item.id, handover: { code: '0000' } }).catch((e: RpcFailure) => e.body),
  );
  const answers = (await Promise.all(tries)) as { code: string }[];
  expect(answers.filter((a) => a.code === 'HANDOVER_CODE_WRONG')).toHaveLength(4);
  expect(answers.filter((a) => a.code === 'HANDOVER_LOCKED')).toHaveLength(4);
  const [row] = await replica.db.query(`SELECT handover_attempts FROM donations.reservations WHERE id = $1`, [item.reservationId]);
  expect(row.handover_attempts).toBe(5);
});

it('should remind both sides once, a day before the 10 days end, with two replicas running the job', async () => {
  const item = await reservedDonation('1111', new Date(Date.now() - 9 * DAY - 60_000));
  const early = await reservedDonation('2222', new Date(Date.now() - 8 * DAY));
  await Promise.all([replica.app.get(ReservationsService).remindDue(), other.app.get(ReservationsService).remindDue()]);
  await replica.app.get(ReservationsService).remindDue();
  const reminders = async (reservationId: string) =>
    (
      await replica.db.query(
        `SELECT count(*)::int AS n FROM donations.outbox WHERE envelope->>'type' = 'ReservationExpiring' AND envelope->'payload'->>'reservationId' = $1`,
        [reservationId],
      )
    )[0].n;
  expect(await reminders(item.reservationId)).toBe(1);
  expect(await reminders(early.reservationId)).toBe(0);
});
