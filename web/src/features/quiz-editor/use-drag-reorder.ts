import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { DragHandle } from "./question-card";

/**
 * The place a dragged card takes: after every other card whose middle is above the pointer.
 * Cards are the list's children carrying `data-key`.
 */
function dropIndex(list: HTMLElement, draggedKey: string, clientY: number): number {
  let index = 0;
  for (const card of list.querySelectorAll<HTMLElement>(":scope > [data-key]")) {
    if (card.dataset.key === draggedKey) continue;
    const rect = card.getBoundingClientRect();
    if (clientY > rect.top + rect.height / 2) index++;
  }
  return index;
}

/**
 * Reordering by dragging a card's handle (mouse, pen or finger: pointer events) and by its arrow
 * keys. The list reorders live under the pointer. The pointer is followed on the window, not
 * through pointer capture: React moves the handle's card in the DOM, which would end a capture.
 */
export function useDragReorder(
  list: RefObject<HTMLElement | null>,
  move: (key: string, to: number, control: "drag" | "keyboard") => void,
) {
  const [draggingKey, setDraggingKey] = useState<string | null>(null);
  const moveRef = useRef(move);
  useEffect(() => {
    moveRef.current = move;
  });

  useEffect(() => {
    if (draggingKey === null) return;
    const follow = (pointer: PointerEvent) => {
      if (!list.current) return;
      moveRef.current(draggingKey, dropIndex(list.current, draggingKey, pointer.clientY), "drag");
    };
    const stop = () => setDraggingKey(null);
    window.addEventListener("pointermove", follow);
    window.addEventListener("pointerup", stop);
    window.addEventListener("pointercancel", stop);
    return () => {
      window.removeEventListener("pointermove", follow);
      window.removeEventListener("pointerup", stop);
      window.removeEventListener("pointercancel", stop);
    };
  }, [draggingKey, list]);

  const handle = useCallback(
    (key: string, index: number): DragHandle => ({
      onPointerDown: (pointer) => {
        if (pointer.button !== 0) return;
        // No text selection or native drag while the card follows the pointer.
        pointer.preventDefault();
        setDraggingKey(key);
      },
      onKeyDown: (press) => {
        if (press.key !== "ArrowUp" && press.key !== "ArrowDown") return;
        press.preventDefault();
        moveRef.current(key, press.key === "ArrowUp" ? index - 1 : index + 1, "keyboard");
      },
    }),
    [],
  );

  return { draggingKey, handle };
}
