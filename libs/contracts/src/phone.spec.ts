import { normalizeMoroccanPhone } from './phone.js';

describe(normalizeMoroccanPhone.name, () => {
  it('should give one canonical form for every way of writing a number', () => {
    for (const input of ['0612345678', '06 12 34 56 78', '+212612345678', '+212 6-12-34-56-78', '00212612345678']) {
      expect(normalizeMoroccanPhone(input)).toBe('+212612345678');
    }
  });

  it('should refuse numbers that are not Moroccan', () => {
    expect(normalizeMoroccanPhone('+33612345678')).toBeNull();
    expect(normalizeMoroccanPhone('0412345678')).toBeNull();
    expect(normalizeMoroccanPhone('abc')).toBeNull();
  });
});
