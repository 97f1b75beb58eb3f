import { KeyRound, LinkIcon } from 'lucide-react';
import { checkPasswordStrength } from '@catalyst/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { PasswordInput } from '../../components/ui/password-input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessages } from '../../lib/form';
import { setPassword } from './api/set-password';
import { AuthHeading, AuthLayout } from './components/auth-layout';
import { MESSAGES } from './validation';
import { NEW_PASSWORD_ORDER, ZNewPasswordForm, type NewPasswordFormValues } from './new-password-validation';

function InvalidLink() {
  return (
    <div className="space-y-6 text-center">
      <div className="mx-auto grid size-12 place-items-center rounded-xl bg-destructive/10 text-destructive">
        <LinkIcon className="size-6" aria-hidden />
      </div>
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">Invalid Reset Link</h1>
        <p className="text-sm leading-6 text-muted-foreground">
          This password reset link is invalid or has expired.
        </p>
      </div>
      <Button asChild size="lg" className="w-full">
        <Link to="/forgot-password">Request New Reset Link</Link>
      </Button>
    </div>
  );
}

/** /set-password?token=…: choose a new password from a reset e-mail's link. */
export function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { register, handleSubmit, getValues, setError, formState } = useForm<NewPasswordFormValues>({
    resolver: zodResolver(ZNewPasswordForm),
    // The token is not typed: it comes with the link, and is sent with the new password.
    defaultValues: { token: token ?? '', newPassword: '', confirmPassword: '' },
    reValidateMode: 'onSubmit',
  });
  // The failed strength rules of the password last submitted, listed under the message.
  const [details, setDetails] = useState<string[]>([]);
  const [done, setDone] = useState(false);
  const submitting = formState.isSubmitting;
  const message = errorMessages(formState.errors, NEW_PASSWORD_ORDER)[0];
  const problem = message
    ? { message, details: message === MESSAGES.requirementsNotMet ? details : undefined }
    : null;
  const ids = { password: useId(), confirm: useId(), hint: useId() };

  if (!token) {
    return (
      <AuthLayout>
        <InvalidLink />
      </AuthLayout>
    );
  }

  const onSubmit = handleSubmit(
    async ({ token, newPassword }) => {
      try {
        const result = await setPassword({ token, newPassword });
        if (result.status !== 'success')
          throw new Error(result.error || result.message || 'Password set failed');
        setDone(true);
      } catch (error) {
        setError('root.server', {
          message: error instanceof Error && error.message ? error.message : 'Failed to reset password',
        });
      }
    },
    () => setDetails(checkPasswordStrength(getValues('newPassword'))),
  );

  return (
    <AuthLayout>
      <div className="mb-5 grid size-11 place-items-center rounded-xl bg-primary-soft text-primary dark:text-accent-foreground">
        <KeyRound className="size-5" aria-hidden />
      </div>
      <AuthHeading title="Set New Password" description="Choose a new password for your Catalyst account." />
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-5">
        <Field id={ids.password} label="New password">
          <PasswordInput
            id={ids.password}
            autoComplete="new-password"
            {...register('newPassword')}
            aria-describedby={ids.hint}
            placeholder="Enter a new password"
            autoFocus
          />
        </Field>
        <Field id={ids.confirm} label="Confirm password">
          <PasswordInput
            id={ids.confirm}
            autoComplete="new-password"
            {...register('confirmPassword')}
            placeholder="Repeat the new password"
          />
        </Field>
        <p id={ids.hint} className="-mt-2 text-xs leading-5 text-muted-foreground">
          At least 8 characters, with a letter, a number and a special character.
        </p>
        {problem ? (
          <Alert variant="destructive" title={problem.details ? problem.message : undefined}>
            {problem.details ? (
              <ul className="list-disc space-y-0.5 pl-4" data-testid="password-problems">
                {problem.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            ) : (
              problem.message
            )}
          </Alert>
        ) : null}
        <Button type="submit" size="lg" disabled={submitting || done} className="w-full">
          {submitting ? <Spinner /> : null}
          Reset Password
        </Button>
        <Link
          to="/login"
          className="justify-self-center rounded-sm text-sm font-medium text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          Back to sign in
        </Link>
      </form>
      <Dialog open={done} onOpenChange={(open) => (open ? undefined : void navigate('/login'))}>
        <DialogContent showClose={false}>
          <DialogTitle>Password Reset Successfully</DialogTitle>
          <DialogDescription>
            Your password has been reset. Please login with your new password.
          </DialogDescription>
          <Button
            onClick={() => void navigate('/login')}
            className="mt-2 w-full sm:w-auto sm:justify-self-end"
          >
            Login
          </Button>
        </DialogContent>
      </Dialog>
    </AuthLayout>
  );
}
