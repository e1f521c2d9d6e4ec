/**
 * Database row ids as every boundary reads them (HTTP bodies and paths, room messages and names):
 * positive whole numbers, at most 16 digits (below 2^53, so a JavaScript number holds them exactly).
 */
import * as v from "valibot";

/** An id in JSON: a positive whole number. */
export const Id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));

/** An id as text (a path segment, a query value, a room's name): digits without a leading zero. */
const ID_TEXT = /^[1-9][0-9]{0,15}$/;

/** An id as text, read as its number. */
export const IdText = v.pipe(v.string(), v.regex(ID_TEXT), v.transform(Number));
