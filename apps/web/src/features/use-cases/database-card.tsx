import type { TConnection } from '@catalyst/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Combobox } from '../../components/ui/combobox';
import { inputClassName } from '../../components/ui/input';

/**
 * Database Configuration (spec document 2 §2.4, §4.4, §8): the connection select and the schema
 * combobox with search, with the spec's loading, empty and error texts.
 */
export function DatabaseCard({
  connections,
  schemas,
  connId,
  schema,
  saving,
  onConnection,
  onSchema,
}: {
  connections: UseQueryResult<TConnection[]>;
  schemas: UseQueryResult<string[]>;
  connId: number | null;
  schema: string;
  saving: boolean;
  onConnection: (connId: number | null) => void;
  onSchema: (schema: string) => void;
}) {
  const list = connections.data ?? [];
  return (
    <Card className="grid gap-4 p-5">
      <div>
        <h2 className="font-semibold">Database Configuration</h2>
        <p className="text-sm text-muted-foreground">Choose the connection and schema this use case reads.</p>
      </div>
      {connections.isError ? (
        <Alert variant="destructive" title={`Error loading connections: ${connections.error.message}`}>
          <Button variant="link" onClick={() => void connections.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : connections.isSuccess && list.length === 0 ? (
        <Alert title="No database connections found. Please add connections first.">
          <Link className="text-primary underline-offset-4 hover:underline" to="/database-connections">
            Go to Data Sources
          </Link>
        </Alert>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="grid gap-1.5 text-sm font-medium">
          Connection
          <select
            className={inputClassName}
            value={connId ?? ''}
            disabled={connections.isLoading || connections.isError}
            onChange={(e) => onConnection(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">
              {connections.isLoading ? 'Loading connections...' : 'Select a connection'}
            </option>
            {list.map((c) => (
              <option key={c.conn_id} value={c.conn_id}>
                {c.conn_name}
              </option>
            ))}
          </select>
        </label>
        <div className="grid gap-1.5 text-sm font-medium">
          <span>Schema</span>
          <Combobox
            label="Schema"
            value={schema}
            options={(schemas.data ?? []).map((s) => ({ value: s, label: s }))}
            onChange={onSchema}
            disabled={connId === null || schemas.isLoading || schemas.isError || saving}
            loading={schemas.isLoading && connId !== null}
            placeholder={connId === null ? 'Select a connection first' : 'Select a schema'}
            searchPlaceholder="Search schemas..."
            emptyText="No schemas found for this connection"
            noMatchText="No schema found."
          />
        </div>
      </div>
      {schemas.isError ? (
        <Alert variant="destructive" title={`Error: ${schemas.error.message}`}>
          <Button variant="link" onClick={() => void schemas.refetch()}>
            Retry loading schemas
          </Button>
        </Alert>
      ) : schemas.isSuccess && schemas.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No schemas found for this connection</p>
      ) : null}
    </Card>
  );
}
