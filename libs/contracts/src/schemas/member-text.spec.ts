import { Messages } from '../messages.js';
import { SignupSchema } from './auth.js';
import { CreateDonationFieldsSchema } from './donations.js';

// Issue 45: member text is stored without the invisible characters it was sent with.

describe('member text in the schemas', () => {
  const donation = { title: 'Table', description: 'En bon état.', categoryId: 1, city: 'Rabat' };

  it('should store a title without its invisible characters', () => {
    const parsed = CreateDonationFieldsSchema.safeParse({ ...donation, title: ' Vélo \u202Egpj.exe\u200B ' });
    expect(parsed.success && parsed.data.title).toBe('Vélo gpj.exe');
  });

  it('should refuse a title made only of invisible characters as missing', () => {
    const parsed = CreateDonationFieldsSchema.safeParse({ ...donation, title: '\u200B\u202E\u2066' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['title'], message: Messages.required });
  });

  it('should leave no last name when it was an invisible character', () => {
    const parsed = SignupSchema.safeParse({
      username: 'salma_i',
      email: 'salma@example.ma',
      phone: '0612345678',
      password: 'un-mot-de-passe-solide',
      confirmPassword: 'un-mot-de-passe-solide',
      firstName: 'Sal\u200Bma',
      lastName: '\u200F',
    });
    expect(parsed.success && [parsed.data.firstName, parsed.data.lastName]).toEqual(['Salma', '']);
  });
});
