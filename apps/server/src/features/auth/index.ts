export { findUserByUsername } from './repo';
export { authRoutes } from './routes';
export { requestPasswordReset } from './service';
export {
  type AuthContext,
  createSessionCache,
  dropCachedSessions,
  permissionsOf,
  resolveSession,
  revokeOrgSessions,
  revokeUserSessions,
  type SessionCache,
  SESSIONS_ENDED,
  type SessionsEnded,
} from './sessions';
export { type AttemptThrottle, isThrottled, takeAttempt } from './throttle';
