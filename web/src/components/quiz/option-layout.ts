import type { CSSProperties } from "react";

/**
 * Spec §2/§9 option layouts, breaking at 4, 6 and 8 options: up to 4 two by two (a b / c d);
 * up to 6 with 3 per column; up to 8 with 4 per column; more with 5 per column, then the rest.
 */
const FEW_OPTIONS = 4;
const OPTIONS_PER_COLUMN: [maxOptions: number, perColumn: number][] = [
  [6, 3],
  [8, 4],
];
const MANY_OPTIONS_PER_COLUMN = 5;

/** The grid of `count` options: rows of two up to 4, else filled column by column, a, b, c… down the first. */
export function optionGridStyle(count: number): CSSProperties {
  if (count <= FEW_OPTIONS) {
    const columns = Math.min(2, Math.max(1, count));
    return {
      "--option-rows": Math.ceil(count / columns),
      "--option-columns": columns,
      "--option-flow": "row",
    } as CSSProperties;
  }
  const rows = OPTIONS_PER_COLUMN.find(([max]) => count <= max)?.[1] ?? MANY_OPTIONS_PER_COLUMN;
  return {
    "--option-rows": rows,
    "--option-columns": Math.ceil(count / rows),
    "--option-flow": "column",
  } as CSSProperties;
}

/** Spec §9 option letters a, b, c and so on. */
export function optionLetter(index: number): string {
  return String.fromCharCode("a".charCodeAt(0) + index);
}

/** One strong colour per option, each carrying white text at 4.5:1 or more. */
const OPTION_COLORS = [
  "#d01937",
  "#1368ce",
  "#a35f00",
  "#1f7a0b",
  "#7a3fb4",
  "#0b7f86",
  "#c2410c",
  "#be185d",
  "#475569",
  "#3730a3",
];

export function optionColor(index: number): CSSProperties {
  return { "--option-color": OPTION_COLORS[index % OPTION_COLORS.length] } as CSSProperties;
}
