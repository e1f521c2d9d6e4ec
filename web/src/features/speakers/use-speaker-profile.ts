import type { SpeakerProfile } from "@core/schedule/speaker-directory";
import { useEffect, useState } from "react";
import { asApiError } from "../../lib/api";
import { fetchSpeakerProfile } from "./speaker-api";

export type SpeakerProfileState =
  | { status: "loading" }
  | { status: "ready"; profile: SpeakerProfile }
  | { status: "not-found" }
  | { status: "failed" };

/** The speaker's page data, read again when the speaker or the event's password changes. */
export function useSpeakerProfile(slug: string, speakerId: number, password: string | null): SpeakerProfileState {
  const [state, setState] = useState<{ key: string; value: SpeakerProfileState }>({
    key: "",
    value: { status: "loading" },
  });
  const key = `${slug}/${speakerId}/${password ?? ""}`;

  useEffect(() => {
    const controller = new AbortController();
    fetchSpeakerProfile(slug, speakerId, password, controller.signal).then(
      (profile) => setState({ key, value: { status: "ready", profile } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = asApiError(error);
        if (failure.status === 404) setState({ key, value: { status: "not-found" } });
        else {
          console.warn("Loading the speaker's page failed", error);
          setState({ key, value: { status: "failed" } });
        }
      },
    );
    return () => controller.abort();
  }, [slug, speakerId, password, key]);

  return state.key === key ? state.value : { status: "loading" };
}
