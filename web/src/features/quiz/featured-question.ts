import type { QaQuestion } from "@core/qa/changes";
import { useEffect, useState } from "react";
import { answerOf, api, callOptions } from "../../lib/api";

/** The big screen asks again this often: a moderator's choice shows within a few seconds. */
const FEATURED_POLL_MS = 3_000;

/**
 * The audience question a moderator put on the big screen (docs/qa.md), read on the screen link's
 * token: the projector's computer has no session to follow the talk's forum room with.
 */
export function useFeaturedQuestion(token: string): QaQuestion | null {
  const [featured, setFeatured] = useState<QaQuestion | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const request = api.qa.screen[":token"].$get({ param: { token } }, callOptions(undefined, controller.signal));
        setFeatured((await answerOf(request)).data.featured);
      } catch {
        // A failed read keeps what the screen shows; the next one tries again.
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void read(), FEATURED_POLL_MS);
    };
    void read();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [token]);
  return featured;
}
