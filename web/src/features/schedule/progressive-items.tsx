import { memo, type ReactNode, useEffect, useRef, useState } from "react";

/** Lists shorter than this are drawn whole at once; longer ones near the screen first. */
export const PROGRESSIVE_FROM = 120;
/** Items drawn at once at the top of a long list. */
const EAGER_ITEMS = 12;
const CHUNK_ITEMS = 20;
/** How far outside the screen a chunk is drawn before it scrolls in. */
const AHEAD = "1500px 0px";

/**
 * The `<li>` items of a list, drawn progressively when it is long: the first ones at once, the
 * rest in chunks drawn as they come near the screen (each stands as one placeholder of its
 * estimated height until then, and stays drawn after). On a slow phone a 1,000-talk programme
 * then shows its first cards at once instead of after every card is built; the browser's scroll
 * anchoring keeps the reader in place when a chunk above grows to its real height. `render`
 * should keep its identity between renders (useCallback): items are memoized on it.
 */
export function ProgressiveItems<T>({
  items,
  itemKey,
  render,
  estimatedHeight,
  progressiveFrom = PROGRESSIVE_FROM,
}: {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  render: (item: T) => ReactNode;
  /** A drawn item's usual height in pixels, list gap included. */
  estimatedHeight: number;
  /** From how many items the list is drawn progressively. */
  progressiveFrom?: number;
}) {
  const drawn = (list: readonly T[]) =>
    list.map((item) => (
      <li key={itemKey(item)}>
        <DrawnItem item={item} render={render as (item: unknown) => ReactNode} />
      </li>
    ));
  if (items.length < progressiveFrom) return <>{drawn(items)}</>;
  const chunks: T[][] = [];
  for (let start = EAGER_ITEMS; start < items.length; start += CHUNK_ITEMS)
    chunks.push(items.slice(start, start + CHUNK_ITEMS));
  return (
    <>
      {drawn(items.slice(0, EAGER_ITEMS))}
      {chunks.map((chunk) => (
        <LazyChunk key={itemKey(chunk[0] as T)} height={chunk.length * estimatedHeight}>
          {drawn(chunk)}
        </LazyChunk>
      ))}
    </>
  );
}

/**
 * One item, drawn again only when it or the way items are drawn changes: when a search narrows
 * the list, the cards that stay are not rebuilt (a slow phone's keystroke must stay under 200 ms).
 */
const DrawnItem = memo(function DrawnItem({ item, render }: { item: unknown; render: (item: unknown) => ReactNode }) {
  return render(item);
});

function LazyChunk({ height, children }: { height: number; children: ReactNode }) {
  const [near, setNear] = useState(false);
  const placeholder = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (near) return <>{children}</>;
  return <li ref={placeholder} aria-hidden="true" style={{ height }} data-testid="cards-placeholder" />;
}
