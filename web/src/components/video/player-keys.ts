/** A keyboard shortcut's meaning on a video page (issue 16: listed in the `?` help). */
export type PlayerCommand =
  | { type: "toggle-play" }
  | { type: "skip"; seconds: number }
  | { type: "fullscreen" }
  | { type: "mute" }
  | { type: "slide"; step: -1 | 1 }
  | { type: "help" };

/** The shortcuts in the order the help lists them, with the keys that trigger each. */
export const PLAYER_SHORTCUTS = [
  { keys: ["Space", "k"], label: "shortcut.play-pause" },
  { keys: ["j"], label: "shortcut.back-10" },
  { keys: ["l"], label: "shortcut.forward-10" },
  { keys: ["←"], label: "shortcut.back-5" },
  { keys: ["→"], label: "shortcut.forward-5" },
  { keys: ["p", "PageUp"], label: "shortcut.previous-slide" },
  { keys: ["n", "PageDown"], label: "shortcut.next-slide" },
  { keys: ["f"], label: "shortcut.fullscreen" },
  { keys: ["m"], label: "shortcut.mute" },
  { keys: ["?"], label: "shortcut.help" },
] as const;

/** The command a key press means, or null when it means nothing here (or has a modifier). */
export function playerCommandFor(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): PlayerCommand | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  switch (event.key) {
    case " ":
    case "k":
    case "K":
      return { type: "toggle-play" };
    case "j":
    case "J":
      return { type: "skip", seconds: -10 };
    case "l":
    case "L":
      return { type: "skip", seconds: 10 };
    case "ArrowLeft":
      return { type: "skip", seconds: -5 };
    case "ArrowRight":
      return { type: "skip", seconds: 5 };
    case "f":
    case "F":
      return { type: "fullscreen" };
    case "m":
    case "M":
      return { type: "mute" };
    // Presentation clickers send PageUp/PageDown.
    case "p":
    case "P":
    case "PageUp":
      return { type: "slide", step: -1 };
    case "n":
    case "N":
    case "PageDown":
      return { type: "slide", step: 1 };
    case "?":
      return { type: "help" };
    default:
      return null;
  }
}

/** Whether a key press belongs to what the user is typing into (a field, an editor), not to the player. */
export function isTypingTarget(target: { tagName?: string; isContentEditable?: boolean } | null): boolean {
  if (!target?.tagName) return false;
  if (target.isContentEditable) return true;
  return ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName.toUpperCase());
}
