export { useCurrentUser } from './api/get-current-user';
export { useLogout } from './api/logout';
export { ForgotPasswordPage } from './forgot-password-page';
export { LoginPage } from './login-page';
export const loadSetPasswordPage = () => import('./set-password-page');
