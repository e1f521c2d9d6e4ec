import { Fragment, useMemo } from "react";
import { splitMessageLinks } from "./message-links";

/**
 * A post or reply as written: text nodes only, line breaks kept by CSS, and http(s) addresses as
 * links that open in a new tab without handing this page to the target.
 */
export function MessageText({ text, className }: { text: string; className?: string }) {
  const parts = useMemo(() => splitMessageLinks(text), [text]);
  return (
    <p className={className}>
      {parts.map((part, index) =>
        part.kind === "link" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a given text never move
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a given text never move
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
