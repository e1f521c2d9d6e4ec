import { initialsOf } from "@core/text/initials";
import { useState } from "react";
import styles from "./avatar.module.css";

/**
 * A person's round picture, or their initials when there is none or it fails to load. Decorative:
 * the name is always written beside it. Sized by the caller's CSS through `--avatar-size`; `size`
 * is the picture's intrinsic size.
 */
export function Avatar({ name, src, size }: { name: string; src: string | null; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img
        className={styles.avatar}
        src={src}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <span className={`${styles.avatar} ${styles.initials}`} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
