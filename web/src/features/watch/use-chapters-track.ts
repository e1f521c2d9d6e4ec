import { useEffect, useState } from "react";
import { fetchChaptersVtt } from "./watch-api";

/**
 * The public video's WebVTT chapters as a blob URL for `<track kind="chapters">`: read with the
 * page's token and password, which a track's own request would not carry. Undefined until read,
 * or when it could not be (the slide strip still shows the chapters).
 */
export function useChaptersTrack(
  presentationId: number,
  password: string | null,
  token: string | null,
  enabled: boolean,
): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    let made: string | undefined;
    fetchChaptersVtt(presentationId, password, token, abort.signal)
      .then((text) => {
        made = URL.createObjectURL(new Blob([text], { type: "text/vtt" }));
        setUrl(made);
      })
      .catch(() => setUrl(undefined));
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [presentationId, password, token, enabled]);
  return url;
}
