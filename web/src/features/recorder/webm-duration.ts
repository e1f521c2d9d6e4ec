/**
 * MediaRecorder's WebM files carry no duration (the recorder streams them and never goes back),
 * so players cannot seek them and the processor refuses them as "the video has no duration".
 * This writes the take's duration into the file's Segment Info, as muxers do when they finish.
 */

const INFO_ID = [0x15, 0x49, 0xa9, 0x66];
const DURATION_ID = 0x4489;
const TIMECODE_SCALE_ID = 0x2ad7b1;
/** Matroska's default: timestamps in milliseconds. */
const DEFAULT_TIMECODE_SCALE_NS = 1_000_000;
/** Segment Info sits right after the header: the first few kilobytes hold it. */
const HEAD_BYTES = 64 * 1024;

/** Length of an EBML variable-size integer from its first byte (1 to 8), 0 when invalid. */
function vintLength(first: number): number {
  for (let length = 1; length <= 8; length++) if (first & (0x100 >> length)) return length;
  return 0;
}

function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): { length: number; value: number } | null {
  const first = bytes[at];
  if (first === undefined) return null;
  const length = vintLength(first);
  if (length === 0 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let index = 1; index < length; index++) value = value * 256 + (bytes[at + index] ?? 0);
  return { length, value };
}

function findInfo(bytes: Uint8Array): number {
  outer: for (let at = 0; at + INFO_ID.length <= bytes.length; at++) {
    for (let index = 0; index < INFO_ID.length; index++) if (bytes[at + index] !== INFO_ID[index]) continue outer;
    return at;
  }
  return -1;
}

/** Info's children: whether it has a Duration, and its TimecodeScale. */
function readInfo(body: Uint8Array): { hasDuration: boolean; timecodeScale: number } | null {
  let timecodeScale = DEFAULT_TIMECODE_SCALE_NS;
  for (let at = 0; at < body.length; ) {
    const id = readVint(body, at, true);
    if (!id) return null;
    const size = readVint(body, at + id.length, false);
    if (!size) return null;
    const start = at + id.length + size.length;
    if (id.value === DURATION_ID) return { hasDuration: true, timecodeScale };
    if (id.value === TIMECODE_SCALE_ID) {
      timecodeScale = 0;
      for (let index = 0; index < size.value; index++) timecodeScale = timecodeScale * 256 + (body[start + index] ?? 0);
    }
    at = start + size.value;
  }
  return { hasDuration: false, timecodeScale };
}

/** `blob` with a Duration of `seconds` in its Segment Info; unchanged when it is not a WebM it can read. */
export async function withWebmDuration(blob: Blob, seconds: number): Promise<Blob> {
  const head = new Uint8Array(await blob.slice(0, HEAD_BYTES).arrayBuffer());
  const infoAt = findInfo(head);
  if (infoAt < 0) return blob;
  const size = readVint(head, infoAt + INFO_ID.length, false);
  if (!size) return blob;
  const bodyStart = infoAt + INFO_ID.length + size.length;
  const bodyEnd = bodyStart + size.value;
  if (bodyEnd > head.length) return blob;
  const body = head.subarray(bodyStart, bodyEnd);
  const info = readInfo(body);
  if (!info || info.hasDuration || info.timecodeScale <= 0) return blob;

  const duration = new Uint8Array(11);
  duration.set([0x44, 0x89, 0x88]);
  new DataView(duration.buffer).setFloat64(3, (seconds * 1e9) / info.timecodeScale);
  // The new size as an 8-byte vint: 0x01 then seven bytes of value.
  const newSize = new Uint8Array(8);
  newSize[0] = 0x01;
  let remaining = body.length + duration.length;
  for (let index = 7; index >= 1; index--) {
    newSize[index] = remaining % 256;
    remaining = Math.floor(remaining / 256);
  }
  return new Blob(
    [blob.slice(0, infoAt), new Uint8Array(INFO_ID), newSize, body.slice(), duration, blob.slice(bodyEnd)],
    { type: blob.type },
  );
}
