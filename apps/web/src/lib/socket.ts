import { io, type Socket } from 'socket.io-client';
import { getSession } from './session';

let socket: Socket | null = null;
let socketUser: string | null = null;

/**
 * The one Socket.IO connection of the app (spec document 1 §7, §9): same origin, path /socketio,
 * websocket only, 5 reconnection attempts 1000 ms apart, 20 s connection timeout. The browser
 * authenticates it with the HttpOnly session cookie (the server checks the page's Origin); no
 * token is sent. It is reopened for another user, and after the server closed it because its
 * session ended (a new sign-in in this tab then connects with the new cookie).
 */
export function getSocket(): Socket {
  const user = getSession()?.user.username ?? null;
  if (socket && socketUser === user) {
    if (!socket.active) socket.connect();
    return socket;
  }
  socket?.disconnect();
  socketUser = user;
  socket = io({
    path: '/socketio',
    transports: ['websocket'],
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
  socketUser = null;
}
