import type { VersionProgress } from "@core/protocol/version-stream";
import { isInProgress } from "@core/versions/status";
import { useCallback, useEffect, useRef, useState } from "react";
import { type ApiError, asApiError } from "../../lib/api";
import type { SpeakerPresentation, Version } from "./version-schema";
import { useVersionStream } from "./version-stream";
import { fetchSpeakerPresentation } from "./versions-api";

/** Spec §7: the versions page asks for the talk again once, 4 s after opening. */
export const RELOAD_AFTER_OPEN_MS = 4_000;

/** Newest first (spec §2 upload-version page), whatever order an answer came in. */
const newestFirst = (versions: Version[]) => [...versions].sort((a, b) => b.date.localeCompare(a.date));

export interface TalkVersions {
  talk: SpeakerPresentation | null;
  versions: Version[];
  loadError: ApiError | null;
  /** Versions whose processing reached 100 % while the page was open ('The video with chapters is ready'). */
  ready: ReadonlySet<string>;
  /** Replaces the list with a change's answer (each change answers the talk's versions). */
  setVersions: (versions: Version[]) => void;
  reload: () => void;
}

/**
 * A talk's versions for its speaker: loaded on opening and once more 4 s later, then kept current
 * by the version-stream room (progress in place; a version that ends is read again for its
 * duration, chapters and files).
 */
export function useTalkVersions(presentationId: number, token: string): TalkVersions {
  const [talk, setTalk] = useState<SpeakerPresentation | null>(null);
  const [versions, setVersionList] = useState<Version[]>([]);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [ready, setReady] = useState<ReadonlySet<string>>(new Set());
  const latestRequest = useRef(0);
  const known = useRef<Version[]>([]);
  known.current = versions;

  const setVersions = useCallback((next: Version[]) => {
    // A change's answer is newer than any read still under way.
    latestRequest.current++;
    setVersionList(newestFirst(next));
  }, []);

  const reload = useCallback(() => {
    const request = ++latestRequest.current;
    fetchSpeakerPresentation(presentationId, token).then(
      (loaded) => {
        if (request !== latestRequest.current) return;
        setTalk(loaded);
        setVersionList(newestFirst(loaded.versions));
        setLoadError(null);
      },
      (error: unknown) => {
        if (request === latestRequest.current) setLoadError(asApiError(error));
      },
    );
  }, [presentationId, token]);

  useEffect(() => {
    reload();
    const again = setTimeout(reload, RELOAD_AFTER_OPEN_MS);
    return () => clearTimeout(again);
  }, [reload]);

  const onProgress = useCallback(
    (progress: VersionProgress) => {
      const current = known.current.find((version) => version.versionId === progress.versionId);
      if (progress.percent >= 100 && progress.status === "success")
        setReady((previous) => new Set(previous).add(progress.versionId));
      if (!current) {
        reload();
        return;
      }
      // An ending shows at once on its row; the reload then brings what it made (duration, chapters).
      if (!isInProgress(progress.status) && isInProgress(current.status)) reload();
      setVersionList((list) =>
        list.map((version) =>
          version.versionId === progress.versionId
            ? // The percent shown never goes back, whatever order reports arrive in.
              { ...version, status: progress.status, percent: Math.max(version.percent, progress.percent) }
            : version,
        ),
      );
    },
    [reload],
  );
  const onEmpty = useCallback(() => {
    if (known.current.some((version) => isInProgress(version.status))) reload();
  }, [reload]);
  useVersionStream(presentationId, token, { onProgress, onEmpty });

  return { talk, versions, loadError, ready, setVersions, reload };
}
