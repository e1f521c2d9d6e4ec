import { type RefObject, useEffect, useRef } from "react";
import { type Chapter, chapterStepTarget } from "./chapter-position";
import { isTypingTarget, playerCommandFor } from "./player-keys";
import type { SyncedPlayerHandle } from "./synced-player";

/**
 * The player's keyboard shortcuts on the whole page (issue 16), never while the user types in a
 * field; a key that reaches a focused button or link as Space or Enter stays that control's.
 */
export function usePlayerKeyboard(
  player: RefObject<SyncedPlayerHandle | null>,
  chapters: readonly Chapter[],
  onHelp: () => void,
) {
  const latest = useRef({ chapters, onHelp });
  latest.current = { chapters, onHelp };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (event.defaultPrevented || isTypingTarget(target)) return;
      if (event.key === " " && target?.closest("button, a, [role='button']")) return;
      const command = playerCommandFor(event);
      const handle = player.current;
      if (!command || !handle) return;
      event.preventDefault();
      switch (command.type) {
        case "toggle-play":
          handle.togglePlay();
          break;
        case "skip":
          handle.seek(handle.currentTime() + command.seconds);
          break;
        case "fullscreen":
          handle.toggleFullscreen();
          break;
        case "mute":
          handle.toggleMute();
          break;
        case "slide": {
          const to = chapterStepTarget(latest.current.chapters, handle.currentTime(), command.step);
          if (to !== null) handle.seek(to);
          break;
        }
        case "help":
          latest.current.onHelp();
          break;
        default: {
          const never: never = command;
          return never;
        }
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [player]);
}
