import { checkPasswordStrength } from '@catalyst/contracts';
import { MESSAGES } from './validation';

// Kept apart from ./validation so only the set-password screen (a lazy chunk) loads the contracts
// package and its schema library.

export interface NewPasswordProblem {
  message: string;
  /** The failed strength rules, shown as a list under the message. */
  details?: string[];
}

export function validateNewPassword(form: {
  token: string | null;
  newPassword: string;
  confirmPassword: string;
}): NewPasswordProblem | null {
  if (!form.token) return { message: MESSAGES.tokenMissing };
  if (!form.newPassword) return { message: MESSAGES.newPasswordRequired };
  if (!form.confirmPassword) return { message: MESSAGES.confirmRequired };
  if (form.newPassword !== form.confirmPassword) return { message: MESSAGES.passwordsDoNotMatch };
  const problems = checkPasswordStrength(form.newPassword);
  if (problems.length > 0) return { message: MESSAGES.requirementsNotMet, details: problems };
  return null;
}
