import type { TUseCase } from '@catalyst/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { assignUsers } from './api/assign-users';
import { useOrgUsers } from './api/get-org-users';

/** Assign Users dialog (spec document 2 §2.3, §4.7). */
export function AssignUsersDialog({ useCase, onClose }: { useCase: TUseCase; onClose: () => void }) {
  const users = useOrgUsers(useCase.use_case_id);
  const [selected, setSelected] = useState<Set<number> | null>(null);
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const initial = new Set((users.data ?? []).filter((u) => u.isSelected).map((u) => u.id));
  const current = selected ?? initial;
  const q = search.trim().toLowerCase();
  const shown = (users.data ?? []).filter((u) =>
    `${u.firstName} ${u.lastName} ${u.userName} ${u.email}`.toLowerCase().includes(q),
  );
  const toggle = (id: number) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const submit = async () => {
    setSaving(true);
    setError(null);
    try {
      const all = users.data ?? [];
      await assignUsers(
        useCase.use_case_id,
        [...current],
        all.filter((u) => !current.has(u.id)).map((u) => u.id),
      );
      setDone(true);
      timer.current = setTimeout(() => {
        setSelected(null);
        onClose();
      }, 2000);
    } catch (e) {
      // Spec document 2 §8: a non-OK answer, or no answer at all.
      setError(
        e instanceof ApiError
          ? 'Failed to assign users. Please try again.'
          : 'An error occurred while assigning users. Please try again.',
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogTitle>Assign Users to Use Case</DialogTitle>
        <DialogDescription>Select users to assign to "{useCase.use_case_name}"</DialogDescription>
        <Input
          className="mt-4"
          placeholder="Search users by name..."
          aria-label="Search users by name..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <div className="mt-3 max-h-64 overflow-y-auto rounded-md border border-border">
          {users.isLoading ? (
            <p className="p-4 text-sm text-muted-foreground">Loading users...</p>
          ) : users.isError ? (
            <p className="p-4 text-sm text-destructive">
              {users.error instanceof Error ? users.error.message : 'Failed to fetch users'}
            </p>
          ) : shown.length === 0 ? (
            <p className="p-4 text-sm text-muted-foreground">
              {q ? 'No users found matching your search' : 'No users found'}
            </p>
          ) : (
            <ul>
              {shown.map((u) => (
                <li key={u.id}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-muted">
                    <Checkbox
                      checked={current.has(u.id)}
                      onCheckedChange={() => toggle(u.id)}
                      aria-label={`${u.firstName} ${u.lastName}`.trim() || u.userName}
                    />
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium">
                        {`${u.firstName} ${u.lastName}`.trim() || u.userName}
                      </span>
                      <span className="block truncate text-xs text-muted-foreground">{u.email}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
        {done ? (
          <p role="status" className="mt-3 text-sm text-emerald-700 dark:text-emerald-400">
            Users assigned successfully
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="mt-3 text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={saving || done || users.isLoading}>
            Assign ({current.size})
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
