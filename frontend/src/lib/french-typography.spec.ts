import { describe, expect, it } from 'vitest';
import { withDe } from './french-typography';

describe('withDe', () => {
  it('should elide before a vowel, accented ones included', () => {
    expect(withDe('Amina')).toBe('d’Amina');
    expect(withDe('Omar B.')).toBe('d’Omar B.');
    expect(withDe('Élodie')).toBe('d’Élodie');
    expect(withDe('Agadir')).toBe('d’Agadir');
  });

  it('should keep "de" before consonants, h and y', () => {
    expect(withDe('Mehdi')).toBe('de Mehdi');
    expect(withDe('Hicham')).toBe('de Hicham');
    expect(withDe('Youssef')).toBe('de Youssef');
    expect(withDe('سلمى')).toBe('de سلمى');
  });

  it('should look past the isolates around a name', () => {
    expect(withDe('\u2068Amina\u2069')).toBe('d’\u2068Amina\u2069');
  });

  it('should capitalise at the start of a sentence', () => {
    expect(withDe('Amina', true)).toBe('D’Amina');
    expect(withDe('Salma', true)).toBe('De Salma');
  });
});
