import { useLayoutEffect, useRef } from "react";
import styles from "./rich-html.module.css";

const SAFE_HREF = /^(https?:|mailto:|\/(?!\/)|#)/i;

/**
 * HTML the server has already sanitized (event ads, presentation information). Links are checked
 * again here, as a second line: only web, mail and same-site links stay, and they open in a new
 * tab without handing this page to the target.
 */
export function RichHtml({ html }: { html: string }) {
  const container = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML means new links to check
  useLayoutEffect(() => {
    for (const link of container.current?.querySelectorAll("a") ?? []) {
      const href = link.getAttribute("href")?.trim() ?? "";
      if (!SAFE_HREF.test(href)) link.removeAttribute("href");
      link.setAttribute("rel", "noopener noreferrer nofollow");
      link.setAttribute("target", "_blank");
    }
  }, [html]);
  return (
    <div
      ref={container}
      className={styles.richHtml}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the Worker on import (worker/html/sanitize-html.ts)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
