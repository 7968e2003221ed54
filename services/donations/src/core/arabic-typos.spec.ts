import { arabicTypoDistance, arabicTypoForm, arabicTypoKeys, arabicTypoWords, isArabicSuggestionFor, isArabicTypoOf } from './arabic-typos.js';
import { normalizeForSearch } from './search-text.js';

/** The form typo tolerance compares, as the service builds it from what a member typed. */
const formOf = (typed: string) => arabicTypoForm(normalizeForSearch(typed));

describe(isArabicTypoOf.name, () => {
  it.each([
    ['تلاجة', 'ثلاجة', 'the letter Darija writes for the same sound'],
    ['تاولة', 'طاولة', 'the letter Darija writes for the same sound'],
    ['ثلاحة', 'ثلاجة', 'the key beside it'],
    ['كرسب', 'كرسي', 'the key beside it'],
    ['طاولا', 'طاولة', 'a final alef for a final ta marbuta'],
    ['ثلجة', 'ثلاجة', 'a missing letter'],
    ['طولة', 'طاولة', 'a missing letter'],
    ['كرررسي', 'كرسي', 'a letter typed three times'],
    ['ثلاججة', 'ثلاجة', 'a letter typed twice'],
    ['ثلاجةة', 'ثلاجة', 'a letter typed twice'],
    ['طاوبلة', 'طاولة', 'a letter added'],
    ['ثلاجة', 'ثلاجة', 'the same word'],
    ['كرسى', 'كرسي', 'alef maqsura for ya (normalisation)'],
    ['طاوله', 'طاولة', 'ha for ta marbuta (normalisation)'],
    ['كوزينه', 'كوزينة', 'ha for ta marbuta (normalisation)'],
    ['الطاولا', 'طاولة', 'the article'],
    ['ثلاجه', 'ثلاجة', 'ha for ta marbuta (normalisation)'],
    ['ثلجاة', 'ثلاجة', 'two neighbours swapped in a word of five letters'],
    ['صابون', 'سابون', 'the sound Darija writes with either letter'],
    ['ماكينة', 'مكينة', 'a missing alef'],
  ])('should take %s for %s (%s)', (typed, word) => {
    expect(isArabicTypoOf(formOf(typed)!, formOf(word)!)).toBe(true);
  });

  // Words one letter apart that name other things: none may stand for the other.
  it.each([
    ['كتاب', 'كلاب', 'book, dogs'],
    ['ثلاثة', 'ثلاجة', 'three, fridge'],
    ['حذاء', 'غذاء', 'shoes, food'],
    ['سرير', 'سريع', 'bed, fast'],
    ['ملابس', 'ملاعب', 'clothes, stadiums'],
    ['حقيبة', 'حقيقة', 'bag, truth'],
    ['علبة', 'لعبة', 'box, toy: a swap in four letters'],
    ['كرسي', 'كراسة', 'chair, notebook'],
    ['فستان', 'بستان', 'dress, orchard'],
    ['مروحة', 'مرآة', 'fan, mirror'],
    ['سجادة', 'سعادة', 'rug, happiness'],
    ['ستارة', 'سيارة', 'curtain, car: other dots, keys apart'],
    ['كتاب', 'كباب', 'book, kebab: other dots, keys apart'],
    ['كابل', 'قابل', 'cable, able'],
  ])('should not take %s for %s (%s)', (a, b) => {
    expect(isArabicTypoOf(formOf(a)!, formOf(b)!)).toBe(false);
    expect(isArabicTypoOf(formOf(b)!, formOf(a)!)).toBe(false);
  });
});

describe(arabicTypoForm.name, () => {
  it('should keep a word without its article or leading conjunction, its ending kept', () => {
    expect(formOf('الطاولة')).toBe('طاوله');
    expect(formOf('والثلاجة')).toBe('ثلاجه');
    expect(formOf('للكرسي')).toBe('كرسي');
  });

  it('should leave out words of three letters, Latin words and numbers', () => {
    for (const typed of ['كتب', 'كلب', 'الكتب', 'باب', 'كررب', 'frigo', '2024']) expect({ typed, form: formOf(typed) }).toEqual({ typed, form: null });
  });
});

describe(arabicTypoWords.name, () => {
  it('should give the Arabic words of a text long enough to tell a typo, once each', () => {
    expect(arabicTypoWords('ثلاجة صغيرة، الثلاجة تعمل! Frigo كتب')).toEqual(['ثلاجه', 'صغيره', 'تعمل']);
  });
});

describe(arabicTypoKeys.name, () => {
  it('should give the word and each way of dropping one letter, repeats collapsed', () => {
    expect(arabicTypoKeys('كرسي')).toEqual(['كرسي', 'رسي', 'كسي', 'كري', 'كرس']);
    expect(arabicTypoKeys('كرررسي')).toEqual(arabicTypoKeys('كرسي'));
  });

  it('should give a typo one edit away a key in common with its word', () => {
    for (const [typed, word] of [['ثلجه', 'ثلاجه'], ['كسري', 'كرسي'], ['تلاجه', 'ثلاجه'], ['طاوبله', 'طاوله']] as const) {
      expect(arabicTypoKeys(typed).some((key) => arabicTypoKeys(word).includes(key))).toBe(true);
    }
  });
});

describe(arabicTypoDistance.name, () => {
  it.each([
    ['تلاجه', 'ثلاجه', 1],
    ['كتاب', 'كلاب', 2],
    ['كرررسي', 'كرسي', 0],
    ['علبه', 'لعبه', 2],
    ['ثلجاه', 'ثلاجه', 1],
    ['كرسي', 'طاوله', 8], // ك and ط sit side by side on the keyboard
  ])('should count %s → %s as %i', (a, b, cost) => {
    expect(arabicTypoDistance(a, b)).toBe(cost);
    expect(arabicTypoDistance(b, a)).toBe(cost);
  });
});

describe(isArabicSuggestionFor.name, () => {
  it('should offer a typo, and a swap in a short word, which is no typo to search with', () => {
    expect(isArabicSuggestionFor('تلاجه', 'ثلاجه')).toBe(true);
    expect(isArabicSuggestionFor('كسري', 'كرسي')).toBe(true);
    expect(isArabicTypoOf('كسري', 'كرسي')).toBe(false);
  });

  it('should never offer a word one unrelated letter away, nor one further', () => {
    for (const [typed, word] of [['غذاء', 'حذاء'], ['كلاب', 'كتاب'], ['ثلاثه', 'ثلاجه'], ['ستاره', 'سياره'], ['كرسي', 'كراسه'], ['كسري', 'سرير']]) {
      expect({ typed, word, offered: isArabicSuggestionFor(typed, word) }).toEqual({ typed, word, offered: false });
    }
  });
});
