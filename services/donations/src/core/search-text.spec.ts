import { normalizeForSearch, searchQuery } from './search-text.js';

describe(normalizeForSearch.name, () => {
  it('should drop French accents and case', () => {
    expect(normalizeForSearch('Chaise ÉLÉGANTE à Fès')).toBe('chaise elegante a fes');
  });

  it('should fold Arabic short vowels and letter variants', () => {
    expect(normalizeForSearch('كُرْسِيّ')).toBe('كرسي');
    expect(normalizeForSearch('طاولة إضافية')).toBe(normalizeForSearch('طاوله اضافيه'));
  });
});

describe(searchQuery.name, () => {
  it('should make every word a required prefix', () => {
    expect(searchQuery('Table  basse')).toBe('table:* & basse:*');
  });

  it('should turn hostile input into plain words', () => {
    expect(searchQuery("'; DROP TABLE donations; --")).toBe('drop:* & table:* & donations:*');
    expect(searchQuery('a:* | !b & (c)')).toBe('a:* & b:* & c:*');
    expect(searchQuery('!!! ---')).toBeNull();
  });
});
