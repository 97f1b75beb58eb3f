import {
  API_KEY_PERMISSION_INFO,
  API_KEY_PERMISSIONS,
  DEFAULT_API_KEY_RATE_LIMIT,
  HIDDEN_API_KEY,
  type TApiKeyPermission,
  type TCreatedApiKey,
  ZCreateApiKey,
} from '@catalyst/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, Eye, EyeOff, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Field, invalidProps } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { readAs, useSchemaValid } from '../../../lib/form';
import { createApiKey } from '../api/create-api-key';
import { errorMessage } from '../format';
import { copyText, expiryToIso, parseRateLimit, todayInput } from './format';
import { FormFooter } from '../../../components/ui/form-footer';

const LABELS: Record<TApiKeyPermission, string> = { read: 'Read', write: 'Write', admin: 'Admin' };

/**
 * The request is ZCreateApiKey. The rate limit is typed as text and read as an integer (spec
 * document 3 §5); the expiry is a date, sent as the end of that day.
 */
const ZCreateKeyForm = ZCreateApiKey.extend({
  permissions: ZCreateApiKey.shape.permissions.transform((list) =>
    API_KEY_PERMISSIONS.filter((p) => list.includes(p)),
  ),
  // Read as an integer; other text goes to the contract's rule, which says what is wrong with it.
  rateLimit: readAs((text) => {
    const limit = parseRateLimit(text);
    return Number.isNaN(limit) ? text : limit;
  }, ZCreateApiKey.shape.rateLimit),
  expiresAt: readAs(expiryToIso, ZCreateApiKey.shape.expiresAt),
});
/** Create Key stays off until the key has a name and a permission (spec document 3 §5). */
const ZReady = ZCreateKeyForm.pick({ name: true, permissions: true });

/**
 * "Create API Key": name, permissions (read, write, admin), rate limit per minute (default 100)
 * and an optional expiry date. Once created, the same dialog shows the secret — hidden, with a
 * reveal toggle and a copy button — this one time only.
 */
export function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const ids = useId();
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ZCreateKeyForm),
    defaultValues: {
      name: '',
      permissions: [],
      rateLimit: String(DEFAULT_API_KEY_RATE_LIMIT),
      expiresAt: '',
    },
    mode: 'onTouched',
  });
  const ready = useSchemaValid(ZReady, control);
  const { errors, isSubmitting } = formState;
  const [created, setCreated] = useState<TCreatedApiKey | null>(null);
  const toggle = (list: TApiKeyPermission[], p: TApiKeyPermission, on: boolean) =>
    on ? [...list, p] : list.filter((x) => x !== p);

  const submit = handleSubmit(async (request) => {
    try {
      const key = await createApiKey(request);
      setCreated(key);
      toast.success('API key created successfully');
      onCreated();
    } catch (e) {
      setError('root.server', { message: errorMessage(e, 'Failed to create the API key.') });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        {created ? (
          <NewKeySecret created={created} onDone={onClose} />
        ) : (
          <>
            <DialogTitle>Create API Key</DialogTitle>
            <DialogDescription>
              The key is shown once, right after it is created: copy it then. Catalyst stores only a hash of
              it; afterwards the key is identified by its prefix.
            </DialogDescription>
            <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
              <Field id={`${ids}-name`} label="Key Name" error={errors.name?.message}>
                <Input
                  id={`${ids}-name`}
                  {...register('name')}
                  {...invalidProps(`${ids}-name`, errors.name?.message)}
                  placeholder="e.g. Reporting integration"
                  maxLength={100}
                  autoFocus
                />
              </Field>
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Permissions</legend>
                {API_KEY_PERMISSIONS.map((p) => (
                  <label
                    key={p}
                    htmlFor={`${ids}-${p}`}
                    className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-border p-3 text-sm has-[button[data-state=checked]]:border-primary/50 has-[button[data-state=checked]]:bg-primary-soft/40"
                  >
                    <Controller
                      control={control}
                      name="permissions"
                      render={({ field }) => (
                        <Checkbox
                          id={`${ids}-${p}`}
                          className="mt-0.5"
                          checked={field.value.includes(p)}
                          onCheckedChange={(v) => field.onChange(toggle(field.value, p, v === true))}
                        />
                      )}
                    />
                    <span className="min-w-0">
                      <span className="font-medium">{LABELS[p]}</span>
                      <span className="block text-xs text-muted-foreground">
                        {API_KEY_PERMISSION_INFO[p]}
                      </span>
                    </span>
                  </label>
                ))}
                <p className="text-xs text-muted-foreground">
                  A key never does more than your own role allows, now or later.
                </p>
              </fieldset>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  id={`${ids}-rate`}
                  label="Rate Limit (requests/minute)"
                  error={errors.rateLimit?.message}
                >
                  <Input
                    id={`${ids}-rate`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    {...register('rateLimit')}
                    {...invalidProps(`${ids}-rate`, errors.rateLimit?.message)}
                  />
                </Field>
                <Field id={`${ids}-expiry`} label="Expires (optional)" error={errors.expiresAt?.message}>
                  <Input
                    id={`${ids}-expiry`}
                    type="date"
                    min={todayInput()}
                    {...register('expiresAt')}
                    {...invalidProps(`${ids}-expiry`, errors.expiresAt?.message)}
                  />
                </Field>
              </div>
              <FormFooter
                error={errors.root?.server?.message ?? errors.permissions?.message}
                submitLabel={isSubmitting ? 'Creating…' : 'Create Key'}
                disabled={!ready || isSubmitting}
                onCancel={onClose}
              />
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The one time the secret is shown: hidden by default (32 dots), revealed on request, copied. */
function NewKeySecret({ created, onDone }: { created: TCreatedApiKey; onDone: () => void }) {
  const [shown, setShown] = useState(false);
  const copy = () =>
    copyText(created.key).then(
      () => toast.success('Copied to clipboard'),
      () => toast.error('Could not copy the key: select it and copy it by hand.'),
    );
  return (
    <>
      <DialogTitle>API key created</DialogTitle>
      <DialogDescription>
        Copy <strong className="font-medium text-foreground">{created.name}</strong> now. This is the only
        time the whole key is shown: Catalyst keeps just a hash, and from now on the key is identified by its
        prefix{' '}
        <code className="rounded bg-muted px-1 font-mono text-xs text-foreground">{created.prefix}</code>.
      </DialogDescription>
      <div className="grid gap-2">
        <p className="text-sm font-medium" id="new-api-key-label">
          Your API key
        </p>
        <div className="flex items-center gap-1 rounded-lg border border-border bg-muted/50 p-1.5 pl-3">
          <code
            aria-labelledby="new-api-key-label"
            data-testid="new-api-key"
            className="min-w-0 flex-1 font-mono text-[13px] break-all select-all"
          >
            {shown ? created.key : HIDDEN_API_KEY}
          </code>
          <Button
            variant="ghost"
            size="icon"
            aria-label={shown ? 'Hide key' : 'Reveal key'}
            aria-pressed={shown}
            title={shown ? 'Hide key' : 'Reveal key'}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Copy key"
            title="Copy key"
            onClick={() => void copy()}
          >
            <Copy aria-hidden />
          </Button>
        </div>
      </div>
      <Alert title="Send it as a bearer token">
        <code className="font-mono text-xs break-all">Authorization: Bearer YOUR_API_KEY</code>
      </Alert>
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <ShieldCheck className="size-4 shrink-0" aria-hidden /> Lost it? Delete the key and create a new one;
        a lost key cannot be shown again.
      </p>
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </>
  );
}
