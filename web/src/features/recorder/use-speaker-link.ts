import type { SessionUser } from "@core/auth/user";
import { useEffect, useState } from "react";
import * as v from "valibot";
import { SessionUserSchema, useSession } from "../../app-state/session";
import { type ApiError, apiRequest, asApiError } from "../../lib/api";

const MeSchema = v.object({ data: v.object({ user: SessionUserSchema }) });

export type SpeakerLink =
  | { kind: "checking" }
  | { kind: "valid"; user: SessionUser }
  | { kind: "invalid" }
  | { kind: "failed"; error: ApiError };

/**
 * The recording link's token checked as the speaker's own session of the event (GET /api/me):
 * a token of another event, of another user than the link names, or of a non-speaker makes the
 * link invalid. A valid one becomes the event's session in this browser when it has none, so the
 * videos page opens after the upload. The token is never logged nor shown.
 */
export function useSpeakerLink(slug: string, userId: number, token: string): SpeakerLink {
  const [state, setState] = useState<SpeakerLink>({ kind: "checking" });
  const [session, setSession] = useSession(slug);
  const hasSession = session !== null;

  useEffect(() => {
    const controller = new AbortController();
    apiRequest("GET", `/api/me?event=${encodeURIComponent(slug)}`, { token, signal: controller.signal }).then(
      (answer) => {
        const parsed = v.safeParse(MeSchema, answer);
        const user = parsed.success ? parsed.output.data.user : null;
        if (!user || user.id !== userId || !user.is_speaker) {
          setState({ kind: "invalid" });
          return;
        }
        if (!hasSession) setSession({ token, user });
        setState({ kind: "valid", user });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = asApiError(error);
        setState(failure.status === 401 ? { kind: "invalid" } : { kind: "failed", error: failure });
      },
    );
    return () => controller.abort();
  }, [slug, userId, token, hasSession, setSession]);

  return state;
}
