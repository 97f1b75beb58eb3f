import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { HIDDEN_API_KEY, type TApiKey, type TApiKeyStatus } from '@catalyst/contracts';
import { CheckCircle2, Copy, Eye, EyeOff, KeyRound, MinusCircle, Plus, Trash2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { formatCount, formatDate } from '../../../lib/format';
import { errorMessage, formatLastLogin } from '../format';
import { Badge, TabState } from '../parts';
import { deleteApiKey } from '../api/delete-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { CreateKeyDialog } from './create-key-dialog';
import { copyText } from './format';

const STATUS: Record<
  TApiKeyStatus,
  { label: string; tone: 'success' | 'neutral' | 'danger'; Icon: typeof CheckCircle2; hint: string }
> = {
  active: { label: 'Active', tone: 'success', Icon: CheckCircle2, hint: 'The key works' },
  inactive: {
    label: 'Inactive',
    tone: 'neutral',
    Icon: MinusCircle,
    hint: 'Its creator or organization was deactivated, so the key does not work',
  },
  expired: {
    label: 'Expired',
    tone: 'danger',
    Icon: XCircle,
    hint: 'Past its expiry date, so the key does not work',
  },
};

function KeyStatusBadge({ status }: { status: TApiKeyStatus }) {
  const { label, tone, Icon, hint } = STATUS[status];
  return (
    <Badge tone={tone} className="gap-1">
      <Icon className="size-3.5" aria-hidden />
      <span title={hint}>{label}</span>
    </Badge>
  );
}

/** API Keys sub-tab: the organisation's keys, a create dialog and delete with confirmation. */
export function KeysPanel({ manage, onChanged }: { manage: boolean; onChanged: () => Promise<unknown> }) {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TApiKey | null>(null);

  return (
    <section aria-label="API Keys">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Keys let other systems call Catalyst's public API. Each acts for the user who created it.
        </p>
        {manage ? (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden /> Create Key
          </Button>
        ) : null}
      </div>
      {keys.isLoading ? (
        <TabState state="loading" />
      ) : keys.isError ? (
        <TabState
          state="error"
          message={errorMessage(keys.error, 'Failed to load API keys')}
          onRetry={() => void keys.refetch()}
        />
      ) : (keys.data ?? []).length === 0 ? (
        <TabState
          state="empty"
          empty={
            <span className="flex flex-col items-center gap-2">
              <KeyRound className="size-6" aria-hidden />
              <span>No API keys yet.{manage ? ' Create one to call the public API.' : ''}</span>
            </span>
          }
        />
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-3" aria-label="API keys">
          {(keys.data ?? []).map((key) => (
            <KeyItem key={key.id} apiKey={key} manage={manage} onDelete={() => setDeleting(key)} />
          ))}
        </ul>
      )}
      {creating ? (
        <CreateKeyDialog onClose={() => setCreating(false)} onCreated={() => void onChanged()} />
      ) : null}
      {deleting ? (
        <DeleteKeyDialog
          apiKey={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={async () => {
            setDeleting(null);
            toast.success('API key deleted successfully');
            await onChanged();
          }}
        />
      ) : null}
    </section>
  );
}

function KeyItem({ apiKey, manage, onDelete }: { apiKey: TApiKey; manage: boolean; onDelete: () => void }) {
  const [shown, setShown] = useState(false);
  const copy = () =>
    copyText(apiKey.prefix.replace(/…$/, '')).then(
      () => toast.success('Copied to clipboard'),
      () => toast.error('Could not copy the key prefix.'),
    );
  const facts: [string, string][] = [
    ['Created', `${formatDate(apiKey.createdAt)} by ${apiKey.createdBy}`],
    ['Last used', formatLastLogin(apiKey.lastUsed)],
    ['Expires', apiKey.expiresAt ? formatDate(apiKey.expiresAt) : 'Never'],
    ['Requests', formatCount(apiKey.requestCount)],
    ['Rate limit', `${formatCount(apiKey.rateLimit)}/min`],
  ];
  return (
    <li className="rounded-xl border border-border bg-surface p-4 shadow-xs" aria-label={apiKey.name}>
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          <h3 className="truncate font-medium">{apiKey.name}</h3>
          <KeyStatusBadge status={apiKey.status} />
          {apiKey.permissions.map((p) => (
            <Badge key={p} tone="primary">
              {p}
            </Badge>
          ))}
        </div>
        {manage ? (
          <Button
            variant="ghost"
            size="icon"
            className="-mt-1 -mr-1 text-muted-foreground hover:text-destructive"
            aria-label={`Delete ${apiKey.name}`}
            title="Delete"
            onClick={onDelete}
          >
            <Trash2 aria-hidden />
          </Button>
        ) : null}
      </div>
      <div className="mt-3 flex items-center gap-1 rounded-lg bg-muted/60 py-1 pr-1 pl-3">
        <code
          className="min-w-0 flex-1 truncate font-mono text-[13px]"
          title={
            shown ? 'Only the prefix is kept; the whole key was shown once, when it was created' : undefined
          }
        >
          {shown ? apiKey.prefix : HIDDEN_API_KEY}
        </code>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={shown ? `Hide ${apiKey.name}` : `Reveal ${apiKey.name}`}
          aria-pressed={shown}
          title={shown ? 'Hide' : 'Reveal prefix'}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Copy ${apiKey.name} prefix`}
          title="Copy prefix"
          onClick={() => void copy()}
        >
          <Copy aria-hidden />
        </Button>
      </div>
      {shown ? (
        <p className="mt-1.5 text-xs text-muted-foreground">
          Only the key's prefix is kept. The whole key was shown once, when it was created.
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-5">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="truncate tabular-nums" title={value}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

function DeleteKeyDialog({
  apiKey,
  onClose,
  onDeleted,
}: {
  apiKey: TApiKey;
  onClose: () => void;
  onDeleted: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteApiKey(apiKey.id);
      await onDeleted();
    } catch (e) {
      setError(errorMessage(e, 'Failed to delete the API key.'));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open
      title="Delete API Key"
      description="Are you sure you want to delete this API key? This action cannot be undone."
      busy={busy}
      onConfirm={() => void remove()}
      onCancel={onClose}
    >
      <p className="text-sm">
        <span className="font-medium">{apiKey.name}</span>{' '}
        <code className="font-mono text-xs text-muted-foreground">{apiKey.prefix}</code> stops working at
        once.
      </p>
      {error ? (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
