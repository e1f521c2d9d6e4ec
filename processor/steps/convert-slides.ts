import { basename, extname, join } from "node:path";
import { CONVERT_FAILED_MESSAGE } from "../../core/versions/status";
import { ProcessingError, type StepDeps } from "../deps";

/** LibreOffice can hang on a damaged file; three minutes is far beyond a normal deck's conversion. */
const CONVERT_TIMEOUT_MS = 180_000;

/**
 * Turns a .ppt/.pptx into a PDF in `outputDirectory` with LibreOffice headless and returns the
 * PDF's path. Each run gets its own profile directory: two soffice processes sharing one
 * profile wait on each other's lock, or the second exits 0 having converted nothing.
 * Any failure (timeout, non-zero exit, or exit 0 with no PDF) is a convert-failed status.
 */
export async function convertSlidesToPdf(
  input: string,
  outputDirectory: string,
  deps: StepDeps,
  timeoutMs = CONVERT_TIMEOUT_MS,
): Promise<string> {
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
    const pdf = join(outputDirectory, `${basename(input, extname(input))}.pdf`);
    if (result.timedOut || result.code !== 0 || !(await deps.files.exists(pdf))) {
      throw new ProcessingError("convert-failed", CONVERT_FAILED_MESSAGE);
    }
    return pdf;
  } finally {
    await deps.files.remove(profile);
  }
}
