import { useEffect, useState } from "react";
import type { Version } from "./version-schema";
import { fetchVersionPlays } from "./versions-api";

/**
 * Each version's plays, read when the page opens and again whenever a version comes, goes, or
 * goes online or offline. A failed read shows no counts: they are an indication, not the page's
 * purpose.
 */
export function useVersionPlays(presentationId: number, token: string, versions: Version[]) {
  const [plays, setPlays] = useState<ReadonlyMap<string, number>>(new Map());
  const key = versions.map((version) => `${version.versionId}:${version.online}`).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` says when the list changed in a way that changes the counts
  useEffect(() => {
    const abort = new AbortController();
    fetchVersionPlays(presentationId, token, abort.signal).then(setPlays, () => undefined);
    return () => abort.abort();
  }, [presentationId, token, key]);
  return plays;
}
