import { permissionOf, type TPermission } from '@catalyst/contracts';
import { ShieldOff } from 'lucide-react';
import { Card } from './ui/card';

/** The honest state of a screen (or part of one) the user's role does not open. */
export function NoAccess({
  permission,
  what,
  className,
}: {
  permission: TPermission;
  what: string;
  className?: string;
}) {
  return (
    <Card
      className={className ?? 'mt-6 flex flex-col items-center p-10 text-center'}
      role="status"
      data-testid="no-access"
    >
      <span className="grid size-11 place-items-center rounded-full bg-muted text-muted-foreground">
        <ShieldOff className="size-5" aria-hidden />
      </span>
      <p className="mt-3 text-lg font-medium">You don't have access</p>
      <p className="mt-1 max-w-md text-sm text-muted-foreground">
        {what} needs the <span className="font-medium text-foreground">{permission}</span> permission (
        {permissionOf(permission).name}). Ask an administrator to give your role this permission.
      </p>
    </Card>
  );
}
