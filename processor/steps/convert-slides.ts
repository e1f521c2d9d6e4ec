import { basename, extname, join } from "node:path";
import { CONVERT_FAILED_MESSAGE } from "@core/versions/status";
import { ProcessingError, type StepDeps } from "../deps";

/** LibreOffice can hang on a damaged file; three minutes is far beyond a normal deck's conversion. */
const CONVERT_TIMEOUT_MS = 180_000;

/**
 * Turns a .ppt/.pptx into a PDF in `outputDirectory` with LibreOffice headless and returns the
 * PDF's path. Each run gets its own profile directory: a second soffice on a profile in use
 * hands its work to the first and may exit 0 having converted nothing.
 * Any failure (timeout, non-zero exit, or exit 0 with no PDF) is a convert-failed status.
 */
export async function convertSlidesToPdf(
  input: string,
  outputDirectory: string,
  deps: StepDeps,
  timeoutMs = CONVERT_TIMEOUT_MS,
): Promise<string> {
  const pdf = join(outputDirectory, `${basename(input, extname(input))}.pdf`);
  // A PDF left by an earlier attempt must not pass for this run's output.
  await deps.files.remove(pdf);
  const profile = await deps.files.makeTemporaryDirectory("soffice-profile-");
  try {
    const result = await deps.run(
      "soffice",
      [
        `-env:UserInstallation=file://${profile}`,
        "--headless",
        "--norestore",
        "--convert-to",
        "pdf",
        "--outdir",
        outputDirectory,
        input,
      ],
      { timeoutMs },
    );
    if (result.timedOut || result.code !== 0 || !(await deps.files.exists(pdf))) {
      throw new ProcessingError("convert-failed", CONVERT_FAILED_MESSAGE);
    }
    return pdf;
  } finally {
    await deps.files.remove(profile);
  }
}
