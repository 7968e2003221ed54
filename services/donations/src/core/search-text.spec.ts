import { arabicBase, arabicStem, conceptOf, keyWords, normalizeForSearch, searchDocument, searchQuery, skeletonOf, spotQueryOf } from './search-text.js';

describe(normalizeForSearch.name, () => {
  it('should drop French accents and case', () => {
    expect(normalizeForSearch('Chaise ÉLÉGANTE à Fès')).toBe('chaise elegante a fes');
  });

  it('should fold Arabic short vowels and letter variants', () => {
    expect(normalizeForSearch('كُرْسِيّ')).toBe('كرسي');
    expect(normalizeForSearch('طاولة إضافية')).toBe(normalizeForSearch('طاوله اضافيه'));
  });

  it('should keep Arabizi digits inside words', () => {
    expect(normalizeForSearch('T9acher, 7wayj!')).toBe('t9acher 7wayj');
  });
});

describe('Arabic and Darija forms', () => {
  it('should stem the article, clitics and endings', () => {
    expect(arabicStem('الكرسي')).toBe('كرسي');
    expect(arabicStem('وال' + 'كتب')).toBe('كتب');
    expect(arabicStem(normalizeForSearch('الثلاجة'))).toBe('ثلاج');
    expect(arabicStem('للبيع')).toBe('بيع');
  });

  it('should take the article and a leading conjunction off a base, and keep its ending', () => {
    expect(arabicBase(normalizeForSearch('والطاولة'))).toBe('طاوله');
    expect(arabicBase('للبيع')).toBe('بيع');
    expect(arabicBase('كرسي')).toBe('كرسي');
  });

  it('should give Arabic script and Arabizi one consonant skeleton', () => {
    expect(skeletonOf('كتاب')).toBe(skeletonOf('كتب'));
    expect(skeletonOf(normalizeForSearch('ثلاجة'))).toBe(skeletonOf('tlaja'));
    expect(skeletonOf('t9acher')).toBe(skeletonOf('تقاشر'));
    expect(skeletonOf('kursi')).toBe(skeletonOf('كرسي'));
    expect(skeletonOf('sac')).toBeNull();
    expect(skeletonOf('2024')).toBeNull();
  });

  it('should know a concept under each of its spellings', () => {
    for (const word of ['chaise', 'كرسي', 'kursi', 'الكرسي']) expect(conceptOf(word)).toBe('chaise');
    expect(conceptOf('باب')).toBeNull();
  });
});

/**
 * Whether a title is found by a query, the way Postgres matches the tsquery against the document
 * ('simple' words, `:*` a prefix); the integration test runs a part of this table on the database.
 */
function finds(query: string, title: string): boolean {
  const document = searchDocument(title, '', '').split(' ');
  const tsquery = searchQuery(query);
  if (!tsquery) return false;
  return tsquery.split(' & ').every((group) =>
    group
      .replace(/^\(|\)$/g, '')
      .split(' | ')
      .some((form) => (form.endsWith(':*') ? document.some((token) => token.startsWith(form.slice(0, -2))) : document.includes(form))),
  );
}

const TITLES = {
  chairWood: 'Chaise en bois',
  chairAr: 'كرسي خشبي',
  chairDarija: 'Kursi dial lkhchab',
  fridgeAr: 'ثلاجة صغيرة',
  fridgeFr: 'Frigo Samsung',
  fridgeDarija: 'Tlaja kbira',
  schoolBooks: 'كتب مدرسية',
  cookbook: 'كتاب الطبخ',
  booksFr: 'Livres pour enfants',
  socksAr: 'تقاشر ديال الدراري',
  socksFr: 'Chaussettes neuves',
  clothesAr: 'ملابس أطفال',
  clothesDarija: 'Hwayj dial drari',
  clothesFr: 'Vêtements femme',
  tableAr: 'طاولة صغيرة',
  tableFr: 'Table basse',
  lamp: 'Lampe de bureau',
  rugAr: 'زربية تقليدية',
  rugFr: 'Tapis berbère',
  bikeDarija: 'Bechklita l drari',
  bikeFr: 'Vélo enfant',
  bikeAr: 'دراجة هوائية',
  pram: 'Poussette canne',
  shoesFr: 'Chaussures de sport',
  shoesDarija: 'صباط رجالي',
  washerFr: 'Machine à laver',
  washerAr: 'غسالة أوتوماتيكية',
  phone: 'Téléphone portable',
  tv: 'تلفاز ذكي',
  pramAr: 'عربة أطفال',
  comicsAr: 'قصص مصورة للأطفال',
  notebookAr: 'كراسة الرسم',
  kitchenFr: 'Ustensiles de cuisine',
  kitchenAr: 'أواني المطبخ',
} as const;
type Title = keyof typeof TITLES;

/** Query → titles it must find, titles it must not find. */
const TABLE: [string, Title[], Title[]][] = [
  ['chaise', ['chairWood', 'chairAr', 'chairDarija'], ['fridgeFr', 'tableFr', 'shoesFr']],
  ['كرسي', ['chairWood', 'chairAr', 'chairDarija'], ['tableAr']],
  ['kursi', ['chairWood', 'chairAr', 'chairDarija'], ['tableFr', 'tableAr']],
  ['الكرسي', ['chairAr', 'chairWood', 'chairDarija'], ['tableAr']],
  ['korsi', ['chairAr', 'chairWood'], []],
  ['chais', ['chairWood'], ['shoesFr']],
  ['chaises', ['chairWood', 'chairAr'], []],
  ['ثلاجة', ['fridgeAr', 'fridgeFr', 'fridgeDarija'], ['phone']],
  ['frigo', ['fridgeAr', 'fridgeFr', 'fridgeDarija'], ['phone', 'tv']],
  ['tlaja', ['fridgeAr', 'fridgeFr', 'fridgeDarija'], []],
  ['الثلاجة', ['fridgeAr', 'fridgeFr'], []],
  ['réfrigérateur', ['fridgeAr', 'fridgeFr'], ['washerFr']],
  ['كتاب', ['schoolBooks', 'cookbook', 'booksFr'], ['clothesAr']],
  ['كتب', ['schoolBooks', 'cookbook'], ['tableAr']],
  ['ktab', ['schoolBooks', 'cookbook', 'booksFr'], []],
  ['livre', ['booksFr', 'schoolBooks', 'cookbook'], ['lamp']],
  ['الكتب', ['schoolBooks', 'booksFr'], []],
  ['t9acher', ['socksAr', 'socksFr'], ['shoesFr']],
  ['t9ach', ['socksAr', 'socksFr'], ['shoesFr', 'shoesDarija']],
  ['تقاشر', ['socksAr', 'socksFr'], []],
  ['chaussettes', ['socksFr', 'socksAr'], ['shoesFr']],
  ['ملابس', ['clothesAr', 'clothesDarija', 'clothesFr'], ['booksFr']],
  ['7wayj', ['clothesDarija', 'clothesAr', 'clothesFr'], ['socksFr']],
  ['hwayj', ['clothesDarija', 'clothesAr'], []],
  ['الملابس', ['clothesAr', 'clothesFr'], []],
  ['vêtements', ['clothesFr', 'clothesAr', 'clothesDarija'], ['pram']],
  ['vetement', ['clothesFr'], []],
  ['طاولة', ['tableAr', 'tableFr'], ['chairAr']],
  ['table', ['tableFr', 'tableAr'], ['chairWood', 'chairAr']],
  ['tabla', ['tableAr', 'tableFr'], []],
  ['الطاولة', ['tableAr'], []],
  ['lamba', ['lamp'], ['tableFr']],
  ['مصباح', ['lamp'], []],
  ['lampe', ['lamp'], ['tableFr']],
  ['زربية', ['rugAr', 'rugFr'], []],
  ['zerbia', ['rugAr', 'rugFr'], ['chairWood']],
  ['tapis', ['rugFr', 'rugAr'], []],
  ['bechklita', ['bikeDarija', 'bikeFr', 'bikeAr'], ['pram']],
  ['vélo', ['bikeFr', 'bikeDarija', 'bikeAr'], ['pram']],
  ['دراجة', ['bikeAr', 'bikeFr', 'bikeDarija'], []],
  ['بشكليطة', ['bikeDarija', 'bikeFr'], []],
  ['sbat', ['shoesDarija', 'shoesFr'], ['socksFr', 'socksAr']],
  ['صباط', ['shoesDarija', 'shoesFr'], ['socksAr']],
  ['chaussures', ['shoesFr', 'shoesDarija'], ['socksFr']],
  ['ghassala', ['washerAr'], ['chairWood']],
  ['غسالة', ['washerAr'], []],
  ['machina', ['washerFr'], []],
  ['téléphone', ['phone'], ['tv']],
  ['tilifon', ['phone'], ['tv']],
  ['تلفاز', ['tv'], ['phone']],
  ['tilfaza', ['tv'], ['phone']],
  ['tv', ['tv'], ['phone']],
  ['poussette', ['pram'], ['bikeFr']],
  ['bois', ['chairWood'], ['chairAr']],
  ['خشب', ['chairAr'], ['chairWood']],
  ['kbira', ['fridgeDarija'], ['fridgeAr']],
  ['drari', ['clothesDarija', 'bikeDarija'], ['booksFr']],
  ['chaise bois', ['chairWood'], ['chairAr', 'chairDarija']],
  ['كرسي خشبي', ['chairAr'], ['chairWood']],
  // Issue 46: a word of a lexicon phrase ("أطفال") and an Arabic word's skeleton ("كرس") named other things.
  ['poussette', ['pram', 'pramAr'], ['comicsAr', 'clothesAr']],
  ['كروسة', ['pram', 'pramAr'], ['comicsAr', 'chairAr', 'chairWood']],
  ['كرسي', ['chairAr'], ['notebookAr']],
  ['kuzina', ['kitchenFr', 'kitchenAr'], ['tableFr']],
  ['cuisine', ['kitchenFr', 'kitchenAr'], []],
  ['portable', ['phone'], ['tableFr']],
];

describe('finding titles in French, Arabic, Darija in Arabic letters and Arabizi', () => {
  it('should hold a table of at least 50 queries', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(50);
  });

  it.each(TABLE)('%s', (query, found, missed) => {
    for (const title of found) expect({ query, title: TITLES[title], found: finds(query, TITLES[title]) }).toMatchObject({ found: true });
    for (const title of missed) expect({ query, title: TITLES[title], found: finds(query, TITLES[title]) }).toMatchObject({ found: false });
  });
});

describe(searchQuery.name, () => {
  it('should make every word a required prefix, with its other forms beside it', () => {
    expect(searchQuery('basse')).toBe('basse:*');
    expect(searchQuery('Table  basse')).toBe('(table:* | ۓتبل | ۓtable) & basse:*');
  });

  it('should take a typo for the words the vocabulary holds, an Arabic one with its endings too', () => {
    expect(searchQuery('frgo', new Map([['frgo', ['frigo']]]))).toBe('(frgo:* | frigo:* | ۓfrigo | ۓفرك)');
    expect(searchQuery('الطاولا', new Map([['الطاولا', ['طاوله']]]))).toBe('(الطاولا:* | طاوله:* | طاول:* | ۓtable | طاولا:*)');
  });

  it('should turn hostile input into plain words', () => {
    expect(searchQuery("'; DROP TABLE donations; --")).toMatch(/^\(drop:\* \| ۓدرب\) & \(table:\* \| ۓتبل \| ۓtable\) & \(donations:\* \| ۓدنتنس\)$/);
    expect(searchQuery('a:* | !b & (c)')).toBe('a:* & b:* & c:*');
    expect(searchQuery('!!! ---')).toBeNull();
    // The derived tokens' mark typed by a member loses its hamza: it names no derived token.
    expect(searchQuery('ۓtable')).toBe('ےtable:*');
  });
});

describe(spotQueryOf.name, () => {
  it('should ask the spots for the first letters of each prefix, whole lexemes as they are, and for spots past the cap', () => {
    expect(spotQueryOf(searchQuery('Table basse')!)).toBe("('ۓۓtabl' | 'ۓتبل' | 'ۓtable') & 'ۓۓbass' | 'ۓۓ'");
    expect(spotQueryOf(searchQuery('t9ach')!)).toBe("('ۓۓt9ac' | 'ۓۓۓتقش' | 'ۓchaussette') | 'ۓۓ'");
  });

  it('should ask for three letters as they are, and leave a shorter prefix a prefix', () => {
    expect(spotQueryOf(searchQuery('lit')!)).toBe("('ۓۓlit' | 'ۓlit') | 'ۓۓ'");
    expect(spotQueryOf(searchQuery('xy')!)).toBe("'xy':* | 'ۓۓ'");
  });
});

describe(keyWords.name, () => {
  it.each([
    ['Je cherche une poussette pour bébé', 'poussette bebe'],
    ['machine à coudre', 'machine coudre'],
    ['ana bghit kursi 3afak', 'kursi'],
    ['أبحث عن ثلاجة', 'ثلاجه'],
    ['Je cherche un', ''],
    ['!!! 7 ?', ''],
  ])('should keep the words that name the thing in %j', (title, words) => {
    expect(keyWords(title)).toBe(words);
  });
});
