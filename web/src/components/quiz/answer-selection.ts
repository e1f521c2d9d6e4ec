/**
 * Spec §4: answers lock once as many options are chosen as the question has correct ones.
 * `needed` is that number (1 for a single-answer question or a survey).
 */

/** Whether the choice is complete: no further option can be added. */
export function isSelectionComplete(selected: readonly number[], needed: number): boolean {
  return selected.length >= Math.max(1, needed);
}

/**
 * The options chosen after a tap on `optionId`: a single-answer question takes the tapped option
 * (like a radio button); a multi-answer one toggles it (like a checkbox), never beyond `needed`.
 */
export function toggleOption(selected: readonly number[], optionId: number, needed: number): number[] {
  if (needed <= 1) return [optionId];
  if (selected.includes(optionId)) return selected.filter((id) => id !== optionId);
  return isSelectionComplete(selected, needed) ? [...selected] : [...selected, optionId];
}
