import { type EventTheme, eventTheme } from "@core/schedule/event-theme";
import { useEffect, useState } from "react";
import { fetchEventBasics } from "./api";

/** First path segments that are not an event's slug. */
const NOT_EVENTS = new Set(["", "visio", "screen_link"]);

/**
 * The event a path belongs to, where it names one: `/{slug}/…`, or a recording link
 * `/visio/record/{slug}/…`. Other `/visio/…` and `/screen_link/…` paths name none.
 */
export function eventSlugOfPath(pathname: string): string | null {
  const segments = pathname.split("/");
  if (segments[1] === "visio" && segments[2] === "record") return segments[3] || null;
  const first = segments[1] ?? "";
  return NOT_EVENTS.has(first) ? null : decodeURIComponent(first);
}

/**
 * The event's colours for a page drawn outside its shell (the recorder, an invalid link, an error
 * page), from the few hundred bytes of its basics; none while they load, or when there is no such
 * event, and the page keeps the product's own.
 */
export function useEventBrand(slug: string | null): EventTheme | undefined {
  const [theme, setTheme] = useState<EventTheme>();
  useEffect(() => {
    setTheme(undefined);
    if (!slug) return;
    const controller = new AbortController();
    fetchEventBasics(slug, controller.signal).then(
      (event) => setTheme(eventTheme(event)),
      // No brand is the product's own look: nothing to tell.
      () => undefined,
    );
    return () => controller.abort();
  }, [slug]);
  return theme;
}
