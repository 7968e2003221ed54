import pg from 'pg';
import { Rpc, type Actor, type ModerationLogEntry, type ModerationLogFilters, type RatingView } from '@hdiya/contracts';
import { adminDatabaseUrl, RpcFailure } from '@hdiya/testing';
import { admin, DonationsFixture, member, ONLY_TESTS_RUN_JOBS } from './donations-fixture.js';

// The moderation log on the real donations service and database (decision 0058): each moderator
// action writes its entry in its own transaction (a refused or failed action leaves none, an entry
// that cannot be written undoes the action), the database refuses to change or remove an entry,
// and moderators alone read a page of it, filtered.

const fixture = new DonationsFixture();

beforeAll(() => fixture.start(ONLY_TESTS_RUN_JOBS));
afterAll(() => fixture.stop());

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

const log = (filters: Partial<ModerationLogFilters>, actor: Actor = admin()) =>
  fixture.call<ModerationLogEntry[]>(Rpc.donations.moderationLog, { actor, filters: { limit: 100, ...filters } });
const entriesAbout = (targetType: string, targetId: number | string) => log({ targetType, targetId: String(targetId) });

/** A handed-over gift rated with a comment, reported once. */
async function reportedRating(): Promise<number> {
  const item = await fixture.reservedDonation({ code: '5317' });
  await fixture.call(Rpc.donations.confirmHandover, { actor: item.owner, donationId: item.id, handover: { code: '5317' } });
  const rating = await fixture.call<RatingView>(Rpc.donations.rate, { actor: item.reserver, donationId: item.id, rating: { value: 'down', reason: 'rude', comment: 'Très impoli.' } });
  await fixture.call(Rpc.donations.reportRating, { actor: item.owner, ratingId: rating.id, report: { reason: 'insulting' } });
  return rating.id;
}

/** Runs `work` as the database's superuser: what no service role may do (the tests' own faults). */
async function asSuperuser<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: adminDatabaseUrl() });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

describe('what each moderator action writes', () => {
  it('should log a force-delete with who, why and what the donation was', async () => {
    const moderator = admin();
    const owner = member();
    const donation = await fixture.create(owner, { title: 'Vélo volé ?' });
    await fixture.call(Rpc.donations.forceDelete, { actor: moderator, donationId: donation.id, reason: 'Objet signalé comme volé.' });

    expect(await entriesAbout('donation', donation.id)).toEqual([
      {
        id: expect.any(String),
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
        actorId: moderator.id,
        action: 'donation.force_delete',
        targetType: 'donation',
        targetId: String(donation.id),
        reason: 'Objet signalé comme volé.',
        details: { title: 'Vélo volé ?', ownerId: owner.id, status: 'available' },
      },
    ]);
    // Without a reason (the older callers): null, not an empty text.
    const other = await fixture.create(member());
    await fixture.call(Rpc.donations.forceDelete, { actor: moderator, donationId: other.id });
    expect((await entriesAbout('donation', other.id))[0]).toMatchObject({ reason: null });
  });

  it('should log each dismissal of a donation’s reports and each decision on a rating comment', async () => {
    const moderator = admin();
    const donation = await fixture.create(member());
    await fixture.call(Rpc.donations.report, { actor: member(), donationId: donation.id, report: { reason: 'spam' } });
    await fixture.call(Rpc.donations.dismissReports, { actor: moderator, donationId: donation.id });
    await fixture.call(Rpc.donations.dismissReports, { actor: moderator, donationId: donation.id });
    expect((await entriesAbout('donation', donation.id)).map((e) => [e.action, e.details])).toEqual([
      ['donation.reports.dismiss', { dismissed: 0 }],
      ['donation.reports.dismiss', { dismissed: 1 }],
    ]);

    const kept = await reportedRating();
    await fixture.call(Rpc.donations.dismissRatingReports, { actor: moderator, ratingId: kept });
    const removed = await reportedRating();
    await fixture.call(Rpc.donations.removeRatingComment, { actor: moderator, ratingId: removed });
    expect(await entriesAbout('rating', kept)).toEqual([expect.objectContaining({ action: 'rating.reports.dismiss', actorId: moderator.id, details: { closedReports: 1 } })]);
    const [removal] = await entriesAbout('rating', removed);
    expect(removal).toMatchObject({ action: 'rating.comment.remove', actorId: moderator.id, details: { closedReports: 1 } });
    // The removed words are gone for good: the log that nobody may edit does not keep them.
    expect(JSON.stringify(removal)).not.toContain('Très impoli.');
  });

  it('should write nothing for an action refused or failed', async () => {
    const donation = await fixture.create(member());
    expect(await refusal(fixture.call(Rpc.donations.forceDelete, { actor: member(), donationId: donation.id }))).toMatchObject({ status: 403, code: 'ADMIN_ONLY' });
    expect(await refusal(fixture.call(Rpc.donations.dismissReports, { actor: admin(), donationId: 2_000_000_000 }))).toMatchObject({ status: 404 });
    expect(await refusal(fixture.call(Rpc.donations.removeRatingComment, { actor: admin(), ratingId: 2_000_000_000 }))).toMatchObject({ status: 404 });
    expect(await entriesAbout('donation', donation.id)).toEqual([]);
    expect(await entriesAbout('donation', 2_000_000_000)).toEqual([]);
    expect(await entriesAbout('rating', 2_000_000_000)).toEqual([]);
  });

  it('should undo the action when its entry cannot be written: one transaction', async () => {
    const donation = await fixture.create(member());
    // A fault only this test sets: the log refuses this one donation's entry.
    await asSuperuser(async (db) => {
      await db.query(`CREATE FUNCTION donations.test_refuse_entry() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.target_id = '${donation.id}' THEN RAISE EXCEPTION 'entry refused by the test'; END IF; RETURN NEW; END $$`);
      await db.query(`CREATE TRIGGER test_refuse_entry AFTER INSERT ON donations.moderation_log FOR EACH ROW EXECUTE FUNCTION donations.test_refuse_entry()`);
    });
    try {
      await refusal(fixture.call(Rpc.donations.forceDelete, { actor: admin(), donationId: donation.id, reason: 'Essai' }));
    } finally {
      await asSuperuser((db) => db.query(`DROP TRIGGER test_refuse_entry ON donations.moderation_log; DROP FUNCTION donations.test_refuse_entry()`));
    }
    expect(await fixture.db.query(`SELECT id FROM donations.donations WHERE id = $1`, [donation.id])).toEqual([{ id: donation.id }]);
    const [deletedEvents] = await fixture.db.query(
      `SELECT count(*)::int AS n FROM donations.outbox WHERE envelope->>'type' = 'DonationDeleted' AND (envelope->'payload'->>'donationId')::int = $1`,
      [donation.id],
    );
    expect(deletedEvents.n).toBe(0);
  });
});

describe('the log itself', () => {
  it('should refuse to change, delete or empty an entry, even to the service’s own role', async () => {
    const donation = await fixture.create(member());
    await fixture.call(Rpc.donations.forceDelete, { actor: admin(), donationId: donation.id, reason: 'Doublon' });
    const [entry] = await entriesAbout('donation', donation.id);
    for (const statement of [
      `UPDATE donations.moderation_log SET reason = 'rien' WHERE id = '${entry!.id}'`,
      `DELETE FROM donations.moderation_log WHERE id = '${entry!.id}'`,
      `TRUNCATE donations.moderation_log`,
    ]) {
      await expect(fixture.db.query(statement)).rejects.toThrow(/append-only/);
    }
    expect(await entriesAbout('donation', donation.id)).toEqual([entry]);
  });

  it('should answer moderators only, newest first, filtered, a page after a cursor', async () => {
    const moderator = admin();
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const donation = await fixture.create(member());
      await fixture.call(Rpc.donations.forceDelete, { actor: moderator, donationId: donation.id });
      ids.push(donation.id);
    }
    expect(await refusal(log({}, member()))).toMatchObject({ status: 403, code: 'ADMIN_ONLY' });
    const mine = await log({ actorId: moderator.id });
    expect(mine.map((e) => e.targetId)).toEqual(ids.reverse().map(String));
    expect(await log({ actorId: moderator.id, action: 'donation.reports.dismiss' })).toEqual([]);
    const first = await log({ actorId: moderator.id, limit: 2 });
    const rest = await log({ actorId: moderator.id, limit: 2, before: { at: first[1]!.at, id: first[1]!.id } });
    expect([...first, ...rest]).toEqual(mine);
    expect(await refusal(log({ limit: 500 }))).toMatchObject({ status: 400 });
    expect(await refusal(log({ action: 'DROP TABLE' }))).toMatchObject({ status: 400, message: expect.stringContaining('Action inconnue') });
  });
});
