import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { PasswordInput } from '../../components/ui/password-input';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, NetworkError } from '../../lib/api';
import { errorMessages } from '../../lib/form';
import { saveSession } from '../../lib/session';
import { acceptEula } from './api/accept-eula';
import { login } from './api/login';
import { validateEula } from './api/validate-eula';
import { AuthHeading, AuthLayout } from './components/auth-layout';
import { FacebookIcon, GoogleIcon, LinkedInIcon } from './components/social-icons';
import { SIGN_IN_ORDER, ZSignInForm, ZSignUpForm, type SignUpFormValues } from './validation';

type Mode = 'signin' | 'signup';

/** Spec document 1 §4: the licence check runs 1 s after typing stops; sign-up waits 800 ms. */
const EULA_CHECK_DELAY_MS = 1000;
const SIGN_UP_DELAY_MS = 800;

const PROVIDERS = [
  { name: 'Google', icon: GoogleIcon },
  { name: 'Facebook', icon: FacebookIcon },
  { name: 'LinkedIn', icon: LinkedInIcon },
] as const;

function loginFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Invalid username or password';
    // Throttling and validation answers carry a message the user can act on.
    if (error.status === 429 || error.status === 400) return error.message;
    return error.statusText ? `Login failed: ${error.statusText}` : 'Login failed';
  }
  return 'An error occurred during login';
}

/** /login: sign in, or the (simulated) create-account form. */
export function LoginPage() {
  const [mode, setMode] = useState<Mode>('signin');
  const signIn = mode === 'signin';
  // The request schema of the mode (ZLoginRequest with the spec's messages); problems show one at
  // a time, on submit, as the spec's texts.
  const form = useForm<SignUpFormValues>({
    resolver: zodResolver(signIn ? ZSignInForm : ZSignUpForm),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '', licenseAccepted: false },
    reValidateMode: 'onSubmit',
  });
  const { register, control, handleSubmit, setValue, clearErrors, formState } = form;
  const formError = errorMessages(formState.errors, SIGN_IN_ORDER)[0] ?? null;
  const submitting = formState.isSubmitting;
  const username = useWatch({ control, name: 'username' });
  const ids = {
    username: useId(),
    email: useId(),
    password: useId(),
    confirm: useId(),
    license: useId(),
    error: useId(),
  };

  // Pre-tick the licence box when the typed user has already accepted it (sign-in mode only).
  useEffect(() => {
    const name = username.trim();
    if (mode !== 'signin' || !name) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      validateEula(name, controller.signal)
        .then((result) => {
          if (result.isEulaAccepted) setValue('licenseAccepted', true);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.warn('EULA validation failed', error);
        });
    }, EULA_CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [username, mode, setValue]);

  const switchMode = (next: Mode) => {
    setMode(next);
    clearErrors();
    setValue('password', '');
    setValue('confirmPassword', '');
  };

  const submitSignIn = async ({ username, password }: { username: string; password: string }) => {
    try {
      const session = await login({ username, password });
      if (!session.isEulaAccepted) {
        try {
          await acceptEula();
        } catch (error) {
          console.warn('EULA acceptance failed', error);
          toast.error('EULA acceptance failed');
        }
      }
      // Saving the session makes the public-route guard move on to the app.
      saveSession({ ...session, isEulaAccepted: true });
    } catch (error) {
      if (!(error instanceof ApiError) && !(error instanceof NetworkError)) console.error(error);
      toast.error('Authentication Failed', { description: loginFailure(error) });
    }
  };

  const submitSignUp = async () => {
    try {
      // Account creation is simulated (spec document 1 §4): no server call is made.
      await new Promise((resolve) => window.setTimeout(resolve, SIGN_UP_DELAY_MS));
      toast.success('Account Created', {
        description: 'Your account has been created successfully. Please sign in.',
      });
      switchMode('signin');
    } catch {
      toast.error('Failed to create account');
    }
  };

  const onSubmit = handleSubmit((values) => (signIn ? submitSignIn(values) : submitSignUp()));

  return (
    <AuthLayout>
      <AuthHeading
        title={signIn ? 'Welcome back' : 'Create your account'}
        description={
          signIn ? 'Sign in to continue to Catalyst.' : 'Start turning your business data into decisions.'
        }
      />
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="grid gap-5"
        aria-describedby={formError ? ids.error : undefined}
      >
        <Field id={ids.username} label="Username">
          <Input
            id={ids.username}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...register('username')}
            placeholder="Enter your username"
            autoFocus
          />
        </Field>
        {signIn ? null : (
          <Field id={ids.email} label="Email">
            <Input
              id={ids.email}
              type="email"
              autoComplete="email"
              {...register('email')}
              placeholder="you@company.com"
            />
          </Field>
        )}
        <Field
          id={ids.password}
          label="Password"
          aside={
            signIn ? (
              <Link
                to="/forgot-password"
                className="rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring dark:text-accent-foreground"
              >
                Forgot password?
              </Link>
            ) : null
          }
        >
          <PasswordInput
            id={ids.password}
            autoComplete={signIn ? 'current-password' : 'new-password'}
            {...register('password')}
            placeholder={signIn ? 'Enter your password' : 'Create a password'}
          />
        </Field>
        {signIn ? null : (
          <Field id={ids.confirm} label="Confirm password">
            <PasswordInput
              id={ids.confirm}
              autoComplete="new-password"
              {...register('confirmPassword')}
              placeholder="Repeat the password"
            />
          </Field>
        )}
        <div className="flex items-start gap-2.5">
          <Controller
            control={control}
            name="licenseAccepted"
            render={({ field }) => (
              <Checkbox
                id={ids.license}
                ref={field.ref}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                className="mt-px"
              />
            )}
          />
          <Label htmlFor={ids.license} className="cursor-pointer leading-5 font-normal text-muted-foreground">
            I accept the license agreement
          </Label>
        </div>
        {formError ? (
          <Alert variant="destructive" id={ids.error}>
            {formError}
          </Alert>
        ) : null}
        <Button type="submit" size="lg" disabled={submitting} className="w-full">
          {submitting ? <Spinner /> : null}
          {signIn ? 'Sign In' : 'Create Account'}
        </Button>
      </form>

      <div className="my-7 flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        Or continue with
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="grid grid-cols-3 gap-3">
        {PROVIDERS.map(({ name, icon: Icon }) => (
          <Button
            key={name}
            variant="secondary"
            onClick={() => toast.info('Coming Soon', { description: `${name} login will be available soon` })}
            aria-label={`Continue with ${name}`}
          >
            <Icon />
            <span className="hidden sm:inline">{name}</span>
          </Button>
        ))}
      </div>

      <p className="mt-8 text-center text-sm text-muted-foreground">
        {signIn ? "Don't have an account?" : 'Already have an account?'}{' '}
        <button
          type="button"
          onClick={() => switchMode(signIn ? 'signup' : 'signin')}
          className="cursor-pointer rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring dark:text-accent-foreground"
        >
          {signIn ? 'Create account' : 'Sign in'}
        </button>
      </p>
    </AuthLayout>
  );
}
