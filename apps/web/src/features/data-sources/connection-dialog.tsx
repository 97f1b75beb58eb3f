import {
  BIGQUERY_LOCATIONS,
  ZConnectionInput,
  type TConnection,
  type TConnectionInput,
  type TSupportedDbType,
} from '@catalyst/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { failedCall, serverMessage } from '../../lib/api-errors';
import { formatBytes } from '../../lib/format';
import { errorMessages } from '../../lib/form';
import { addConnection } from './api/add-connection';
import { useRateLimits } from './api/get-rate-limits';
import { dataSourceKeys } from './api/keys';
import { updateConnection } from './api/update-connection';
import { CsvFilesList } from './csv-files-list';
import { LIMIT_REACHED, atLimit, type CsvLimits } from './csv-limits';
import { CsvQueue, UploadRefused, useCsvQueue } from './csv-upload';

type Kind = TSupportedDbType['connectionType'];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="grid gap-1 text-sm">
      <span className="font-medium">{label}</span>
      {children}
    </label>
  );
}

const selectClass = 'h-10 rounded-md border border-input bg-background px-3 text-sm';

/** The port a database type listens on by default (MySQL 3306, PostgreSQL 5432). */
const DEFAULT_PORTS: Record<string, string> = { mysql: '3306', postgresql: '5432' };
const UNKNOWN_LIMITS: CsvLimits = { maxFiles: Infinity, maxBytes: Infinity, current: 0 };

/** The form's fields: the connection request's (ZConnectionInput), as typed. */
type ConnectionForm = z.input<typeof ZConnectionInput>;
/** The order the form lists its problems in: its fields', then the CSV files', then the server's. */
const PROBLEM_ORDER = [
  'conn_name',
  'host',
  'port',
  'db_name',
  'user_name',
  'password',
  'auth_method',
  'project_id',
  'default_dataset',
  'location',
  'credentials_file',
  'federated_provider',
  'workload_identity_pool_id',
  'service_account_email',
  'audience',
  'apiType',
  'apiKey',
  'baseUrl',
  'root.files',
  'root.server',
] as const;
const validateConnection = zodResolver(ZConnectionInput);

/** New Data Source and Edit dialogs (spec document 3): the form follows the connection type. */
export function ConnectionDialog({
  types,
  existing,
  onClose,
  onSaved,
}: {
  types: TSupportedDbType[];
  existing?: TConnection;
  onClose: () => void;
  onSaved: () => void;
}) {
  const meta = (existing?.connection_metadata ?? {}) as Record<string, string | undefined>;
  const initialType = existing?.db_type ?? types[0]?.connectionName ?? 'flat_files';
  const csv = useCsvQueue();
  const queued = csv.queue.filter((f) => f.status === 'pending').length;
  // The request schema checks the typed fields; a file source also needs files queued to upload.
  const resolver: Resolver<ConnectionForm, unknown, TConnectionInput> = async (values, context, options) => {
    const result = await validateConnection(values, context, options);
    const fileSource =
      types.find((t) => t.connectionName === values.db_type)?.connectionType === 'File Source';
    if (!fileSource || queued > 0) return result;
    const files = {
      type: 'required',
      message: existing ? 'Choose the CSV files to add' : 'Choose at least one CSV file',
    };
    return { values: {}, errors: { ...result.errors, root: { files } } };
  };
  const { register, control, handleSubmit, setValue, setError, formState } = useForm<
    ConnectionForm,
    unknown,
    TConnectionInput
  >({
    resolver,
    defaultValues: {
      db_type: initialType,
      conn_name: existing?.conn_name ?? '',
      host: existing?.host ?? '',
      port: existing?.port ? String(existing.port) : (DEFAULT_PORTS[initialType] ?? '5432'),
      db_name: existing?.db_name ?? '',
      user_name: existing?.user_name ?? '',
      password: '',
      auth_method: meta.auth_method ?? 'adc',
      project_id: meta.project_id ?? '',
      default_dataset: meta.default_dataset ?? '',
      location: meta.location ?? 'US',
      credentials_file: '',
      federated_provider: meta.federated_provider ?? 'github',
      workload_identity_pool_id: meta.workload_identity_pool_id ?? '',
      service_account_email: meta.service_account_email ?? '',
      audience: meta.audience ?? '',
      apiKey: '',
      apiType: existing?.apiType ?? 'custom',
      baseUrl: existing?.baseUrl ?? '',
    },
  });
  const [dbType, authMethod, typedLocation] = useWatch({
    control,
    name: ['db_type', 'auth_method', 'location'],
  });
  const location = String(typedLocation ?? '');
  const kind: Kind = types.find((t) => t.connectionName === dbType)?.connectionType ?? 'Database';
  // The port follows the type until the user types one of their own.
  const [portTouched, setPortTouched] = useState(Boolean(existing?.port));
  const chooseType = (next: string) => {
    if (!portTouched && DEFAULT_PORTS[next]) setValue('port', DEFAULT_PORTS[next]!);
  };
  const queryClient = useQueryClient();
  const rateLimits = useRateLimits({ enabled: kind === 'File Source' });
  const limits: CsvLimits | null = rateLimits.data
    ? {
        maxFiles: rateLimits.data.limits.max_csv_files,
        maxBytes: rateLimits.data.limits.max_upload_bytes,
        current: rateLimits.data.usage.csv_files,
      }
    : null;
  const pickerFull = limits !== null && atLimit(limits, queued);
  const [pickErrors, setPickErrors] = useState<string[]>([]);
  const errors = errorMessages(formState.errors, PROBLEM_ORDER);
  const saving = formState.isSubmitting;
  const [outcome, setOutcome] = useState<string | null>(null);
  const locations: readonly string[] = BIGQUERY_LOCATIONS.includes(
    location as (typeof BIGQUERY_LOCATIONS)[number],
  )
    ? BIGQUERY_LOCATIONS
    : [location, ...BIGQUERY_LOCATIONS];
  const filesChanged = () => {
    void queryClient.invalidateQueries({ queryKey: dataSourceKeys.rateLimits });
    onSaved();
  };

  const save = handleSubmit(async (v) => {
    const fail = (message: string) => setError('root.server', { message });
    try {
      if (kind === 'File Source') {
        const result = await csv.upload({
          connId: existing?.conn_id,
          name: existing?.conn_name ?? v.conn_name,
        });
        if (existing)
          void queryClient.invalidateQueries({ queryKey: dataSourceKeys.csvFiles(existing.conn_id) });
        void queryClient.invalidateQueries({ queryKey: dataSourceKeys.rateLimits });
        if (result && result.loaded > 0)
          toast.success(existing ? 'Connection updated successfully' : 'Connection added successfully');
        // "Not created" only when every file is known to have failed: a lost progress stream
        // says nothing about how the load ended (the source's files list does).
        if (result && result.loaded === 0 && result.untracked === 0 && !existing)
          setOutcome('The data source was not created: none of its files could be loaded.');
        else if (result && result.untracked > 0)
          setOutcome(
            `Catalyst lost track of ${result.untracked === 1 ? '1 file' : `${result.untracked} files`} while loading: the data source's files show how the load ended.`,
          );
      } else {
        // The request as the schema read it (trimmed, the port a number, blanks left out).
        const body: Record<string, unknown> = { conn_name: v.conn_name, db_type: v.db_type };
        if (kind === 'Database')
          Object.assign(body, {
            host: v.host,
            port: v.port,
            db_name: v.db_name,
            user_name: v.user_name,
            password: v.password,
          });
        if (kind === 'Data Warehouse')
          Object.assign(body, {
            auth_method: v.auth_method,
            project_id: v.project_id,
            default_dataset: v.default_dataset,
            location: v.location,
            credentials_file: v.credentials_file,
            ...(v.auth_method === 'wif'
              ? {
                  federated_provider: v.federated_provider,
                  workload_identity_pool_id: v.workload_identity_pool_id,
                  service_account_email: v.service_account_email,
                  audience: v.audience,
                }
              : {}),
          });
        if (kind === 'API') Object.assign(body, { apiKey: v.apiKey, apiType: v.apiType, baseUrl: v.baseUrl });
        if (existing) await updateConnection({ ...body, conn_id: existing.conn_id });
        else await addConnection(body);
        toast.success(existing ? 'Connection updated successfully' : 'Connection added successfully');
      }
      onSaved();
      if (kind !== 'File Source') onClose();
    } catch (error) {
      // Spec document 3 §8 (and document 2 §8 'Failed to create connection: <status>').
      if (error instanceof UploadRefused) fail(error.message);
      else if (existing)
        fail(
          [
            'Failed to update database connection.',
            serverMessage(error) ?? failedCall('Failed to update connection', error, ''),
          ]
            .filter(Boolean)
            .join('\n'),
        );
      else
        fail(
          serverMessage(error) ??
            failedCall('Failed to create connection', error, 'Failed to create database connection.'),
        );
    }
  });

  const done =
    kind === 'File Source' &&
    csv.queue.length > 0 &&
    csv.queue.every((f) => f.status === 'success' || f.status === 'failed');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogTitle>{existing ? 'Edit Data Source' : 'New Data Source'}</DialogTitle>
        <DialogDescription>
          {existing
            ? 'Change how Catalyst reaches this data.'
            : 'Connect a database, a data warehouse, an API, or upload CSV files.'}
        </DialogDescription>
        <form onSubmit={(e) => void save(e)} noValidate>
          <div className="mt-4 grid gap-3">
            <Field label="Connection type">
              <select
                className={selectClass}
                disabled={Boolean(existing)}
                {...register('db_type', {
                  onChange: (e: { target: HTMLSelectElement }) => chooseType(e.target.value),
                })}
              >
                {types.map((t) => (
                  <option key={t.connectionName} value={t.connectionName}>
                    {t.displayName} ({t.connectionType})
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Name">
              <Input
                {...register('conn_name')}
                readOnly={Boolean(existing) && kind === 'File Source'}
                aria-readonly={Boolean(existing) && kind === 'File Source'}
              />
            </Field>
            {kind === 'Database' ? (
              <>
                <div className="grid grid-cols-[1fr_7rem] gap-2">
                  <Field label="Hostname">
                    <Input {...register('host')} />
                  </Field>
                  <Field label="Port">
                    <Input
                      inputMode="numeric"
                      {...register('port', { onChange: () => setPortTouched(true) })}
                    />
                  </Field>
                </div>
                <Field label="Database">
                  <Input {...register('db_name')} />
                </Field>
                <Field label="Username">
                  <Input {...register('user_name')} autoComplete="off" />
                </Field>
                <Field label="Password">
                  <Input
                    type="password"
                    {...register('password')}
                    autoComplete="new-password"
                    placeholder={existing?.has_credentials ? 'Saved — leave blank to keep' : ''}
                  />
                </Field>
              </>
            ) : null}
            {kind === 'Data Warehouse' ? (
              <>
                <Field label="Auth method">
                  <select className={selectClass} {...register('auth_method')}>
                    <option value="adc">adc</option>
                    <option value="wif">wif</option>
                    <option value="service_account">service_account</option>
                  </select>
                </Field>
                <Field label="project_id">
                  <Input {...register('project_id')} />
                </Field>
                <Field label="default_dataset">
                  <Input {...register('default_dataset')} />
                </Field>
                <Field label="location">
                  <select className={selectClass} {...register('location')}>
                    {locations.map((l) => (
                      <option key={l} value={l}>
                        {l}
                      </option>
                    ))}
                  </select>
                </Field>
                {authMethod === 'service_account' ? (
                  <Field label="Credentials key file (.json)">
                    <input
                      type="file"
                      accept=".json,application/json"
                      onChange={(e) =>
                        void e.target.files?.[0]?.text().then((text) => setValue('credentials_file', text))
                      }
                    />
                  </Field>
                ) : null}
                {authMethod === 'wif' ? (
                  <>
                    <Field label="federated_provider">
                      <select className={selectClass} {...register('federated_provider')}>
                        {['github', 'aws', 'azure', 'other'].map((p) => (
                          <option key={p}>{p}</option>
                        ))}
                      </select>
                    </Field>
                    <Field label="workload_identity_pool_id">
                      <Input {...register('workload_identity_pool_id')} />
                    </Field>
                    <Field label="service_account_email">
                      <Input {...register('service_account_email')} />
                    </Field>
                    <Field label="audience">
                      <Input {...register('audience')} />
                    </Field>
                  </>
                ) : null}
              </>
            ) : null}
            {kind === 'API' ? (
              <>
                <Field label="API key">
                  <Input
                    type="password"
                    {...register('apiKey')}
                    placeholder={existing?.has_credentials ? 'Saved — leave blank to keep' : ''}
                  />
                </Field>
                <Field label="API type">
                  <select className={selectClass} {...register('apiType')}>
                    <option value="custom">custom</option>
                  </select>
                </Field>
                <Field label="Base URL">
                  <Input {...register('baseUrl')} placeholder="https://api.example.com/orders" />
                </Field>
              </>
            ) : null}
            {kind === 'File Source' ? (
              <>
                {existing ? <CsvFilesList connId={existing.conn_id} onChanged={filesChanged} /> : null}
                <Field label="CSV files">
                  <input
                    type="file"
                    accept=".csv,text/csv"
                    multiple
                    aria-label="CSV files"
                    aria-describedby="csv-limit"
                    className="text-sm text-muted-foreground file:mr-3 file:rounded-md file:border file:border-input file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-foreground hover:file:bg-muted disabled:opacity-60"
                    disabled={pickerFull || saving}
                    onChange={(e) => {
                      // Before the limits have arrived the server's own checks are the only ones.
                      setPickErrors(csv.add(e.target.files, limits ?? UNKNOWN_LIMITS));
                      e.target.value = '';
                    }}
                  />
                </Field>
                <p id="csv-limit" className="text-xs text-muted-foreground">
                  {rateLimits.isError
                    ? failedCall(
                        'Failed to fetch rate limits',
                        rateLimits.error,
                        'Failed to load the CSV limits',
                      )
                    : !limits
                      ? 'Reading the CSV limits…'
                      : pickerFull
                        ? LIMIT_REACHED
                        : `Up to ${limits.maxFiles} CSV files in all (${limits.current + queued} used), each up to ${formatBytes(limits.maxBytes)}.`}
                </p>
                {pickErrors.length ? (
                  <ul role="alert" className="grid gap-1 text-sm text-destructive">
                    {pickErrors.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                ) : null}
                <CsvQueue queue={csv.queue} onRemove={csv.remove} />
                {outcome ? (
                  <p role="alert" className="text-sm text-destructive">
                    {outcome}
                  </p>
                ) : null}
              </>
            ) : null}
            {errors.length ? (
              <ul
                role="alert"
                className="rounded-md border border-destructive/40 bg-destructive/10 p-2 text-sm text-destructive"
              >
                {errors
                  .flatMap((e) => e.split('\n'))
                  .map((e) => (
                    <li key={e}>{e}</li>
                  ))}
              </ul>
            ) : null}
          </div>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {done ? 'Close' : 'Cancel'}
            </Button>
            {!done ? (
              <Button type="submit" disabled={saving}>
                {saving
                  ? kind === 'File Source'
                    ? 'Uploading...'
                    : 'Testing connection...'
                  : kind === 'File Source'
                    ? 'Upload'
                    : existing
                      ? 'Save'
                      : 'Connect'}
              </Button>
            ) : null}
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
