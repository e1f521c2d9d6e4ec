const VIEWER_ID_KEY = "watch.viewer-id";

/**
 * This browser's random viewer id, made once and kept in local storage, so a reload or a second
 * play of the same video the same day is not counted again (docs/watch.md).
 */
export function viewerId(): string {
  try {
    const stored = localStorage.getItem(VIEWER_ID_KEY);
    if (stored && /^[A-Za-z0-9-]{8,64}$/.test(stored)) return stored;
    const made = crypto.randomUUID();
    localStorage.setItem(VIEWER_ID_KEY, made);
    return made;
  } catch {
    // Storage blocked: a page-long id still counts this page's play once.
    return crypto.randomUUID();
  }
}
