import { checkPasswordStrength, ZPasswordSetRequest } from '@catalyst/contracts';
import { z } from 'zod';
import { MESSAGES } from './validation';

/**
 * The set-password form: the request (ZPasswordSetRequest: the reset token and the new password,
 * whose messages are the spec's) plus the confirmation, checked in the spec's order (document 1
 * §5): token, new password, confirmation, match, then the strength rules the server applies too.
 */
export const ZNewPasswordForm = ZPasswordSetRequest.extend({
  confirmPassword: z.string().min(1, MESSAGES.confirmRequired),
}).superRefine((form, ctx) => {
  if (!form.newPassword || !form.confirmPassword) return;
  if (form.newPassword !== form.confirmPassword)
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.passwordsDoNotMatch });
  else if (checkPasswordStrength(form.newPassword).length > 0)
    ctx.addIssue({ code: 'custom', path: ['newPassword'], message: MESSAGES.requirementsNotMet });
});
export type NewPasswordFormValues = z.input<typeof ZNewPasswordForm>;

/** The order the form reports its problems in, one at a time. */
export const NEW_PASSWORD_ORDER = ['token', 'newPassword', 'confirmPassword', 'root.server'] as const;
