import { basename, extname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { CONVERT_FAILED_MESSAGE } from "@core/versions/status";
import { withoutExternalLinks } from "../deck-links";
import { type FileDeps, ProcessingError, type StepDeps } from "../deps";
import { UnreadableZipError } from "../zip-rewrite";

/** LibreOffice can hang on a damaged file; three minutes is far beyond a normal deck's conversion. */
const CONVERT_TIMEOUT_MS = 180_000;

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
 */
export async function convertSlidesToPdf(
  input: string,
  outputDirectory: string,
  deps: StepDeps,
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
    const result = await deps.run(
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
    );
    const converted = join(scratch, `${name}.pdf`);
    if (result.timedOut || result.code !== 0 || !(await deps.files.exists(converted))) {
      throw new ProcessingError("convert-failed", CONVERT_FAILED_MESSAGE);
    }
    await deps.files.rename(converted, pdf);
    return pdf;
  } finally {
    await deps.files.remove(scratch);
  }
}
