import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@hdiya/contracts';

// One socket per signed-in tab, on the page's own origin (the session cookie signs it in). The
// socket is a hint: screens keep reading the API, refetch on every reconnect, and poll only while
// the socket is down (1 s / 5 s, docs/product.md#timing-in-the-web-app).

type PushEvent = keyof ServerToClientEvents;
type PushData<E extends PushEvent> = Parameters<ServerToClientEvents[E]>[0];
type Handler<E extends PushEvent> = (data: PushData<E>) => void;

/** Fired after a reconnect: whatever was pushed meanwhile is read again from the API. */
export const RECONNECTED = 'reconnected';

let socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
/** Bumped by every start and stop, so a start still loading the client after a stop does nothing. */
let generation = 0;
let connected = false;
const statusListeners = new Set<() => void>();
const handlers = new Map<string, Set<(data: unknown) => void>>();

function setConnected(value: boolean): void {
  if (connected === value) return;
  connected = value;
  for (const listener of statusListeners) listener();
}

function dispatch(event: string, data: unknown): void {
  for (const handler of handlers.get(event) ?? []) handler(data);
}

/**
 * Opens the socket (signed-in members only); safe to call again. The client library loads on
 * demand: visitors never download it.
 */
export async function startRealtime(): Promise<void> {
  if (socket) return;
  const started = ++generation;
  const { io } = await import('socket.io-client');
  if (started !== generation || socket) return;
  let everConnected = false;
  // WebSocket only: long-polling would need sticky sessions across gateway replicas, and the API
  // polling below already covers networks that block WebSockets.
  socket = io({ path: '/socket.io', transports: ['websocket'], withCredentials: true, reconnectionDelayMax: 10_000 });
  socket.on('connect', () => {
    setConnected(true);
    if (everConnected) dispatch(RECONNECTED, undefined);
    everConnected = true;
  });
  socket.on('disconnect', () => setConnected(false));
  socket.on('connect_error', () => setConnected(false));
  socket.onAny((event: string, data: unknown) => dispatch(event, data));
}

export function stopRealtime(): void {
  generation += 1;
  socket?.disconnect();
  socket = null;
  setConnected(false);
}

export function sendTyping(signal: Parameters<ClientToServerEvents['typing']>[0]): void {
  if (connected) socket?.emit('typing', signal);
}

/** True while the socket is up: screens poll only when it is not. */
export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => connected,
    () => false,
  );
}

/** Calls `handler` for each push of `event` while the component is mounted. */
export function useRealtimeEvent<E extends PushEvent>(event: E | typeof RECONNECTED, handler: Handler<E>): void {
  // The latest handler, without resubscribing when the component passes a new function.
  const onPush = useEffectEvent(handler);
  useEffect(() => {
    const listener = (data: unknown) => onPush(data as PushData<E>);
    const set = handlers.get(event) ?? new Set();
    set.add(listener);
    handlers.set(event, set);
    return () => {
      set.delete(listener);
    };
  }, [event]);
}

/** The polling of docs/product.md#timing-in-the-web-app, kept as the fallback: `intervalMs` while the socket is down, never while it is up. */
export function fallbackInterval(intervalMs: number): () => number | false {
  return () => (connected ? false : intervalMs);
}
