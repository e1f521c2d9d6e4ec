import { isHexColor } from "./track-colors";

type Rgb = [number, number, number];

const DARK_TEXT = "#111827";
const LIGHT_TEXT = "#ffffff";
/** WCAG AA for normal text. */
const MIN_TEXT_CONTRAST = 4.5;

function parseHex(color: string): Rgb | null {
  if (!isHexColor(color)) return null;
  let hex = color.slice(1);
  if (hex.length <= 4) hex = [...hex].map((digit) => digit + digit).join("");
  return [0, 2, 4].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as Rgb;
}

/** WCAG relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A colour given in hex, or null when absent or not a CSS hex colour. */
export function validHexColor(color: string | null | undefined): string | null {
  return color && isHexColor(color) ? color : null;
}

/**
 * The text colour to put on `background`: the wanted one when it reads well (AA), otherwise
 * white or near-black, whichever contrasts more.
 */
export function readableTextColor(background: string, wanted?: string | null): string {
  const bg = parseHex(background);
  if (!bg) return wanted && parseHex(wanted) ? wanted : DARK_TEXT;
  const want = wanted ? parseHex(wanted) : null;
  if (wanted && want && contrast(bg, want) >= MIN_TEXT_CONTRAST) return wanted;
  const dark = parseHex(DARK_TEXT) as Rgb;
  const light = parseHex(LIGHT_TEXT) as Rgb;
  return contrast(bg, light) >= contrast(bg, dark) ? LIGHT_TEXT : DARK_TEXT;
}

/** Whether white text reads well (AA) on `color`, so it can fill buttons and highlights. */
export function carriesWhiteText(color: string): boolean {
  const rgb = parseHex(color);
  return rgb !== null && contrast(rgb, parseHex(LIGHT_TEXT) as Rgb) >= MIN_TEXT_CONTRAST;
}
