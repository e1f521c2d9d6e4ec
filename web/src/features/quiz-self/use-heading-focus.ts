import { useEffect, useRef } from "react";

/**
 * A heading that takes the keyboard focus when it appears in place of what had it (the question
 * just answered), so keyboard and screen-reader users go on from there, not from the page's top.
 */
export function useHeadingFocus(takeFocus: boolean) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  return heading;
}
