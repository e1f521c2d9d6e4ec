import { type RefObject, useEffect, useState } from "react";

/** The element's current width in CSS pixels (undefined until measured), followed as it resizes. */
export function useElementWidth(element: RefObject<HTMLElement | null>): number | undefined {
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
