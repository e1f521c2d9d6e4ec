import { basename, extname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { CONVERT_FAILED_MESSAGE } from "@core/versions/status";
import { withoutExternalLinks } from "../deck-links";
import { type FileDeps, ProcessingError, type ProgressReport, type StepDeps } from "../deps";
import { UnreadableZipError } from "../zip-rewrite";

/** LibreOffice can hang on a damaged file; three minutes is far beyond a normal deck's conversion. */
const CONVERT_TIMEOUT_MS = 180_000;

/** LibreOffice's start, before it reads the deck (measured: 3–5 s on a quiet machine). */
const CONVERT_START_MS = 5_000;
/** Conversion time per MiB of deck (pictures dominate a deck's size and its conversion). */
const CONVERT_MS_PER_MIB = 1_500;
/** The share of the step the creep never passes: the rest comes when the PDF is there. */
const CREEP_CEILING = 95;
const CREEP_INTERVAL_MS = 500;

/**
 * How far a conversion expected to take `estimateMs` has come after `elapsedMs`: it rises quickly,
 * then slows towards CREEP_CEILING without reaching it (63 % of it at the estimate, 95 % at three
 * times the estimate), so a slow conversion still moves and never claims to be finished.
 */
export function conversionCreep(elapsedMs: number, estimateMs: number): number {
  return CREEP_CEILING * (1 - Math.exp(-Math.max(0, elapsedMs) / estimateMs));
}

/** The expected conversion time of a deck of `bytes` bytes. */
export function conversionEstimateMs(bytes: number): number {
  return CONVERT_START_MS + (CONVERT_MS_PER_MIB * bytes) / 2 ** 20;
}

/** A .pptx (or any ZIP-based deck) is cleared of its links; a binary .ppt is taken as it is. */
async function deckToConvert(input: string, files: FileDeps): Promise<Buffer> {
  const deck = await files.readBytes(input, 0, await files.size(input));
  if (deck.subarray(0, 4).toString("latin1") !== "PK\u0003\u0004") return deck;
  try {
    return withoutExternalLinks(deck);
  } catch (error) {
    if (error instanceof UnreadableZipError) throw new ProcessingError("convert-failed", CONVERT_FAILED_MESSAGE);
    throw error;
  }
}

/**
 * Turns a .ppt/.pptx into a PDF in `outputDirectory` with LibreOffice headless and returns the
 * PDF's path. LibreOffice works in a scratch directory of its own, all it sees of the machine's
 * files besides the system's: the deck without its external links (processor/deck-links.ts), a
 * fresh profile (a second soffice on a profile in use hands its work to the first and may exit 0
 * having converted nothing) and the PDF it writes.
 * Any failure (timeout, non-zero exit, or exit 0 with no PDF) is a convert-failed status.
 * LibreOffice says nothing while it works: progress creeps with the time elapsed against an
 * estimate from the deck's size (conversionCreep), every 0.5 s, and reaches 100 with the PDF.
 */
export async function convertSlidesToPdf(
  input: string,
  outputDirectory: string,
  deps: StepDeps,
  progress: ProgressReport = () => {},
  timeoutMs = CONVERT_TIMEOUT_MS,
): Promise<string> {
  const name = basename(input, extname(input));
  const pdf = join(outputDirectory, `${name}.pdf`);
  // A PDF left by an earlier attempt must not pass for this run's output.
  await deps.files.remove(pdf);
  const scratch = await deps.files.makeTemporaryDirectory("soffice-");
  try {
    const deck = join(scratch, basename(input));
    await deps.files.writeBytes(deck, await deckToConvert(input, deps.files));
    const estimateMs = conversionEstimateMs(await deps.files.size(input));
    const started = deps.now();
    const creep = setInterval(() => progress(conversionCreep(deps.now() - started, estimateMs)), CREEP_INTERVAL_MS);
    const result = await deps
      .run(
        "soffice",
        [
          `-env:UserInstallation=${pathToFileURL(join(scratch, "profile")).href}`,
          "--headless",
          "--norestore",
          "--convert-to",
          "pdf",
          "--outdir",
          scratch,
          deck,
        ],
        { timeoutMs, paths: { write: [scratch] } },
      )
      .finally(() => clearInterval(creep));
    const converted = join(scratch, `${name}.pdf`);
    if (result.timedOut || result.code !== 0 || !(await deps.files.exists(converted))) {
      throw new ProcessingError("convert-failed", CONVERT_FAILED_MESSAGE);
    }
    await deps.files.rename(converted, pdf);
    progress(100);
    return pdf;
  } finally {
    await deps.files.remove(scratch);
  }
}
