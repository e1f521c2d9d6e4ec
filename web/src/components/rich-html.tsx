import { useMemo } from "react";
import { cleanRichHtml } from "./clean-rich-html";
import styles from "./rich-html.module.css";

/**
 * User HTML (event ads, presentation information): cleaned by the Worker when stored
 * (worker/html/sanitize-html.ts) and again here before it reaches the page. Links open in a new
 * tab without handing this page to the target.
 */
export function RichHtml({ html }: { html: string }) {
  const clean = useMemo(() => cleanRichHtml(html), [html]);
  return (
    <div
      className={styles.richHtml}
      data-testid="rich-html"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned twice, by the Worker on import and by DOMPurify above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
