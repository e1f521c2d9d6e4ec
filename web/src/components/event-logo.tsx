import { eventMonogram } from "@core/schedule/event-monogram";
import { useState } from "react";
import styles from "./event-logo.module.css";

/**
 * The event's logo inside a box of the spec's size (110x100 sidebar, 110x60 login, §9), kept
 * whole; a monogram of the name stands in when there is no logo or it fails to load. Decorative:
 * the event's name is always written beside it.
 */
export function EventLogo({
  src,
  name,
  width,
  height,
}: {
  src: string | null;
  name: string;
  width: number;
  height: number;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img
        className={styles.logo}
        src={src}
        alt=""
        style={{ maxWidth: width, maxHeight: height }}
        onError={() => setFailed(src)}
      />
    );
  }
  const monogram = eventMonogram(name);
  const side = Math.min(width, height, 64);
  return (
    <span className={styles.monogram} style={{ width: side, height: side, fontSize: side * 0.36 }} aria-hidden="true">
      {monogram}
    </span>
  );
}
