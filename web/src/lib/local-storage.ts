// Storage can be blocked (privacy settings, sandboxed iframes): reads fall back, writes are skipped.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Not persisted; the value still applies to this page.
  }
}

/**
 * Jotai storage for values kept as bare strings (not JSON), as the spec's `locale` entry is, kept in
 * step across tabs. `parse` turns what is stored (or null) into the value; storing null removes it.
 */
export function plainStringStorage<Value extends string | null>(parse: (stored: string | null) => Value) {
  return {
    getItem: (key: string) => parse(read(key)),
    setItem: (key: string, value: Value) => write(key, value),
    removeItem: (key: string) => write(key, null),
    subscribe: (key: string, callback: (value: Value) => void) => {
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea === localStorage && event.key === key) callback(parse(event.newValue));
      };
      window.addEventListener("storage", onStorage);
      return () => window.removeEventListener("storage", onStorage);
    },
  };
}

/** A stored value read outside React, through the same parse as its atom. */
export function readPlainString<Value extends string | null>(
  key: string,
  parse: (stored: string | null) => Value,
): Value {
  return parse(read(key));
}
