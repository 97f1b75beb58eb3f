export { inviteUser } from './invite';
export { adminRoutes } from './routes';
export { getUser, listUsers } from './users';
