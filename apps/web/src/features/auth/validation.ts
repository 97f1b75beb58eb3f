/** Spec document 1 §5: the texts below are the spec's, word for word. */
export const MESSAGES = {
  signInRequired: 'Please enter both username and password',
  licenseRequired: 'Please accept the license agreement to continue',
  signUpRequired: 'Please fill in all fields',
  passwordsDoNotMatch: 'Passwords do not match',
  usernameRequired: 'Please enter your username',
  tokenMissing: 'Invalid or missing reset token',
  newPasswordRequired: 'Please enter a new password',
  confirmRequired: 'Please confirm your password',
  requirementsNotMet: 'Password Requirements Not Met',
} as const;

export function validateSignIn(form: {
  username: string;
  password: string;
  licenseAccepted: boolean;
}): string | null {
  if (!form.username.trim() || !form.password) return MESSAGES.signInRequired;
  if (!form.licenseAccepted) return MESSAGES.licenseRequired;
  return null;
}

export function validateSignUp(form: {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  licenseAccepted: boolean;
}): string | null {
  if (!form.username.trim() || !form.email.trim() || !form.password || !form.confirmPassword)
    return MESSAGES.signUpRequired;
  if (form.password !== form.confirmPassword) return MESSAGES.passwordsDoNotMatch;
  if (!form.licenseAccepted) return MESSAGES.licenseRequired;
  return null;
}

export function validateForgotPassword(username: string): string | null {
  return username.trim() ? null : MESSAGES.usernameRequired;
}
