export { useCurrentUser } from './api/get-current-user';
export { useLogout } from './api/logout';
// The signed-out pages load on demand: their forms' validation (react-hook-form, zod) stays out of
// the code every page needs.
export const loadLoginPage = () => import('./login-page');
export const loadForgotPasswordPage = () => import('./forgot-password-page');
export const loadSetPasswordPage = () => import('./set-password-page');
