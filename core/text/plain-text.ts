/**
 * Text that people type and others read (names, nicknames, posts) loses the characters that only
 * serve to hide or disguise: C0/C1 control characters (NUL among them) and the Unicode bidi
 * embedding, override and isolate controls, which can show a nickname reversed on the podium.
 * Line breaks survive only where the text is multi-line.
 */
import * as v from "valibot";

// U+061C, U+200E–U+200F, U+202A–U+202E and U+2066–U+2069: the invisible direction marks and controls.
const BIDI_CONTROLS = "\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069";
const SINGLE_LINE_STRIPPED = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}]`, "g");
// Multi-line text keeps its line feeds and tabs; a carriage return is folded into the line feed first.
const MULTI_LINE_STRIPPED = new RegExp(`[\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}]`, "g");

/** A one-line text without control or bidi characters (a name, a nickname, a title). */
export function singleLineText(text: string): string {
  return text.replace(SINGLE_LINE_STRIPPED, "");
}

/** A multi-line text without control or bidi characters; CRLF and lone CR become LF. */
export function multiLineText(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(MULTI_LINE_STRIPPED, "");
}

/** valibot step: strips what `singleLineText` strips (put it before `trim` and the length checks). */
export const toSingleLineText = v.transform(singleLineText);
/** valibot step: strips what `multiLineText` strips (put it before `trim` and the length checks). */
export const toMultiLineText = v.transform(multiLineText);
