import { ZLoginRequest, ZPasswordResetRequest } from '@catalyst/contracts';
import { z } from 'zod';
import { filledAs } from '../../lib/form';

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

const { username, password } = ZLoginRequest.shape;
const licenseAccepted = z.boolean().refine(Boolean, MESSAGES.licenseRequired);

/**
 * The sign-in form: the login request (ZLoginRequest: the username trimmed, both within the
 * server's lengths) with the spec's messages for blank fields, and the licence box. One form
 * holds both modes' fields: sign-up's e-mail and confirmation are not checked when signing in.
 */
export const ZSignInForm = ZLoginRequest.extend({
  username: filledAs(username, MESSAGES.signInRequired),
  password: filledAs(password, MESSAGES.signInRequired, { trim: false }),
  licenseAccepted,
  email: z.string(),
  confirmPassword: z.string(),
});

/** The (simulated) sign-up form: the sign-in fields plus e-mail and a matching confirmation. */
export const ZSignUpForm = ZSignInForm.extend({
  username: filledAs(username, MESSAGES.signUpRequired),
  email: z.string().trim().min(1, MESSAGES.signUpRequired),
  password: filledAs(password, MESSAGES.signUpRequired, { trim: false }),
  confirmPassword: z.string().min(1, MESSAGES.signUpRequired),
}).refine((form) => form.password === form.confirmPassword, {
  path: ['confirmPassword'],
  message: MESSAGES.passwordsDoNotMatch,
});
export type SignUpFormValues = z.input<typeof ZSignUpForm>;

/** The order the login form reports its problems in, one at a time. */
export const SIGN_IN_ORDER = ['username', 'email', 'password', 'confirmPassword', 'licenseAccepted'] as const;

/** The forgot-password form: the reset request (ZPasswordResetRequest) with the spec's message. */
export const ZForgotPasswordForm = ZPasswordResetRequest.extend({
  username: filledAs(ZPasswordResetRequest.shape.username, MESSAGES.usernameRequired),
});
