import { validatePayload } from '../validation/validate.js';
import { ContactSchema, LoginSchema, SignupSchema, UpdateProfileSchema } from './auth.js';

const validSignup = {
  username: 'amina.b',
  email: 'Amina@Example.ma ',
  phone: '06 12 34 56 78',
  password: 'secret-pass',
  confirmPassword: 'secret-pass',
  firstName: 'Amina',
  lastName: 'Benali',
};

describe('SignupSchema', () => {
  it('should accept a complete payload and normalise e-mail', () => {
    const result = validatePayload(SignupSchema, validSignup);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.email).toBe('amina@example.ma');
  });

  it.each(['username', 'email', 'phone', 'password', 'confirmPassword'])(
    'should ask for every required field when %s is missing',
    (field) => {
      const result = validatePayload(SignupSchema, { ...validSignup, [field]: undefined });
      expect(result).toEqual({
        ok: false,
        failure: { field, message: 'Veuillez remplir tous les champs obligatoires.' },
      });
    },
  );

  it('should treat a blank username as missing', () => {
    const result = validatePayload(SignupSchema, { ...validSignup, username: '   ' });
    expect(result.ok || result.failure.message).toBe('Veuillez remplir tous les champs obligatoires.');
  });

  it('should report a mismatch before the length rule', () => {
    const result = validatePayload(SignupSchema, { ...validSignup, password: 'abc', confirmPassword: 'abd' });
    expect(result.ok || result.failure).toEqual({
      field: 'confirmPassword',
      message: 'Les mots de passe ne correspondent pas.',
    });
  });

  it('should refuse a password shorter than 8 characters', () => {
    const result = validatePayload(SignupSchema, { ...validSignup, password: 'short7c', confirmPassword: 'short7c' });
    expect(result.ok || result.failure.message).toBe('Le mot de passe doit contenir au moins 8 caractères.');
  });

  it.each(['0612345678', '+212612345678', '07-12-34-56-78', '00212 5 22 33 44 55'])(
    'should accept the phone %s',
    (phone) => expect(validatePayload(SignupSchema, { ...validSignup, phone }).ok).toBe(true),
  );

  it.each(['12345', '0812345678', '+33612345678', '061234567'])('should refuse the phone %s', (phone) => {
    const result = validatePayload(SignupSchema, { ...validSignup, phone });
    expect(result.ok || result.failure.field).toBe('phone');
  });

  it('should name the field when a value has the wrong type', () => {
    const result = validatePayload(SignupSchema, { ...validSignup, email: 42 });
    expect(result.ok || result.failure).toEqual({ field: 'email', message: 'Le champ email doit être un texte.' });
  });

  it('should refuse a body that is not an object', () => {
    expect(validatePayload(SignupSchema, ['x']).ok).toBe(false);
    expect(validatePayload(SignupSchema, null).ok).toBe(false);
  });
});

describe('ContactSchema', () => {
  const valid = { name: 'Youssef', email: 'y@example.ma', subject: 'Question', message: 'Bonjour, une question.' };

  it('should accept a valid message', () => {
    expect(validatePayload(ContactSchema, valid).ok).toBe(true);
  });

  it.each([
    ['name', 'Y', 'Le nom doit contenir au moins 2 caractères'],
    ['email', 'pas-un-email', 'Adresse email invalide'],
    ['subject', 'Hey', 'Le sujet doit contenir au moins 5 caractères'],
    ['message', 'Court', 'Le message doit contenir au moins 10 caractères'],
    ['message', undefined, 'Le message doit contenir au moins 10 caractères'],
  ])('should refuse %s=%p with the form message', (field, value, message) => {
    const result = validatePayload(ContactSchema, { ...valid, [field]: value });
    expect(result.ok || result.failure).toEqual({ field, message });
  });

  it('should count trimmed characters', () => {
    const result = validatePayload(ContactSchema, { ...valid, name: '  a  ' });
    expect(result.ok || result.failure.field).toBe('name');
  });
});

describe('LoginSchema', () => {
  it('should ask for both fields', () => {
    const result = validatePayload(LoginSchema, { username: 'amina' });
    expect(result.ok || result.failure.message).toBe('Veuillez remplir tous les champs');
  });
});

describe('UpdateProfileSchema', () => {
  it('should accept a partial update', () => {
    expect(validatePayload(UpdateProfileSchema, { city: 'Rabat' }).ok).toBe(true);
  });

  it('should refuse an invalid e-mail', () => {
    const result = validatePayload(UpdateProfileSchema, { email: 'nope' });
    expect(result.ok || result.failure).toEqual({ field: 'email', message: 'Adresse email invalide' });
  });
});
