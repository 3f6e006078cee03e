import { passwordProblems } from '@sil/contract';
import { z } from 'zod';

/** spec.md §2 'Security' and §5: the previous password, a new one under the policy, and its confirmation. */
export const ChangePasswordForm = z
  .object({ previous: z.string(), password: z.string(), confirm: z.string() })
  .superRefine((value, context) => {
    if (!value.previous)
      context.addIssue({ code: 'custom', path: ['previous'], message: 'validation.required' });
    for (const problem of passwordProblems(value.password)) {
      context.addIssue({ code: 'custom', path: ['password'], message: `validation.password_${problem}` });
    }
    if (value.password !== value.confirm) {
      context.addIssue({ code: 'custom', path: ['confirm'], message: 'validation.passwords_mismatch' });
    }
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordForm>;
