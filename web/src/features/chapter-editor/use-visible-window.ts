import { type RefObject, useEffect, useState } from "react";

export interface VisibleWindow {
  /** The scroll offset, px from the timeline's start. */
  left: number;
  width: number;
}

/**
 * The part of a horizontally scrolled element in view, read at most once a frame: what the ruler
 * draws labels for (a two-hour talk at the widest zoom is 648,000 px long).
 */
export function useVisibleWindow(scroller: RefObject<HTMLElement | null>): VisibleWindow {
  const [view, setView] = useState<VisibleWindow>({ left: 0, width: 0 });
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      const left = element.scrollLeft;
      const width = element.clientWidth;
      setView((previous) => (previous.left === left && previous.width === width ? previous : { left, width }));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    read();
    element.addEventListener("scroll", schedule, { passive: true });
    const observer = new ResizeObserver(schedule);
    observer.observe(element);
    return () => {
      element.removeEventListener("scroll", schedule);
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [scroller]);
  return view;
}
