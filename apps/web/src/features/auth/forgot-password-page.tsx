import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { requestPasswordReset } from './api/request-password-reset';
import { AuthHeading, AuthLayout } from './components/auth-layout';
import { ZForgotPasswordForm } from './validation';

/** Spec document 1 §8: back to /login 3 s after the success toast. */
const RESET_SENT_REDIRECT_MS = 3000;

/** /forgot-password: ask for a reset e-mail. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ZForgotPasswordForm),
    defaultValues: { username: '' },
    reValidateMode: 'onSubmit',
  });
  const error = formState.errors.username?.message ?? formState.errors.root?.server?.message ?? null;
  const [sent, setSent] = useState(false);
  const state = sent ? 'sent' : formState.isSubmitting ? 'sending' : 'idle';
  const redirectTimer = useRef<number | undefined>(undefined);
  const ids = { username: useId() };

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  // The request is ZPasswordResetRequest: the username trimmed by the schema.
  const onSubmit = handleSubmit(async (request) => {
    try {
      const result = await requestPasswordReset(request);
      if (result.status !== 'success')
        throw new Error(result.error || result.message || 'Password reset failed');
      setSent(true);
      toast.success('Password Reset Sent', {
        description: 'You will receive password reset instructions via email.',
      });
      redirectTimer.current = window.setTimeout(() => void navigate('/login'), RESET_SENT_REDIRECT_MS);
    } catch (err) {
      setError('root.server', {
        message:
          err instanceof ApiError || err instanceof Error
            ? err.message || 'Failed to send password reset'
            : 'Failed to send password reset',
      });
    }
  });

  return (
    <AuthLayout>
      <AuthHeading
        title="Reset Password"
        description="Enter your username and we will e-mail you a link to set a new password."
      />
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-5">
        <Field id={ids.username} label="Username">
          <Input
            id={ids.username}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...register('username')}
            placeholder="Enter your username"
            disabled={state === 'sent'}
            autoFocus
          />
        </Field>
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        {state === 'sent' ? (
          <Alert variant="success" title="Password reset instructions sent">
            Check your inbox. Taking you back to sign in…
          </Alert>
        ) : null}
        <div className="grid grid-cols-2 gap-3">
          <Button asChild variant="secondary" size="lg">
            <Link to="/login">Cancel</Link>
          </Button>
          <Button type="submit" size="lg" disabled={state !== 'idle'}>
            {state === 'sending' ? <Spinner /> : null}
            Submit
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
