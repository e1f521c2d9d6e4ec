import { ProcessingError, type StepDeps } from "../deps";

/**
 * The simple page matcher: a frame and a page are each reduced to a 32×18 grayscale picture
 * and compared pixel by pixel. It finds the page when the video shows the slide full frame;
 * a webcam overlay, a letterboxed slide or a washed-out projector recording defeat it.
 * The chapter step only needs `signatureFilter`, `pageSignatures` and `nearestPage`, so a
 * better matcher can take this file's place.
 */
const SIGNATURE_WIDTH = 32;
const SIGNATURE_HEIGHT = 18;
export const SIGNATURE_BYTES = SIGNATURE_WIDTH * SIGNATURE_HEIGHT;
/** The ffmpeg filter that turns any picture into a signature (one gray byte per pixel). */
export const signatureFilter = `scale=${SIGNATURE_WIDTH}:${SIGNATURE_HEIGHT}:flags=area,format=gray`;

/** Splits raw gray frames written back to back into one signature per frame. */
export function splitSignatures(raw: Buffer): Buffer[] {
  const signatures: Buffer[] = [];
  for (let offset = 0; offset + SIGNATURE_BYTES <= raw.length; offset += SIGNATURE_BYTES) {
    signatures.push(raw.subarray(offset, offset + SIGNATURE_BYTES));
  }
  return signatures;
}

/** Mean absolute difference of gray levels, 0 (same) to 255. */
export function signatureDistance(a: Buffer, b: Buffer): number {
  let total = 0;
  for (let i = 0; i < SIGNATURE_BYTES; i++) total += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return total / SIGNATURE_BYTES;
}

/** Index of the page signature nearest to the frame's; the earlier page wins a tie. */
export function nearestPage(frame: Buffer, pages: Buffer[]): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  pages.forEach((page, index) => {
    const distance = signatureDistance(frame, page);
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/** One signature per page thumbnail, in the order given, from a single ffmpeg run. */
export async function pageSignatures(thumbnails: string[], deps: StepDeps): Promise<Buffer[]> {
  if (thumbnails.length === 0) return [];
  const inputs = thumbnails.flatMap((path) => ["-i", path]);
  const scaled = thumbnails.map((_, i) => `[${i}:v]${signatureFilter},setsar=1[p${i}]`);
  const joined = `${thumbnails.map((_, i) => `[p${i}]`).join("")}concat=n=${thumbnails.length}:v=1:a=0[pages]`;
  const result = await deps.run(
    "ffmpeg",
    [
      ...["-hide_banner", "-nostdin", "-loglevel", "error", ...inputs],
      ...["-filter_complex", [...scaled, joined].join(";"), "-map", "[pages]"],
      // Every page is one frame: at a constant output rate ffmpeg drops some of them (3 of 6
      // pages of a LibreOffice deck came out), so the frames pass as they are.
      ...["-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "gray", "pipe:1"],
    ],
    { timeoutMs: 30_000 + thumbnails.length * 1_000 },
  );
  const signatures = splitSignatures(result.stdout);
  if (result.code !== 0 || signatures.length !== thumbnails.length) {
    throw new ProcessingError("failed", "ffmpeg could not read the page thumbnails");
  }
  return signatures;
}
