import { describe, expect, it } from 'vitest';
import { validateSignup } from './validation';

const valid = {
  username: 'amina',
  email: 'amina@example.ma',
  phone: '0612345678',
  password: 'motdepasse',
  confirmPassword: 'motdepasse',
  firstName: '',
  lastName: '',
};

describe(validateSignup.name, () => {
  it('should accept a complete form without first and last name', () => {
    expect(validateSignup(valid)).toBeNull();
  });

  it('should require username, email, phone and both passwords', () => {
    expect(validateSignup({ ...valid, phone: '  ' })).toBe('validation.common.required');
  });

  it('should check the confirmation before the length', () => {
    expect(validateSignup({ ...valid, password: 'short', confirmPassword: 'other' })).toBe('validation.common.passwordMismatch');
    expect(validateSignup({ ...valid, password: 'short', confirmPassword: 'short' })).toBe('validation.common.passwordTooShort');
  });
});
