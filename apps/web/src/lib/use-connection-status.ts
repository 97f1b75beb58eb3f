import { useSyncExternalStore } from 'react';
import { getConnectionStatus, subscribeConnectionStatus, type ConnectionStatus } from './socket';

/** The socket's connection state, re-rendering on every change. */
export function useConnectionStatus(): ConnectionStatus {
  return useSyncExternalStore(subscribeConnectionStatus, getConnectionStatus);
}
