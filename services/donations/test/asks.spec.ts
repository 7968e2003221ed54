import { randomBytes } from 'node:crypto';
import { AskRules, Rpc, type Actor, type AskPage, type AskView, type DonationAskMatchesView } from '@hdiya/contracts';
import { RpcFailure, waitFor } from '@hdiya/testing';
import { matchAsks } from '../src/asks/ask-matches.js';
import { DonationsFixture, member, northOf } from './donations-fixture.js';

// Asks, "Je cherche", on the real donations service: publishing within the limits, the public
// list that never shows a discreet ask, matching new donations like saved searches (Darija words
// included), the donor's unnamed view and offer, answering a public ask, expiry and renewal.

const fixture = new DonationsFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());

const essaouira = { lat: 31.5085, lng: -9.7595 };

/** A word of letters no other test (nor an earlier run on this database) uses. */
/**
 * A word no other test's ask holds, even by its consonant skeleton (which search matches too): ten
 * consonants of thirteen distinct skeleton letters, none that forms a digraph ("ch", "kh"). Letters
 * a to f of a UUID left a skeleton of a few b, c, d, f, and two asks of one run shared it about
 * once in a hundred runs.
 */
const uniqueWord = () => `zx${[...randomBytes(10)].map((byte) => 'bdfjklmnqrstz'[byte % 13]).join('')}`;

function post(actor: Actor, ask: Record<string, unknown>): Promise<AskView> {
  return fixture.call<AskView>(Rpc.donations.postAsk, { actor, ask: { city: 'Essaouira', distance: 10, visibility: 'discreet', ...ask } });
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

/** Whom the service's own consumer of DonationCreated told about a donation, among these members. */
async function matched(donationId: number, among: Actor[]): Promise<string[]> {
  const ids = new Set(among.map((m) => m.id));
  const events = await waitFor(
    async () => {
      const found = await fixture.db.query(`SELECT envelope->'payload' AS payload FROM donations.outbox WHERE envelope->>'type' = 'AskMatched' AND (envelope->'payload'->>'donationId')::int = $1`, [donationId]);
      return found.length > 0 ? (found as { payload: { matches: { memberId: string }[] } }[]) : false;
    },
    { what: 'the AskMatched event', timeoutMs: 15_000 },
  );
  return events.flatMap((event) => event.payload.matches.map((m) => m.memberId)).filter((id) => ids.has(id)).sort();
}

async function outboxOf(type: string, memberId: string): Promise<Record<string, unknown>[]> {
  const found = await fixture.db.query(
    `SELECT envelope->'payload' AS payload FROM donations.outbox WHERE envelope->>'type' = $1 AND (envelope->'payload')::text LIKE '%' || $2 || '%'`,
    [type, memberId],
  );
  return found.map((row: { payload: Record<string, unknown> }) => row.payload);
}

describe('publishing asks', () => {
  it('should publish, list for its asker, renew and close an ask; strangers never see a discreet one', async () => {
    const asker = member();
    const ask = await post(asker, { title: '  poussette   bébé ', categoryId: 3, distance: 12 });
    expect(ask).toMatchObject({ title: 'poussette bébé', categoryId: 3, city: 'Essaouira', distance: 12, visibility: 'discreet', state: 'open', mine: true, member: null });
    const days = (Date.parse(ask.expiresAt) - Date.parse(ask.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(AskRules.lifetimeDays, 3);
    expect(await refusal(fixture.call(Rpc.donations.getAsk, { actor: member(), askId: ask.id }))).toMatchObject({ status: 404, code: 'ASK_NOT_FOUND' });
    expect(await refusal(fixture.call(Rpc.donations.getAsk, { actor: null, askId: ask.id }))).toMatchObject({ status: 404 });
    expect(await refusal(fixture.call(Rpc.donations.closeAsk, { actor: member(), askId: ask.id }))).toMatchObject({ status: 404 });

    await fixture.db.query(`UPDATE donations.asks SET expires_at = now() - interval '1 minute' WHERE id = $1`, [ask.id]);
    expect(await fixture.call(Rpc.donations.getAsk, { actor: asker, askId: ask.id })).toMatchObject({ state: 'expired' });
    const renewed = await fixture.call<AskView>(Rpc.donations.renewAsk, { actor: asker, askId: ask.id });
    expect(renewed.state).toBe('open');
    expect(Date.parse(renewed.expiresAt) - Date.now()).toBeGreaterThan((AskRules.lifetimeDays - 1) * 86_400_000);

    const closed = await fixture.call<AskView>(Rpc.donations.closeAsk, { actor: asker, askId: ask.id });
    expect(closed.state).toBe('closed');
    expect(await refusal(fixture.call(Rpc.donations.renewAsk, { actor: asker, askId: ask.id }))).toMatchObject({ status: 409, code: 'ASK_NOT_OPEN' });
    expect((await fixture.call<AskView[]>(Rpc.donations.myAsks, { actor: asker })).map((a) => [a.id, a.state])).toEqual([[ask.id, 'closed']]);
  });

  it(`should keep at most ${AskRules.maxOpenPerMember} open asks per member, even when they arrive at once`, async () => {
    const asker = member();
    const outcomes = await Promise.allSettled(Array.from({ length: AskRules.maxOpenPerMember + 3 }, () => post(asker, { title: uniqueWord() })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(AskRules.maxOpenPerMember);
    expect(await refusal(post(asker, { title: uniqueWord() }))).toMatchObject({ status: 409, code: 'ASK_LIMIT' });
    const [first] = await fixture.call<AskView[]>(Rpc.donations.myAsks, { actor: asker });
    await fixture.call(Rpc.donations.closeAsk, { actor: asker, askId: first!.id });
    expect(await post(asker, { title: uniqueWord() })).toMatchObject({ state: 'open' });
  });

  it('should refuse a radius over 50 km, an unknown city, markup and digits alone, storing nothing', async () => {
    const asker = member();
    expect(await refusal(post(asker, { title: 'vélo', distance: 80 }))).toMatchObject({ status: 400, field: 'distance', message: expect.stringContaining('50 km') });
    expect(await refusal(post(asker, { title: 'vélo', city: 'Atlantis' }))).toMatchObject({ status: 400, field: 'city' });
    expect(await refusal(post(asker, { title: '<b>vélo</b>' }))).toMatchObject({ status: 400, field: 'title' });
    expect(await refusal(post(asker, { title: '777 999' }))).toMatchObject({ status: 400, field: 'title' });
    expect(await refusal(post(asker, { title: 'Je cherche un' }))).toMatchObject({ status: 400, field: 'title', message: expect.stringContaining('poussette') });
    expect(await refusal(post(asker, { title: 'vélo', categoryId: 999_999 }))).toMatchObject({ status: 400, field: 'categoryId' });
    expect(await fixture.call(Rpc.donations.myAsks, { actor: asker })).toEqual([]);
  });

  it('should list open public asks near a place, newest first, page by page, never a discreet one', async () => {
    const viewer = member();
    const where = northOf(essaouira, 0.5);
    const posted: AskView[] = [];
    for (let i = 0; i < AskRules.pageSize + 2; i += 1) posted.push(await post(member(), { title: `lampe${i}`, visibility: 'public', ...where }));
    const hidden = await post(member(), { title: 'lampe discrète', ...where });
    const ended = await post(member(), { title: 'lampe finie', visibility: 'public', ...where });
    await fixture.call(Rpc.donations.closeAsk, { actor: { id: (await fixture.db.query(`SELECT member_id FROM donations.asks WHERE id = $1`, [ended.id]))[0].member_id, role: 'member' }, askId: ended.id });
    const first = await fixture.call<AskPage>(Rpc.donations.asks, { actor: viewer, query: { ...essaouira, distance: 5 } });
    expect(first.asks).toHaveLength(AskRules.pageSize);
    expect(first.nextCursor).not.toBeNull();
    const second = await fixture.call<AskPage>(Rpc.donations.asks, { actor: null, query: { ...essaouira, distance: 5, cursor: first.nextCursor } });
    const seen = [...first.asks, ...second.asks].map((a) => a.id);
    expect(seen.slice(0, AskRules.pageSize + 2)).toEqual(posted.map((a) => a.id).reverse());
    expect(seen).not.toContain(hidden.id);
    expect(seen).not.toContain(ended.id);
    expect(first.asks[0]).toMatchObject({ visibility: 'public', mine: false, offers: 0, member: { displayName: expect.any(String) } });
    const far = await fixture.call<AskPage>(Rpc.donations.asks, { actor: viewer, query: { lat: 34.02, lng: -6.83, distance: 5 } });
    expect(far.asks.map((a) => a.id)).not.toContain(posted[0]!.id);
    expect(await refusal(fixture.call(Rpc.donations.asks, { actor: null, query: { cursor: 'nope' } }))).toMatchObject({ status: 400 });
  });
});

describe('matching new donations with asks', () => {
  it('should match like a saved search: words (Darija and Arabizi too), category, radius, open asks only', async () => {
    const [kursi, arabic, wrongCategory, far, closed, expired, owner] = [member(), member(), member(), member(), member(), member(), member()];
    await post(kursi, { title: 'kursi', ...northOf(essaouira, 1) });
    await post(arabic, { title: 'الكرسي', categoryId: 1 });
    await post(wrongCategory, { title: 'chaise', categoryId: 2 });
    await post(far, { title: 'chaise', distance: 2, ...northOf(essaouira, 30) });
    const closing = await post(closed, { title: 'chaise' });
    await fixture.call(Rpc.donations.closeAsk, { actor: closed, askId: closing.id });
    const expiring = await post(expired, { title: 'chaise' });
    await fixture.db.query(`UPDATE donations.asks SET expires_at = now() - interval '1 second' WHERE id = $1`, [expiring.id]);
    await post(owner, { title: 'chaise' });
    const donation = await fixture.create(owner, { title: 'Chaise en bois', categoryId: 1, city: 'Essaouira' });
    expect(await matched(donation.id, [kursi, arabic, wrongCategory, far, closed, expired, owner])).toEqual([kursi.id, arabic.id].sort());
    // Matched once: the consumer's redelivery (or a second run) tells nobody twice.
    expect(await matchAsks(fixture.db.manager, donation.id)).toEqual([]);
  });

  it('should show the owner who asked, unnamed, and offer the item once; the asker is told by an event', async () => {
    const [asker, owner, stranger] = [member(), member(), member()];
    const word = uniqueWord();
    const ask = await post(asker, { title: `trottinette ${word}` });
    const donation = await fixture.create(owner, { title: `Trottinette ${word}`, city: 'Essaouira' });
    const view = await waitFor(
      async () => {
        const found = await fixture.call<DonationAskMatchesView>(Rpc.donations.askMatches, { actor: owner, donationId: donation.id });
        return found.matches.length > 0 ? found : false;
      },
      { what: 'the match made by the alerts consumer', timeoutMs: 15_000 },
    );
    expect(view.matches).toEqual([{ id: expect.any(String), how: 'matched', offered: false }]);
    expect(JSON.stringify(view)).not.toContain(asker.id);
    expect(await outboxOf('AskMatched', asker.id)).toEqual([
      expect.objectContaining({ donationId: donation.id, matches: [{ memberId: asker.id, askId: ask.id, matchId: view.matches[0]!.id }] }),
    ]);
    expect(await refusal(fixture.call(Rpc.donations.askMatches, { actor: stranger, donationId: donation.id }))).toMatchObject({ status: 403 });
    expect(await refusal(fixture.call(Rpc.donations.offerToAsk, { actor: stranger, donationId: donation.id, matchId: view.matches[0]!.id }))).toMatchObject({ status: 403 });

    const offered = await fixture.call<DonationAskMatchesView>(Rpc.donations.offerToAsk, { actor: owner, donationId: donation.id, matchId: view.matches[0]!.id });
    expect(offered.matches[0]).toMatchObject({ offered: true });
    await fixture.call(Rpc.donations.offerToAsk, { actor: owner, donationId: donation.id, matchId: view.matches[0]!.id });
    expect(await outboxOf('AskOffered', asker.id)).toEqual([{ donationId: donation.id, title: `Trottinette ${word}`, askId: ask.id, askTitle: `trottinette ${word}`, memberId: asker.id, how: 'matched' }]);
    expect((await fixture.call<AskView>(Rpc.donations.getAsk, { actor: asker, askId: ask.id })).offers).toBe(1);
  });

  it('should let a donor answer a public ask with their own available donation, once', async () => {
    const [asker, donor, other] = [member(), member(), member()];
    const word = uniqueWord();
    const ask = await post(asker, { title: `machine à coudre ${word}`, visibility: 'public' });
    const discreet = await post(asker, { title: 'fer à repasser' });
    const donation = await fixture.create(donor, { title: `Vieille Singer ${uniqueWord()}`, city: 'Essaouira' });
    const answer = (actor: Actor, askId: string, donationId = donation.id) => fixture.call<AskView>(Rpc.donations.answerAsk, { actor, askId, answer: { donationId } });
    expect(await refusal(answer(other, ask.id))).toMatchObject({ status: 403, field: 'donationId' });
    expect(await refusal(answer(asker, ask.id))).toMatchObject({ status: 403, code: 'ASK_OWN' });
    expect(await refusal(answer(donor, discreet.id))).toMatchObject({ status: 404 });
    expect(await answer(donor, ask.id)).toMatchObject({ id: ask.id, mine: false, offers: 0 });
    expect(await refusal(answer(donor, ask.id))).toMatchObject({ status: 409, code: 'ASK_ALREADY_ANSWERED' });
    expect(await outboxOf('AskOffered', asker.id)).toEqual([expect.objectContaining({ donationId: donation.id, askId: ask.id, how: 'answered' })]);
    expect(await fixture.call(Rpc.donations.askMatches, { actor: donor, donationId: donation.id })).toMatchObject({ matches: [{ how: 'answered', offered: true }] });
    await fixture.call(Rpc.donations.closeAsk, { actor: asker, askId: ask.id });
    const later = await fixture.create(donor, { title: 'Autre machine', city: 'Essaouira' });
    expect(await refusal(answer(donor, ask.id, later.id))).toMatchObject({ status: 409, code: 'ASK_NOT_OPEN' });
  });
});
