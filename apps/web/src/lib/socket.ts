import { io, type Socket } from 'socket.io-client';
import { getAuthToken } from './session';

let socket: Socket | null = null;
let socketToken: string | null = null;

/**
 * The one Socket.IO connection of the app (spec document 1 §7, §9): same origin, path /socketio,
 * websocket only, 5 reconnection attempts 1000 ms apart, 20 s connection timeout. It is opened
 * with the session token and reopened when the token changes.
 */
export function getSocket(): Socket {
  const token = getAuthToken();
  if (socket && socketToken === token) return socket;
  socket?.disconnect();
  socketToken = token;
  socket = io({
    path: '/socketio',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnectionAttempts: 5,
    reconnectionDelay: 1000,
    timeout: 20_000,
    withCredentials: true,
  });
  return socket;
}

export function closeSocket() {
  socket?.disconnect();
  socket = null;
  socketToken = null;
}
