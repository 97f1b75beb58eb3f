import { CreditCard, LogOut, Settings, ShieldCheck, User } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useLogout } from '../../features/auth';
import { useSession } from '../../lib/use-session';
import { usePermissions } from '../../lib/permissions';

function initialOf(name: string | undefined): string {
  const first = name?.trim().charAt(0);
  return first ? first.toLocaleUpperCase() : '?';
}

/** The avatar with the user's initial and the account menu (spec document 1 §2.5). */
export function UserMenu() {
  const session = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const { canAny } = usePermissions();
  const user = session?.user;
  const displayName = user?.name || user?.username || '';

  // The spec does not say where Profile and Settings lead; until those screens exist, say so.
  const comingSoon = (what: string) =>
    toast.info('Coming Soon', { description: `${what} will be available soon` });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Open user menu"
        data-testid="user-menu-trigger"
        className="grid size-9 cursor-pointer place-items-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-600 text-sm font-semibold text-white shadow-sm ring-offset-background transition-shadow outline-none hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        {initialOf(user?.firstName || displayName)}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <p className="truncate font-medium">{displayName}</p>
          {user?.username && user.username !== displayName ? (
            <p className="truncate text-xs text-muted-foreground">@{user.username}</p>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => comingSoon('Profile')}>
          <User aria-hidden /> Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void navigate('/billing')}>
          <CreditCard aria-hidden /> Billing
        </DropdownMenuItem>
        {canAny('users.read', 'orgs.read') ? (
          <DropdownMenuItem onSelect={() => void navigate('/admin')}>
            <ShieldCheck aria-hidden /> Access Manager
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => comingSoon('Settings')}>
          <Settings aria-hidden /> Settings
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => void logout()}>
          <LogOut aria-hidden /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
