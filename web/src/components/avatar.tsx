import { useState } from "react";
import styles from "./avatar.module.css";

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => [...(word ?? "")][0]?.toUpperCase() ?? "").join("");
}

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
