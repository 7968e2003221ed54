import { Rpc, type DonationPage } from '@hdiya/contracts';
import { RpcFailure } from '@hdiya/testing';
import { SearchReindexService } from '../src/donations/search-reindex.service.js';
import { DonationsFixture, member } from './donations-fixture.js';

// Search across French, Arabic and Darija on the real database (decision 0043): the same chairs
// found by "chaise", "كرسي" and "kursi"; Arabic words without their article, and by their
// skeleton ("كتاب" finds "كتب"); Arabizi with its digits; typos in Latin letters through the
// trigram vocabulary; older donations re-indexed by the job; digits alone refused.

const fixture = new DonationsFixture();
// A spot of its own in the south, so other tests' donations never fall in these searches.
const here = { lat: 27.1 + Math.random() * 0.3, lng: -13.1 - Math.random() * 0.3 };
const owner = member();
const titles = {
  chairFr: 'Chaise en bois',
  chairAr: 'كرسي خشبي',
  chairDarija: 'Kursi dial lkhchab',
  fridgeAr: 'ثلاجة صغيرة',
  fridgeFr: 'Frigo Samsung',
  books: 'كتب مدرسية',
  socks: 'تقاشر ديال الدراري',
  shoes: 'Chaussures de sport',
  pram: 'Poussette canne',
} as const;
const ids: Record<keyof typeof titles, number> = {} as never;

const search = (query: string) => fixture.call<DonationPage>(Rpc.donations.search, { lat: here.lat, lng: here.lng, distance: 2, query });
const found = async (query: string) => (await search(query)).items.map((d) => d.id).sort((a, b) => a - b);
const of = (...names: (keyof typeof titles)[]) => names.map((name) => ids[name]).sort((a, b) => a - b);

beforeAll(async () => {
  await fixture.start();
  for (const [name, title] of Object.entries(titles)) {
    ids[name as keyof typeof titles] = (await fixture.create(owner, { title, description: '—', latitude: here.lat, longitude: here.lng })).id;
  }
});
afterAll(async () => {
  await fixture.db.query(`DELETE FROM donations.donations WHERE id = ANY($1)`, [Object.values(ids)]);
  await fixture.stop();
});

it('should find the same chairs in French, Arabic, Darija and Arabizi', async () => {
  for (const query of ['chaise', 'كرسي', 'kursi', 'الكرسي', 'koursi']) expect({ query, found: await found(query) }).toEqual({ query, found: of('chairFr', 'chairAr', 'chairDarija') });
});

it('should match Arabic words by stem and skeleton, and Arabizi by its digits', async () => {
  expect(await found('كتاب')).toEqual(of('books'));
  expect(await found('الثلاجة')).toEqual(of('fridgeAr', 'fridgeFr'));
  expect(await found('tlaja')).toEqual(of('fridgeAr', 'fridgeFr'));
  expect(await found('t9ach')).toEqual(of('socks'));
  expect(await found('sbat')).toEqual(of('shoes'));
});

it('should forgive a typo in Latin letters without matching a neighbouring word', async () => {
  expect(await found('frgo')).toEqual(of('fridgeAr', 'fridgeFr'));
  expect(await found('pousette')).toEqual(of('pram'));
  expect(await found('chauss')).toEqual(of('shoes'));
});

it('should re-index donations indexed by an older version', async () => {
  await fixture.db.query(`UPDATE donations.donations SET search_text = 'ancien', search_version = 0 WHERE id = $1`, [ids.chairDarija]);
  expect(await found('كرسي')).toEqual(of('chairFr', 'chairAr'));
  await fixture.app.get(SearchReindexService).reindexStale();
  expect(await found('كرسي')).toEqual(of('chairFr', 'chairAr', 'chairDarija'));
});

it('should find a donation at a spot that learnt its words from a new search text or a move', async () => {
  // A spot of its own, 2 km north: the walk reads a spot's donations only when its words match.
  const north = { lat: here.lat + 0.02, lng: here.lng };
  const east = { lat: here.lat, lng: here.lng + 0.02 };
  const at = (place: typeof here, query: string) =>
    fixture.call<DonationPage>(Rpc.donations.search, { ...place, distance: 1, query }).then((page) => page.items.map((d) => d.id));
  const lamp = (await fixture.create(owner, { title: 'Lampe de bureau', description: '—', latitude: north.lat, longitude: north.lng })).id;
  try {
    expect(await at(north, 'ventilateur')).toEqual([]);
    await fixture.db.query(`UPDATE donations.donations SET search_text = 'ventilateur' WHERE id = $1`, [lamp]);
    expect(await at(north, 'ventilateur')).toEqual([lamp]);
    // Moved to a spot that never held a donation: the spot is recorded with the donation's words.
    await fixture.db.query(`UPDATE donations.donations SET latitude = $2, longitude = $3 WHERE id = $1`, [lamp, east.lat, east.lng]);
    expect(await at(east, 'ventilateur')).toEqual([lamp]);
    expect(await at(north, 'ventilateur')).toEqual([]);
  } finally {
    await fixture.db.query(`DELETE FROM donations.donations WHERE id = $1`, [lamp]);
  }
});

it('should find a word held only in the next cell, at the row or column nearest to the searcher', async () => {
  // The walk with words descends only the rectangle around the cells holding them (0.1°): a
  // donation at the very edge of its cell, on each side, must still be found. A cell of its own,
  // in the south, away from the other tests' spots.
  const cell = { lat: 26 + Math.floor(Math.random() * 8) / 10, lng: -12 - Math.floor(Math.random() * 8) / 10 };
  const searcher = { lat: cell.lat + 0.05, lng: cell.lng + 0.05 };
  const word = () => `zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  const sides = {
    north: { lat: cell.lat + 0.1, lng: searcher.lng },
    south: { lat: cell.lat - 0.01, lng: searcher.lng },
    east: { lat: searcher.lat, lng: cell.lng + 0.1 },
    west: { lat: searcher.lat, lng: cell.lng - 0.01 },
  };
  const shared = word();
  const placed: { id: number; word: string }[] = [];
  try {
    for (const place of Object.values(sides)) {
      const own = word();
      placed.push({ id: (await fixture.create(owner, { title: `${own} ${shared}`, description: '—', latitude: place.lat, longitude: place.lng })).id, word: own });
    }
    const near = (query: string) => fixture.call<DonationPage>(Rpc.donations.search, { ...searcher, distance: 10, query }).then((page) => page.items.map((d) => d.id));
    for (const { id, word: own } of placed) expect({ own, found: await near(own) }).toEqual({ own, found: [id] });
    expect((await near(shared)).sort((a, b) => a - b)).toEqual(placed.map((p) => p.id).sort((a, b) => a - b));
    // Once the searcher's own cell holds the word, the other cells are not tested: still found.
    placed.push({ id: (await fixture.create(owner, { title: shared, description: '—', latitude: searcher.lat, longitude: searcher.lng })).id, word: shared });
    expect((await near(shared)).sort((a, b) => a - b)).toEqual(placed.map((p) => p.id).sort((a, b) => a - b));
  } finally {
    await fixture.db.query(`DELETE FROM donations.donations WHERE id = ANY($1)`, [placed.map((p) => p.id)]);
  }
});

it('should keep finding the donations of a spot whose descriptions brought more than 500 words', async () => {
  // Past 500 words a spot keeps none and holds every word (SpotWordsCap): a word that arrives
  // afterwards, which the spot never learns, is still found.
  const place = { lat: 29.1 + Math.random() * 0.3, lng: -10.1 - Math.random() * 0.3 };
  const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  const longDescription = () => Array.from({ length: 200 }, () => letters(8)).join(' ');
  const ids: number[] = [];
  try {
    for (let i = 0; i < 3; i += 1) ids.push((await fixture.create(owner, { title: `Lot ${letters(6)}`, description: longDescription(), latitude: place.lat, longitude: place.lng })).id);
    const [spot] = await fixture.db.query(
      `SELECT s.holds_every_word, length(s.words) AS words FROM donations.spots s JOIN donations.donations d ON d.spot = s.spot WHERE d.id = $1`,
      [ids[0]],
    );
    expect(spot).toEqual({ holds_every_word: true, words: 0 });
    const late = `zq${letters(8)}`;
    ids.push((await fixture.create(owner, { title: late, description: '—', latitude: place.lat, longitude: place.lng })).id);
    const page = await fixture.call<DonationPage>(Rpc.donations.search, { ...place, distance: 1, query: late });
    expect(page.items.map((d) => d.id)).toEqual([ids[3]]);
  } finally {
    await fixture.db.query(`DELETE FROM donations.donations WHERE id = ANY($1)`, [ids]);
  }
});

it('should refuse a query of digits or symbols alone, in French', async () => {
  for (const query of ['777', '2024 99', '!!! ??']) {
    const error = await search(query).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(RpcFailure);
    expect((error as RpcFailure).body).toMatchObject({ status: 400, message: 'Votre recherche doit contenir au moins une lettre : des chiffres ou des symboles seuls ne trouvent rien.' });
  }
});
