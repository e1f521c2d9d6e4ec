import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import type { ReactNode } from "react";

/**
 * The question list's drag and drop (@dnd-kit/sortable): a card is dragged by its handle with a
 * mouse, pen or finger, the others make way, and the drop moves it. Keyboard reordering stays on
 * the handle's arrow keys and the up/down buttons, which announce the new place.
 */
export function SortableQuestions({
  keys,
  onMove,
  children,
}: {
  keys: readonly string[];
  onMove: (key: string, to: number) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    // A few pixels of travel first, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
  );
  const drop = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const to = keys.indexOf(String(over.id));
    if (to >= 0) onMove(String(active.id), to);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={drop}>
      <SortableContext items={[...keys]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
