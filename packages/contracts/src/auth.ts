import { z } from 'zod';
import { ZPermission } from './permissions';
import { zText } from './text';

const username = zText('Username is required (text)')
  .trim()
  .min(1, 'Username is required')
  .max(150, 'Username is too long (150 characters at most)');

export const ZLoginRequest = z
  .object({
    username,
    password: zText('Password is required (text)')
      .min(1, 'Password is required')
      .max(1024, 'Password is too long (1024 characters at most)'),
  })
  .meta({ id: 'LoginRequest' });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginResponse = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    defaultUseCaseId: z.number().int().nullable(),
    isEulaAccepted: z.boolean(),
    /** The session token; the same value is also set as an HttpOnly cookie. */
    token: z.string(),
  })
  .meta({ id: 'LoginResponse' });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZMessageResponse = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

export const ZStatusResponse = z
  .object({
    status: z.enum(['success', 'error']),
    message: z.string().optional(),
    error: z.string().optional(),
  })
  .meta({ id: 'StatusResponse' });
export type TStatusResponse = z.infer<typeof ZStatusResponse>;

export const ZPasswordResetRequest = z.object({ username }).meta({ id: 'PasswordResetRequest' });
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

export const ZPasswordSetRequest = z
  .object({
    token: zText('Invalid or missing reset token')
      .min(1, 'Invalid or missing reset token')
      .max(512, 'Invalid or missing reset token'),
    newPassword: zText('Please enter a new password')
      .min(1, 'Please enter a new password')
      .max(1024, 'Password is too long (1024 characters at most)'),
  })
  .meta({ id: 'PasswordSetRequest' });
export type TPasswordSetRequest = z.infer<typeof ZPasswordSetRequest>;

export const ZEulaValidateRequest = z.object({ userName: username }).meta({ id: 'EulaValidateRequest' });
export type TEulaValidateRequest = z.infer<typeof ZEulaValidateRequest>;

export const ZEulaValidateResponse = z
  .object({ isEulaAccepted: z.boolean() })
  .meta({ id: 'EulaValidateResponse' });
export type TEulaValidateResponse = z.infer<typeof ZEulaValidateResponse>;

export const ZValidateRequestResponse = z
  .object({ valid: z.boolean() })
  .meta({ id: 'ValidateRequestResponse' });
export type TValidateRequestResponse = z.infer<typeof ZValidateRequestResponse>;

export const ZCurrentUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    name: z.string(),
    defaultUseCaseId: z.number().int().nullable(),
    isEulaAccepted: z.boolean(),
    /** Holds the organization's Admin role. */
    isAdmin: z.boolean(),
    orgId: z.number().int(),
    orgName: z.string(),
    roleId: z.number().int(),
    roleName: z.string(),
    /** What the user may do; the server enforces it, the web hides what is not allowed. */
    permissions: z.array(ZPermission),
  })
  .meta({ id: 'CurrentUser' });
export type TCurrentUser = z.infer<typeof ZCurrentUser>;
