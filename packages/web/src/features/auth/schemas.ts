import { passwordProblems } from '@sil/contract';
import { z } from 'zod';

// Messages are locale keys; the forms translate them when they show them.
const requiredEmail = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .pipe(z.email('validation.invalid_email'));

export const LoginForm = z.object({
  email: requiredEmail,
  password: z.string().min(1, 'validation.required'),
});
export type LoginForm = z.infer<typeof LoginForm>;

export const OtpForm = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .regex(/^\d{1,6}$/, 'validation.otp_numeric'),
});
export type OtpForm = z.infer<typeof OtpForm>;

export const ForgotForm = z.object({ email: requiredEmail });
export type ForgotForm = z.infer<typeof ForgotForm>;

/** spec.md §5: 8 characters with a letter, a digit and a special character; both entries match. */
export const NewPasswordForm = z
  .object({ password: z.string(), confirm: z.string() })
  .superRefine((value, context) => {
    for (const problem of passwordProblems(value.password)) {
      context.addIssue({ code: 'custom', path: ['password'], message: `validation.password_${problem}` });
    }
    if (value.password !== value.confirm) {
      context.addIssue({ code: 'custom', path: ['confirm'], message: 'validation.passwords_mismatch' });
    }
  });
export type NewPasswordForm = z.infer<typeof NewPasswordForm>;
