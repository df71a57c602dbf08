import { useSyncExternalStore } from 'react';

/** One value kept in browser storage that components can subscribe to, in sync across tabs. */
export interface StoredValue {
  get(): string | null;
  set(value: string | null): void;
  subscribe(listener: () => void): () => void;
}

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy modes, sandboxed frames); the app then keeps nothing.
    return null;
  }
}

function write(storage: Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // See read(): nothing to keep when storage refuses.
  }
}

export function storedValue(key: string, storage: Storage = window.localStorage): StoredValue {
  const listeners = new Set<() => void>();
  let current = read(storage, key);
  const notify = () => listeners.forEach((listener) => listener());

  window.addEventListener('storage', (event) => {
    if (event.key !== key && event.key !== null) return;
    current = read(storage, key);
    notify();
  });

  return {
    get: () => current,
    set(value) {
      if (value === current) return;
      current = value;
      write(storage, key, value);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStoredValue(store: StoredValue): string | null {
  return useSyncExternalStore(store.subscribe, store.get);
}
