import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { useCurrentUser } from '../features/auth';
import { useSession } from '../lib/use-session';
import { useRefreshPermissionsOnDenial } from '../lib/permissions';
import { useTokenValidation } from './session/use-token-validation';

/** The spec's session-guard number: the token is re-validated every 15 minutes. */
const SESSION_GUARD_MINUTES = 15;

interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Protected routes: signed-out visitors go to /login, and come back here after signing in. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  useTokenValidation(session !== null, SESSION_GUARD_MINUTES);
  useCurrentUser(session !== null);
  useRefreshPermissionsOnDenial();

  if (!session) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/login" replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
}

/** Where a visitor who just signed in should land: the page they asked for, else home. */
export function redirectTarget(state: unknown): string {
  const from = (state as FromState | null)?.from;
  // Only same-app paths: `//host` would leave the site.
  if (
    !from ||
    typeof from.pathname !== 'string' ||
    !from.pathname.startsWith('/') ||
    from.pathname.startsWith('//')
  )
    return '/';
  if (['/login', '/forgot-password', '/set-password'].includes(from.pathname)) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Sign-in and password screens: an already signed-in visitor is sent on to the app. */
export function PublicOnlyRoute() {
  const session = useSession();
  const location = useLocation();
  if (session) return <Navigate to={redirectTarget(location.state)} replace />;
  return <Outlet />;
}
