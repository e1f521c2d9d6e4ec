import { useEffect, useState } from "react";

/** A socket back within this time was never worth a "Reconnecting…" message. */
const OFFLINE_NOTICE_DELAY_MS = 2_000;

/** True once `condition` has held for `delayMs` without a break; false as soon as it stops. */
export function useLasting(condition: boolean, delayMs = OFFLINE_NOTICE_DELAY_MS): boolean {
  const [lasting, setLasting] = useState(false);
  useEffect(() => {
    setLasting(false);
    if (!condition) return;
    const timer = setTimeout(() => setLasting(true), delayMs);
    return () => clearTimeout(timer);
  }, [condition, delayMs]);
  return lasting;
}
