import { describe, expect, it } from "vitest";
import { withWebmDuration } from "../../web/src/features/recorder/webm-duration";

/** What MediaRecorder writes first: the EBML header, a Segment of unknown size, its Info without a Duration, a Cluster. */
function recorderHead(timecodeScale: number[]): Uint8Array<ArrayBuffer> {
  const ebml = [0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x82, 0x81, 0x77];
  const segment = [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
  const scale = [0x2a, 0xd7, 0xb1, 0x80 | timecodeScale.length, ...timecodeScale];
  const app = [0x4d, 0x80, 0x84, ...Array.from("test", (c) => c.charCodeAt(0))];
  const infoBody = [...scale, ...app];
  const info = [0x15, 0x49, 0xa9, 0x66, 0x80 | infoBody.length, ...infoBody];
  const cluster = [0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe7, 0x81, 0x00];
  return Uint8Array.from([...ebml, ...segment, ...info, ...cluster]);
}

/** The Duration element's value, read back from the file. */
function durationOf(bytes: Uint8Array): number | null {
  for (let at = 0; at + 11 <= bytes.length; at++) {
    if (bytes[at] === 0x44 && bytes[at + 1] === 0x89 && bytes[at + 2] === 0x88) {
      return new DataView(bytes.buffer, bytes.byteOffset + at + 3, 8).getFloat64(0);
    }
  }
  return null;
}

describe("a recorded take's WebM duration", () => {
  it("is written into the Segment Info in its timecode scale, the rest of the file kept", async () => {
    const head = recorderHead([0x0f, 0x42, 0x40]);
    const patched = new Uint8Array(await (await withWebmDuration(new Blob([head]), 2.5)).arrayBuffer());
    expect(durationOf(patched)).toBe(2500);
    // The Info grew by its Duration (11 bytes) and an 8-byte size in place of a 1-byte one.
    expect(patched.length).toBe(head.length + 18);
    expect(patched.slice(-15)).toEqual(head.slice(-15));
  });

  it("leaves a file alone when it already has a duration or is not a WebM", async () => {
    const once = await withWebmDuration(new Blob([recorderHead([0x0f, 0x42, 0x40])]), 2.5);
    const twice = await withWebmDuration(once, 9);
    expect(twice).toBe(once);
    const mp4 = new Blob([Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70])]);
    expect(await withWebmDuration(mp4, 3)).toBe(mp4);
  });
});
