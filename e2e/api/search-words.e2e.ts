import type { DonationView } from '@hdiya/contracts';
import { ApiClient, signedUpMember } from '../support/api-client.js';
import { dataUrl, jpegWithGps } from '../support/images.js';

// Search words as members type them (issue 46), through the gateway on the real stack: a word
// must not find another that merely shares its ending ("portable", "Table basse") or a word of
// a lexicon phrase ("poussette", "للأطفال"); a typo and Darija in Latin letters find the item
// ("frgo", "kuzina"), and so does one in Arabic letters ("ثلاحة"); a search that finds nothing
// suggests the words that would.

// A place of its own (the desert near Tan-Tan), so nothing else falls in these searches.
const here = { lat: 28.3 + Math.random() * 0.2, lng: -11.0 - Math.random() * 0.2 };
const items = {
  table: ['Table basse', 'Table basse en bois clair, 90 x 50 cm.', 1],
  phone: ['Téléphone Android', 'Écran fissuré dans un coin, fonctionne bien.', 6],
  comicsFr: ['Bandes dessinées', 'Lot de BD pour enfants.', 4],
  comicsAr: ['قصص مصورة', 'مجموعة قصص مصورة للأطفال.', 4],
  pramFr: ['Poussette pliable', 'Légère, roues en bon état.', 7],
  pramAr: ['عربة أطفال', 'خفيفة وقابلة للطي.', 7],
  chairAr: ['كرسي خشبي متين', 'كرسي في حالة جيدة مع بعض الخدوش.', 1],
  fridgeFr: ['Réfrigérateur', 'Petit modèle, propre.', 6],
  fridgeAr: ['ثلاجة صغيرة', 'تعمل جيدا.', 6],
  kitchenFr: ['Ustensiles de cuisine', 'Casseroles, poêle et tajine en terre.', 8],
  kitchenAr: ['أواني المطبخ', 'قدور ومقلاة وطاجين.', 8],
} as const;
const ids = {} as Record<keyof typeof items, number>;

const search = (query: string) => new ApiClient().call('GET /api/donations', { query: { query, lat: here.lat, lng: here.lng, distance: 5 } });
async function found(query: string): Promise<(keyof typeof items)[]> {
  const answer = await search(query);
  expect(answer.status).toBe(200);
  const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
  return (answer.body as DonationView[]).map((d) => names[d.id] as keyof typeof items).sort();
}

beforeAll(async () => {
  const { client } = await signedUpMember();
  const photo = dataUrl(await jpegWithGps(320, 240));
  for (const [name, [title, description, categoryId]] of Object.entries(items)) {
    const res = await client.call('POST /api/donations', {
      body: { title, description, categoryId, city: 'Tan-Tan', latitude: here.lat, longitude: here.lng, imageUrl: photo },
    });
    if (res.status !== 201) throw new Error(`publish failed: ${res.status} ${JSON.stringify(res.body)}`);
    ids[name as keyof typeof items] = res.body.id;
  }
});

describe('search words (issue 46)', () => {
  it('should find the phone, not the coffee table, for "portable"', async () => {
    expect(await found('portable')).toEqual(['phone']);
  });

  it('should find the prams, and neither comics for children nor chairs, for "poussette" and "كروسة"', async () => {
    expect(await found('poussette')).toEqual(['pramAr', 'pramFr']);
    expect(await found('كروسة')).toEqual(['pramAr', 'pramFr']);
    expect(await found('قصص')).toEqual(['comicsAr']);
  });

  it('should forgive "frgo" and read the Darija "kuzina", in French and Arabic titles alike', async () => {
    expect(await found('frgo')).toEqual(['fridgeAr', 'fridgeFr']);
    expect(await found('kuzina')).toEqual(['kitchenAr', 'kitchenFr']);
    expect(await found('cuisine')).toEqual(['kitchenAr', 'kitchenFr']);
  });

  it('should forgive a typo in Arabic letters, and not a word that names something else (decision 0078)', async () => {
    expect(await found('ثلاحة')).toEqual(['fridgeAr', 'fridgeFr']); // ح beside ج on the keyboard
    expect(await found('الثلجاة')).toEqual(['fridgeAr', 'fridgeFr']); // two letters swapped, the article
    expect(await found('كرسب')).toEqual(['chairAr']); // ب beside ي
    expect(await found('ثلاثة')).toEqual([]); // three, not a fridge
  });

  it('should suggest, in Arabic letters, the word a swap of two letters hides', async () => {
    const none = await search('كسري');
    expect(none.body).toEqual([]);
    expect(decodeURIComponent(none.headers.get('x-search-suggestion') ?? '')).toBe('كرسي');
    expect(await found('كرسي')).toEqual(['chairAr']);
  });

  it('should suggest, when nothing is found, words that find something here, and nothing when none would', async () => {
    // Too far from "réfrigérateur" to be a typo of it (three edits), near enough to suggest it.
    const none = await search('refrigerer');
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');
    expect(decodeURIComponent(none.headers.get('x-search-suggestion') ?? '')).toBe('refrigerateur');
    expect(await found('refrigerateur')).toEqual(['fridgeAr', 'fridgeFr']);
    // A word found nowhere near anything: no suggestion to follow.
    const nothing = await search('zzzqqq');
    expect(nothing.body).toEqual([]);
    expect(nothing.headers.get('x-search-suggestion')).toBeNull();
    // A search that finds something never carries one.
    expect((await search('table')).headers.get('x-search-suggestion')).toBeNull();
  });
});
