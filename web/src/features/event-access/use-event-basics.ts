import type { PublicEvent } from "@core/schedule/public-schedule";
import { useEffect, useState } from "react";
import { fetchEventBasics } from "../../lib/api";

/** The event's branding (logo, name, dates, colours), which even a protected event shows; null until known. */
export function useEventBasics(slug: string): PublicEvent | null {
  const [event, setEvent] = useState<PublicEvent | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchEventBasics(slug, controller.signal).then(setEvent, () => {
      // Without branding the prompt still works; it just shows no logo.
    });
    return () => controller.abort();
  }, [slug]);
  return event;
}
