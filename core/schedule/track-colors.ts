/**
 * Colours for schedule tracks that come without one. Mid-tone colours that stay readable with
 * white text on a card and remain distinct from each other side by side in the synopsis.
 */
export const TRACK_PALETTE = [
  "#2563eb",
  "#dc2626",
  "#16a34a",
  "#d97706",
  "#7c3aed",
  "#0891b2",
  "#db2777",
  "#65a30d",
  "#ea580c",
  "#4f46e5",
  "#0d9488",
  "#c026d3",
] as const;

/**
 * A colour for a track name, the same on every run, machine and runtime: FNV-1a (32-bit) over the
 * name's UTF-16 code units picks a palette entry. Only the surrounding spaces of the name are ignored.
 */
export function trackColor(name: string): string {
  const key = name.trim();
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return TRACK_PALETTE[hash % TRACK_PALETTE.length] ?? TRACK_PALETTE[0];
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** True for CSS hex colours: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`. */
export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}
