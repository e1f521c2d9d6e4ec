import { useSyncExternalStore } from "react";

/**
 * Whether our server can be reached. navigator.onLine alone says yes on a Wi-Fi that carries
 * nothing (a crowded conference hall, a captive portal): the API calls' outcomes say the rest.
 * A call that fails for want of a network, or that the service worker answered from its copy
 * (`x-offline-copy`), means offline; any answer of the server means online again. While offline,
 * the server is asked every few seconds (GET /api/health), so the app notices its return.
 */
export const OFFLINE_COPY_HEADER = "x-offline-copy";
const PROBE_INTERVAL_MS = 5_000;

let reachable = true;
let probe: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Records what a call to our server showed. */
export function reportServerReachable(value: boolean): void {
  if (value === reachable) return;
  reachable = value;
  if (!value && probe === undefined) {
    probe = setInterval(() => {
      fetch("/api/health", { cache: "no-store" }).then(
        (response) => reportServerReachable(!response.headers.has(OFFLINE_COPY_HEADER)),
        () => undefined,
      );
    }, PROBE_INTERVAL_MS);
  }
  if (value && probe !== undefined) {
    clearInterval(probe);
    probe = undefined;
  }
  notify();
}

export function isOnline(): boolean {
  return reachable && navigator.onLine;
}

/** Calls `listener` when the app goes offline or comes back; returns the unsubscribe. */
export function subscribeToNetwork(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Whether the app is online, kept up to date. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeToNetwork, isOnline, () => true);
}
