import type { Waveform } from "@core/processing/protocol";
import { useEffect, useState } from "react";
import { fetchWaveform } from "./chapter-editor-api";

/** The version's waveform peaks, once read; null without one or while loading (the lane is left out). */
export function useWaveform(url: string | null): Waveform | null {
  const [waveform, setWaveform] = useState<Waveform | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    fetchWaveform(url).then(
      (peaks) => current && setWaveform(peaks),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [url]);
  return waveform;
}
