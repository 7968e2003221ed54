import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '@/lib/storage';

/**
 * Text messages written while the network is away (decision 0061): kept per member in
 * localStorage until the server has them, so neither a reload nor a closed tab loses them. Each
 * keeps its client id, so sending it again (another tab, a retry) stores it once.
 */
export interface QueuedMessage {
  clientId: string;
  receiverId: string;
  donationId: number | null;
  content: string;
  queuedAt: string;
  /** the server refused it (blocked, suspended…): kept to show it and try again, never sent by itself */
  refused?: boolean;
}

const keyOf = (memberId: string) => `messageOutbox:${memberId}`;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function readOutbox(memberId: string): QueuedMessage[] {
  try {
    const list = JSON.parse(readStorage(keyOf(memberId)) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((m: Partial<QueuedMessage>) => typeof m?.clientId === 'string' && typeof m.content === 'string' && typeof m.receiverId === 'string') : [];
  } catch {
    return [];
  }
}

function writeOutbox(memberId: string, list: QueuedMessage[]): void {
  writeStorage(keyOf(memberId), JSON.stringify(list));
  notify();
}

/** Adds a message, or puts it back as waiting (a retry of a refused one). */
export function queueMessage(memberId: string, message: Omit<QueuedMessage, 'queuedAt' | 'refused'>): void {
  const list = readOutbox(memberId);
  const kept = list.find((m) => m.clientId === message.clientId);
  writeOutbox(
    memberId,
    kept ? list.map((m) => (m.clientId === message.clientId ? { ...m, refused: false } : m)) : [...list, { ...message, queuedAt: new Date().toISOString() }],
  );
}

export function markRefused(memberId: string, clientId: string): void {
  writeOutbox(memberId, readOutbox(memberId).map((m) => (m.clientId === clientId ? { ...m, refused: true } : m)));
}

/** The server has it: out of the queue. */
export function unqueueMessage(memberId: string, clientId: string): void {
  const list = readOutbox(memberId);
  if (list.some((m) => m.clientId === clientId)) writeOutbox(memberId, list.filter((m) => m.clientId !== clientId));
}

// One snapshot per stored text, so React sees the same array until the queue changes.
let snapshot: { raw: string | null; list: QueuedMessage[] } = { raw: null, list: [] };
function snapshotOf(memberId: string): QueuedMessage[] {
  const raw = readStorage(keyOf(memberId));
  if (raw !== snapshot.raw) snapshot = { raw, list: readOutbox(memberId) };
  return snapshot.list;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's queue changes arrive as storage events.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The member's queued messages, kept current across this tab and the others. */
export function useOutbox(memberId: string): QueuedMessage[] {
  return useSyncExternalStore(subscribe, () => snapshotOf(memberId), () => []);
}
