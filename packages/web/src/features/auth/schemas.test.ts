import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { schemaResolver } from '../../lib/form/schema-resolver';
import { ForgotForm, LoginForm, NewPasswordForm, OtpForm } from './schemas';

/** The locale keys the form shows under each field, every broken rule of it. */
async function messagesOf<Values extends FieldValues>(resolver: Resolver<Values>, values: Values) {
  const { errors } = await resolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
    criteriaMode: 'all',
  });
  return Object.fromEntries(
    Object.entries(errors).map(([name, error]) => {
      // Each field here is a plain value, so its error is a FieldError.
      const field = error as FieldError;
      const types = Object.values(field.types ?? {}).flat();
      return [name, types.length ? types : [field.message]];
    }),
  );
}

// The login screens go through lib/form's resolver: their own locale keys, not its generic issues.
describe('auth forms through schemaResolver', () => {
  it('keeps the login form messages', async () => {
    expect(await messagesOf(schemaResolver(LoginForm), { email: ' ', password: '' })).toEqual({
      email: ['validation.required'],
      password: ['validation.required'],
    });
    expect(await messagesOf(schemaResolver(LoginForm), { email: 'not-an-address', password: 'x' })).toEqual({
      email: ['validation.invalid_email'],
    });
  });

  it('keeps the code and forgotten-password messages', async () => {
    expect(await messagesOf(schemaResolver(OtpForm), { code: '12a' })).toEqual({
      code: ['validation.otp_numeric'],
    });
    expect(await messagesOf(schemaResolver(ForgotForm), { email: '' })).toEqual({
      email: ['validation.required'],
    });
  });

  it('lists every password rule broken and the mismatch', async () => {
    expect(await messagesOf(schemaResolver(NewPasswordForm), { password: 'abc', confirm: 'abd' })).toEqual({
      password: [
        'validation.password_tooShort',
        'validation.password_noDigit',
        'validation.password_noSpecial',
      ],
      confirm: ['validation.passwords_mismatch'],
    });
  });

  it('passes a valid login through, trimmed', async () => {
    const result = await schemaResolver(LoginForm)({ email: ' a@b.fr ', password: 'x' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result).toEqual({ values: { email: 'a@b.fr', password: 'x' }, errors: {} });
  });
});
