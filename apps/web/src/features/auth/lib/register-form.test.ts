import { MSG } from '@wyn/contract';
import { describe, expect, it } from 'vitest';
import {
  mapServerErrors,
  splitFullName,
  toRegisterRequest,
  validateRegister,
  type RegisterValues,
} from './register-form';

const empty: RegisterValues = { fullName: '', username: '', email: '', phone: '', password: '', confirmPassword: '' };

describe('validateRegister (docs/spec/01-signin-home-create.md §5)', () => {
  it('needs one of username, email, phone and a password', () => {
    expect(validateRegister(empty)).toEqual({
      form: MSG.registerNeedIdentifier,
      password: MSG.passwordRequired,
      confirmPassword: MSG.passwordRequired,
    });
  });
  it('passwords must match', () => {
    expect(
      validateRegister({ ...empty, email: 'a@b.co', password: 'longenough', confirmPassword: 'different1' }),
    ).toEqual({
      confirmPassword: MSG.passwordsDoNotMatch,
    });
  });
  it('passes a valid form', () => {
    expect(
      validateRegister({ ...empty, phone: '+15551234567', password: 'longenough', confirmPassword: 'longenough' }),
    ).toEqual({});
  });
  it('enforces the 8-character minimum', () => {
    expect(validateRegister({ ...empty, username: 'ana', password: 'short', confirmPassword: 'short' }).password).toBe(
      MSG.passwordTooShort,
    );
  });
});

describe('splitFullName', () => {
  it('splits at the first space', () => {
    expect(splitFullName('Mary Jane Watson')).toEqual({ first_name: 'Mary', last_name: 'Jane Watson' });
    expect(splitFullName('  Cher ')).toEqual({ first_name: 'Cher', last_name: '' });
    expect(splitFullName('')).toEqual({ first_name: '', last_name: '' });
  });
});

describe('toRegisterRequest', () => {
  it('leaves out empty fields', () => {
    expect(
      toRegisterRequest({
        ...empty,
        fullName: 'Ana Ng',
        email: ' a@b.co ',
        password: 'pw123456',
        confirmPassword: 'pw123456',
      }),
    ).toEqual({
      email: 'a@b.co',
      password: 'pw123456',
      first_name: 'Ana',
      last_name: 'Ng',
    });
  });
});

describe('mapServerErrors', () => {
  it('maps server fields onto the form', () => {
    expect(mapServerErrors({ phone_number: 'bad', last_name: 'long', non_field_errors: 'x' })).toEqual({
      phone: 'bad',
      fullName: 'long',
      form: 'x',
    });
  });
});
