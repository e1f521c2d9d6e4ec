import { useEffect, useRef } from "react";

export interface ShortcutActions {
  togglePlay: () => void;
  cut: () => void;
  merge: () => void;
  mergeIntoPrevious: () => void;
  step: (direction: -1 | 1) => void;
  selectNeighbour: (direction: -1 | 1) => void;
  zoom: (direction: -1 | 1) => void;
  undo: () => void;
  redo: () => void;
  help: () => void;
}

/** Whether a key press belongs to a field being typed in (no shortcut then). */
function typing(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * The editor's keys, as LosslessCut users expect them: space, B split, M merge, arrows step
 * (up/down pick the neighbour chapter), + and − zoom, Ctrl/Cmd+Z undo, Shift+Ctrl/Cmd+Z and Ctrl+Y redo,
 * Delete merges into the previous chapter, ? lists them. None while typing in a field, none while
 * `enabled` is false (a dialog is open), none a focused control already handled.
 */
export function useEditorShortcuts(actions: ShortcutActions, enabled: boolean) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || typing(event.target) || event.altKey) return;
      const run = latest.current;
      const command = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      const handled = (() => {
        if (command && key === "z") return event.shiftKey ? run.redo() : run.undo();
        if (command && key === "y") return run.redo();
        if (command) return false;
        if (key === " " && !(event.target instanceof HTMLButtonElement)) return run.togglePlay();
        if (key === "b") return run.cut();
        if (key === "m") return run.merge();
        if (key === "delete" || key === "backspace") return run.mergeIntoPrevious();
        if (key === "arrowleft") return run.step(-1);
        if (key === "arrowright") return run.step(1);
        if (key === "arrowup") return run.selectNeighbour(-1);
        if (key === "arrowdown") return run.selectNeighbour(1);
        if (event.key === "?") return run.help();
        // "+" is Shift+= on many layouts, "=" without it; the numeric keypad's and the typographic minus count too.
        if (event.key === "+" || event.key === "=") return run.zoom(1);
        if (event.key === "-" || event.key === "−") return run.zoom(-1);
        return false;
      })();
      if (handled !== false) event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}
