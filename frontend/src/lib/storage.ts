// localStorage can throw (private mode, blocked storage) and is absent under unit tests.
export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

export function removeStorage(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // storage unavailable: nothing was kept
  }
}

/**
 * Keys of a member's private answers kept on the device (their conversations, for offline):
 * all forgotten when the device forgets the member (logout, or the API saying nobody is signed in).
 */
export const privateStorageKey = (name: string, memberId: string) => `private:${name}:${memberId}`;

export function removePrivateStorage(): void {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return;
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter((key): key is string => key?.startsWith('private:') ?? false);
    keys.forEach((key) => storage.removeItem(key));
  } catch {
    // storage unavailable: nothing was kept
  }
}
