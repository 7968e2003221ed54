import { MOROCCAN_CITIES, Rpc, SavedSearchRules, type Actor, type SavedSearchView } from '@hdiya/contracts';
import { RpcFailure, waitFor } from '@hdiya/testing';
import { matchSavedSearches } from '../src/saved-searches/saved-search-matches.js';
import { DonationsFixture, member, northOf } from './donations-fixture.js';

// Saved searches on the real donations service: limits and ownership, and matching of new
// donations by distance, category and words (French accents, Arabic letter variants), run by the
// service's own consumer of DonationCreated.

const fixture = new DonationsFixture();
beforeAll(() => fixture.start());
afterAll(() => fixture.stop());

const oujda = MOROCCAN_CITIES.find((city) => city.name === 'Oujda')!;

function save(actor: Actor, search: Record<string, unknown>): Promise<SavedSearchView> {
  return fixture.call<SavedSearchView>(Rpc.donations.createSavedSearch, { actor, search: { query: '', city: 'Oujda', distance: 5, ...search } });
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RpcFailure);
  return (error as RpcFailure).body;
}

/** Which of these members a donation published now alerts, by the SQL the consumer runs. */
async function alerted(donationId: number, among: Actor[]): Promise<string[]> {
  const ids = new Set(among.map((m) => m.id));
  const alerts = await matchSavedSearches(fixture.db.manager, donationId);
  return alerts.flatMap((alert) => alert.matches.map((m) => m.memberId)).filter((id) => ids.has(id)).sort();
}

describe('saving searches', () => {
  it('should save, list, edit and delete a member’s own searches only', async () => {
    const owner = member();
    const saved = await save(owner, { query: ' vélo  enfant ', categoryId: 3, distance: 12 });
    expect(saved).toMatchObject({ query: 'vélo enfant', categoryId: 3, city: 'Oujda', distance: 12 });
    expect(saved.lat).toBeCloseTo(oujda.lat, 4);
    const edited = await fixture.call<SavedSearchView>(Rpc.donations.updateSavedSearch, {
      actor: owner,
      savedSearchId: saved.id,
      search: { query: 'trottinette', city: 'Rabat', distance: 3 },
    });
    expect(edited).toMatchObject({ query: 'trottinette', categoryId: null, city: 'Rabat', distance: 3 });
    const stranger = member();
    expect(await refusal(fixture.call(Rpc.donations.updateSavedSearch, { actor: stranger, savedSearchId: saved.id, search: { city: 'Rabat', distance: 3 } }))).toMatchObject({
      status: 404,
    });
    expect(await refusal(fixture.call(Rpc.donations.deleteSavedSearch, { actor: stranger, savedSearchId: saved.id }))).toMatchObject({ status: 404 });
    expect(await fixture.call(Rpc.donations.savedSearches, { actor: owner })).toEqual([edited]);
    await fixture.call(Rpc.donations.deleteSavedSearch, { actor: owner, savedSearchId: saved.id });
    expect(await fixture.call(Rpc.donations.savedSearches, { actor: owner })).toEqual([]);
  });

  it(`should keep at most ${SavedSearchRules.maxPerMember} per member, even when saves arrive at once`, async () => {
    const owner = member();
    const outcomes = await Promise.allSettled(Array.from({ length: SavedSearchRules.maxPerMember + 3 }, (_, i) => save(owner, { query: `objet${i}` })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(SavedSearchRules.maxPerMember);
    expect(await refusal(save(owner, { query: 'encore' }))).toMatchObject({ status: 409, code: 'SAVED_SEARCH_LIMIT' });
  });

  it('should refuse an unknown city, a radius out of 1–50 km and one-letter words', async () => {
    expect(await refusal(save(member(), { city: 'Atlantis' }))).toMatchObject({ status: 400, field: 'city' });
    expect(await refusal(save(member(), { distance: 80 }))).toMatchObject({ status: 400, field: 'distance' });
    expect(await refusal(save(member(), { query: 'a b' }))).toMatchObject({ status: 400, field: 'query' });
  });
});

describe('matching new donations', () => {
  it('should match by distance around the saved place', async () => {
    const [near, far] = [member(), member()];
    await save(near, { query: 'armoire', distance: 10, ...northOf(oujda, 5) });
    await save(far, { query: 'armoire', distance: 3, ...northOf(oujda, 8) });
    const donation = await fixture.create(member(), { title: 'Armoire en pin', city: 'Oujda' });
    expect(await alerted(donation.id, [near, far])).toEqual([near.id]);
  });

  it('should match by category, or any category when none was chosen', async () => {
    const [books, any, clothes] = [member(), member(), member()];
    await save(books, { query: 'dictionnaire', categoryId: 4 });
    await save(any, { query: 'dictionnaire' });
    await save(clothes, { query: 'dictionnaire', categoryId: 2 });
    const donation = await fixture.create(member(), { title: 'Dictionnaire Larousse', categoryId: 4, city: 'Oujda' });
    expect(await alerted(donation.id, [books, any, clothes])).toEqual([books.id, any.id].sort());
  });

  it('should match words whatever their accents and case, as prefixes, all of them', async () => {
    const [accents, prefix, both, missing] = [member(), member(), member(), member()];
    await save(accents, { query: 'REFRIGERATEUR' });
    await save(prefix, { query: 'réfri' });
    await save(both, { query: 'réfrigérateur blanc' });
    await save(missing, { query: 'réfrigérateur rouge' });
    const donation = await fixture.create(member(), { title: 'Réfrigérateur', description: 'Blanc, 200 litres', city: 'Oujda' });
    expect(await alerted(donation.id, [accents, prefix, both, missing])).toEqual([accents.id, prefix.id, both.id].sort());
  });

  it('should match Arabic words across letter variants (hamza, taa marbuta, alif maqsura)', async () => {
    const [variant, exact] = [member(), member()];
    await save(variant, { query: 'مكتبه' });
    await save(exact, { query: 'أريكة' });
    const donation = await fixture.create(member(), { title: 'مكتبة خشبية', description: 'اريكه و كرسي', city: 'Oujda' });
    expect(await alerted(donation.id, [variant, exact])).toEqual([variant.id, exact.id].sort());
  });

  it('should never alert the owner about their own gift, and alert a member once for two matching searches', async () => {
    const [owner, twice] = [member(), member()];
    await save(owner, { query: 'tabouret' });
    await save(twice, { query: 'tabouret' });
    await save(twice, { query: 'tabouret bois' });
    const donation = await fixture.create(owner, { title: 'Tabouret en bois', city: 'Oujda' });
    expect(await alerted(donation.id, [owner, twice])).toEqual([twice.id]);
  });

  it('should publish the alert from the service’s own consumer of DonationCreated', async () => {
    const watcher = member();
    const search = await save(watcher, { query: 'poussette' });
    const donation = await fixture.create(member(), { title: 'Poussette pliable', city: 'Oujda' });
    const alert = await waitFor(
      async () => {
        const [row] = await fixture.db.query(
          `SELECT envelope->'payload' AS payload FROM donations.outbox
           WHERE envelope->>'type' = 'SavedSearchMatched' AND envelope->'payload'->'matches' @> jsonb_build_array(jsonb_build_object('memberId', $1::text))`,
          [watcher.id],
        );
        return row?.payload ?? false;
      },
      { what: 'the SavedSearchMatched event', timeoutMs: 15_000 },
    );
    expect(alert).toMatchObject({ donationId: donation.id, title: 'Poussette pliable', city: 'Oujda' });
    expect(alert.matches).toContainEqual({ memberId: watcher.id, savedSearchId: search.id });
  });
});
