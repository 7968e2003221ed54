import { describe, expect, it } from 'vitest';
import { validateContact } from './validation';

describe(validateContact.name, () => {
  it('should accept the product minimums (2, 5, 10 characters)', () => {
    expect(validateContact({ name: 'Al', email: 'a@b.ma', subject: 'Bonjour', message: '0123456789' })).toEqual({});
  });

  it('should report every invalid field at once', () => {
    expect(validateContact({ name: 'A', email: 'nope', subject: 'Allo', message: 'court' })).toEqual({
      name: 'validation.common.contactName',
      email: 'validation.common.invalidEmail',
      subject: 'validation.common.contactSubject',
      message: 'validation.common.contactMessage',
    });
  });
});
