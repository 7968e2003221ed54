import { randomUUID } from 'node:crypto';
import { DonationRules, Rpc, type DonationPage, type DonationView } from '@hdiya/contracts';
import { RpcFailure } from '@hdiya/testing';
import { DonationsFixture, member, northOf } from './donations-fixture.js';

const fixture = new DonationsFixture();
// A spot of its own in the Atlas, so other tests' donations never fall in these searches.
const here = { lat: 31.2 + Math.random() * 0.5, lng: -6.5 - Math.random() * 0.5 };
const owner = member();

function search(query: Record<string, unknown>): Promise<DonationPage> {
  return fixture.call<DonationPage>(Rpc.donations.search, { lat: here.lat, lng: here.lng, ...query });
}

const ids = (page: DonationPage | DonationView[]) => ('items' in page ? page.items : page).map((d) => d.id);

beforeAll(() => fixture.start());
afterAll(() => fixture.stop());

describe('donation search', () => {
  it('should find a donation 9 km away within 10 km but not within 5 km, with its distance', async () => {
    const at9 = northOf(here, 9);
    const donation = await fixture.create(owner, { title: 'Vélo rouge', latitude: at9.lat, longitude: at9.lng });
    const within10 = await search({ distance: 10 });
    expect(ids(within10)).toContain(donation.id);
    const found = within10.items.find((d) => d.id === donation.id)!;
    expect(found.distance).toBeGreaterThan(8);
    expect(found.distance).toBeLessThan(10);
    expect(ids(await search({ distance: 5 }))).not.toContain(donation.id);
  });

  it('should never give out exact coordinates', async () => {
    const spot = northOf(here, 1.234567);
    const donation = await fixture.create(owner, { latitude: spot.lat, longitude: spot.lng + 0.001234 });
    const found = (await search({ distance: 3 })).items.find((d) => d.id === donation.id)!;
    expect(found.latitude).toBe(Math.round(spot.lat * 100) / 100);
    expect(found.longitude).toBe(Math.round((spot.lng + 0.001234) * 100) / 100);
    expect(JSON.stringify(await fixture.call(Rpc.donations.get, { donationId: donation.id }))).not.toContain(String(spot.lat));
  });

  it('should sort by distance when a position is given', async () => {
    const far = await fixture.create(owner, { latitude: northOf(here, 4).lat, longitude: here.lng });
    const near = await fixture.create(owner, { latitude: northOf(here, 2).lat, longitude: here.lng });
    const order = ids(await search({ distance: 5 }));
    expect(order.indexOf(near.id)).toBeLessThan(order.indexOf(far.id));
  });

  it('should match words regardless of case and accents, in French and Arabic', async () => {
    const tag = `t${randomUUID().slice(0, 6)}`;
    const chair = await fixture.create(owner, { title: `Fauteuil Élégant ${tag}`, latitude: here.lat, longitude: here.lng });
    const table = await fixture.create(owner, { title: `طاولة خشبية ${tag}`, description: 'طاولة في حالة جيدة', latitude: here.lat, longitude: here.lng });
    expect(ids(await search({ query: `fauteuil elegant ${tag}` }))).toEqual([chair.id]);
    expect(ids(await search({ query: `ÉLÉG ${tag}` }))).toEqual([chair.id]);
    expect(ids(await search({ query: `طاوله ${tag}` }))).toEqual([table.id]);
    expect(ids(await search({ query: `خشبيه ${tag}` }))).toEqual([table.id]);
  });

  it('should treat hostile strings as plain text', async () => {
    const tag = `t${randomUUID().slice(0, 6)}`;
    const bait = await fixture.create(owner, { title: `Drop table donations script ${tag}`, latitude: here.lat, longitude: here.lng });
    // Punctuation, operators and wildcards are not syntax: only the words count.
    for (const query of [`'; DROP TABLE donations.donations; ${tag}`, `<script> ${tag}`, `${tag} ((`, `${tag} %_%`, `${tag} \\\\`]) {
      expect({ query, ids: ids(await search({ query })) }).toEqual({ query, ids: [bait.id] });
    }
    expect(ids(await search({ query: `${tag} zz:* !yy:*` }))).toEqual([]);
  });

  it('should refuse one-letter words and more than 6 words (400, field query)', async () => {
    for (const query of ['x', 'table a', 'a:* | !b', 'un deux trois quatre cinq six sept']) {
      const refused = await fixture.call(Rpc.donations.search, { query }).then(() => null, (e: { body?: unknown }) => e.body);
      expect(refused).toMatchObject({ status: 400, field: 'query' });
    }
    expect(await search({ query: 'un deux trois quatre cinq six' })).toEqual({ items: [], nextCursor: null, total: { count: 0, capped: false } });
  });

  it('should page through results without duplicates or gaps while donations are inserted', async () => {
    const spot = { lat: here.lat - 0.3, lng: here.lng + 0.3 };
    const created: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      created.push((await fixture.create(owner, { latitude: northOf(spot, i * 0.3).lat, longitude: spot.lng })).id);
    }
    const seen: number[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await fixture.call<DonationPage>(Rpc.donations.search, { lat: spot.lat, lng: spot.lng, distance: 3, limit: 3, cursor });
      seen.push(...ids(page));
      // Someone publishes right next to the searcher between two pages.
      await fixture.create(owner, { latitude: spot.lat, longitude: spot.lng });
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of created) expect(seen).toContain(id);
  });

  it('should page through donations that share one spot (a city centre) without skipping any', async () => {
    const spot = { lat: here.lat + 0.2, lng: here.lng + 0.2 };
    const created = new Set<number>();
    for (let i = 0; i < 8; i += 1) created.add((await fixture.create(owner, { latitude: spot.lat, longitude: spot.lng })).id);
    // Editing the first ones gives them new index entries: the index now returns the tie out of id order.
    for (const id of [...created].slice(0, 4)) {
      await fixture.call(Rpc.donations.update, { actor: owner, donationId: id, changes: { title: `Modifié ${id}` } });
    }
    const seen: number[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await fixture.call<DonationPage>(Rpc.donations.search, { lat: spot.lat, lng: spot.lng, distance: 1, limit: 3, cursor });
      seen.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(new Set(seen).size);
    expect(seen.filter((id) => created.has(id))).toHaveLength(8);
  });

  it('should walk past a spot left with no available donation to the next one', async () => {
    const spot = { lat: here.lat - 0.2, lng: here.lng - 0.2 };
    const near = await fixture.create(owner, { latitude: spot.lat, longitude: spot.lng });
    const far = await fixture.create(owner, { latitude: northOf(spot, 2).lat, longitude: spot.lng });
    await fixture.call(Rpc.donations.delete, { actor: owner, donationId: near.id });
    const page = await fixture.call<DonationPage>(Rpc.donations.search, { lat: spot.lat, lng: spot.lng, distance: 5, limit: 1 });
    expect(ids(page)).toEqual([far.id]);
    expect(page.nextCursor).toBeNull();
  });

  it('should find a donation where it moved when its city changes, and no longer where it was', async () => {
    const before = { lat: here.lat - 0.4, lng: here.lng + 0.4 };
    const donation = await fixture.create(owner, { latitude: before.lat, longitude: before.lng });
    await fixture.call(Rpc.donations.update, { actor: owner, donationId: donation.id, changes: { city: 'Errachidia' } });
    const errachidia = { lat: 31.9314, lng: -4.4266 };
    const there = await fixture.call<DonationPage>(Rpc.donations.search, { ...errachidia, distance: 2, limit: 48 });
    expect(ids(there)).toContain(donation.id);
    expect(there.items.find((d) => d.id === donation.id)).toMatchObject({ latitude: 31.93, longitude: -4.43 });
    expect(ids(await fixture.call<DonationPage>(Rpc.donations.search, { ...before, distance: 2 }))).not.toContain(donation.id);
  });

  it('should page newest first without a position', async () => {
    const first = await fixture.call<DonationPage>(Rpc.donations.search, { limit: 2 });
    expect(first.items.length).toBeLessThanOrEqual(2);
    if (first.nextCursor) {
      const second = await fixture.call<DonationPage>(Rpc.donations.search, { limit: 2, cursor: first.nextCursor });
      for (const id of ids(second)) expect(ids(first)).not.toContain(id);
    }
  });

  it('should use Casablanca when no position is given', async () => {
    const casablanca = await fixture.create(owner, { city: 'Casablanca' });
    const page = await fixture.call<DonationPage>(Rpc.donations.search, { distance: 1, limit: 48 });
    expect(ids(page)).toContain(casablanca.id);
    expect(page.items[0]).not.toHaveProperty('distance');
  });

  it('should filter by category and status, and refuse unknown ones', async () => {
    const book = await fixture.create(owner, { categoryId: 4, latitude: here.lat, longitude: here.lng });
    expect(ids(await search({ category: '4', distance: 1 }))).toContain(book.id);
    expect(ids(await search({ category: '2', distance: 1 }))).not.toContain(book.id);
    expect(ids(await search({ status: 'en_attente', distance: 1 }))).toContain(book.id);
    expect(ids(await search({ status: 'reserved', distance: 1 }))).not.toContain(book.id);
    const unknown = await search({ category: '999' }).catch((e: RpcFailure) => e.body);
    expect(unknown).toMatchObject({ status: 400, code: 'CATEGORY_NOT_FOUND', field: 'category' });
    const badStatus = await search({ status: 'perdu' }).catch((e: RpcFailure) => e.body);
    expect(badStatus).toMatchObject({ status: 400, field: 'status' });
  });

  it('should list up to 8 nearby donations, nearest first', async () => {
    const spot = { lat: here.lat + 0.4, lng: here.lng - 0.4 };
    for (let i = 0; i < 9; i += 1) await fixture.create(owner, { latitude: northOf(spot, i * 0.1).lat, longitude: spot.lng });
    const nearby = await fixture.call<DonationView[]>(Rpc.donations.nearby, { lat: spot.lat, lng: spot.lng, distance: 2 });
    expect(nearby).toHaveLength(8);
    const distances = nearby.map((d) => d.distance!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });

  it('should list the newest available donations anywhere, without a position or a radius', async () => {
    const newest = await fixture.create(owner, { latitude: here.lat, longitude: here.lng });
    const recent = await fixture.call<DonationView[]>(Rpc.donations.recent, {});
    expect(recent.length).toBeLessThanOrEqual(8);
    expect(ids(recent)).toContain(newest.id);
    const times = recent.map((d) => d.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(recent.every((d) => d.distance === undefined)).toBe(true);
  });
  it('should count what a search finds on its first page only, the same rows in each way of searching', async () => {
    const tag = `t${randomUUID().slice(0, 6)}`;
    const spot = { lat: here.lat + 0.3, lng: here.lng - 0.2 }; // a place of its own (the other tests' are ±0.2 to ±0.4)
    for (let i = 0; i < 3; i += 1) await fixture.create(owner, { title: `Armoire ${tag}`, latitude: northOf(spot, i * 0.5).lat, longitude: spot.lng });
    const byPosition = await fixture.call<DonationPage>(Rpc.donations.search, { lat: spot.lat, lng: spot.lng, distance: 2, limit: 2 });
    expect(byPosition.total).toEqual({ count: 3, capped: false });
    const byWords = await fixture.call<DonationPage>(Rpc.donations.search, { lat: spot.lat, lng: spot.lng, distance: 2, query: tag, limit: 1 });
    expect(byWords.total).toEqual({ count: 3, capped: false });
    const next = await fixture.call<DonationPage>(Rpc.donations.search, { lat: spot.lat, lng: spot.lng, distance: 2, limit: 2, cursor: byPosition.nextCursor });
    expect(ids(next)).toHaveLength(1);
    expect(next.total).toBeUndefined();
    expect((await fixture.call<DonationPage>(Rpc.donations.search, { query: tag })).total).toEqual({ count: 0, capped: false });
  });

  it('should count exactly up to the cap, then say there are more, with or without words', async () => {
    const cap = DonationRules.searchCountCap;
    const tag = `t${randomUUID().slice(0, 6)}`;
    const spot = { lat: here.lat - 0.35, lng: here.lng + 0.25 }; // a place of its own, like the test above's
    const at = (i: number) => ({ title: `Étagère ${tag}`, latitude: northOf(spot, (i % 10) * 0.1).lat, longitude: spot.lng });
    for (let i = 0; i < cap; i += 1) await fixture.create(owner, at(i));
    const exactly = await fixture.call<DonationPage>(Rpc.donations.search, { lat: spot.lat, lng: spot.lng, distance: 2, query: tag });
    expect(exactly.total).toEqual({ count: cap, capped: false });
    await fixture.create(owner, at(cap));
    const byPosition = await fixture.call<DonationPage>(Rpc.donations.search, { lat: spot.lat, lng: spot.lng, distance: 2 });
    expect(byPosition.total).toEqual({ count: cap, capped: true });
    const byWords = await fixture.call<DonationPage>(Rpc.donations.search, { lat: spot.lat, lng: spot.lng, distance: 2, query: tag });
    expect(byWords.total).toEqual({ count: cap, capped: true });
  });
});
