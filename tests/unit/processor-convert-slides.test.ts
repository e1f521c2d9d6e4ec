import { CONVERT_FAILED_MESSAGE } from "@core/versions/status";
import { describe, expect, it } from "vitest";
import { ProcessingError } from "../../processor/deps";
import { convertSlidesToPdf } from "../../processor/steps/convert-slides";
import { recordingDeps } from "./processor-recorder";

describe("slides to PDF (LibreOffice headless)", () => {
  it("runs soffice headless with its own profile directory, a timeout, and returns the PDF", async () => {
    const { deps, calls, removed } = recordingDeps(() => ({
      writes: { "/work/out/talk.pdf": "%PDF-1.7" },
    }));
    const pdf = await convertSlidesToPdf("/work/in/talk.pptx", "/work/out", deps, 5_000);
    expect(pdf).toBe("/work/out/talk.pdf");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.command).toBe("soffice");
    expect(calls[0]?.args).toEqual([
      "-env:UserInstallation=file:///tmp/soffice-profile-1",
      "--headless",
      "--norestore",
      "--convert-to",
      "pdf",
      "--outdir",
      "/work/out",
      "/work/in/talk.pptx",
    ]);
    expect(calls[0]?.options.timeoutMs).toBe(5_000);
    expect(removed).toEqual(["/work/out/talk.pdf", "/tmp/soffice-profile-1"]);
  });

  it("gives each conversion its own profile, so parallel conversions do not share a lock", async () => {
    const { deps, calls } = recordingDeps((call) => ({
      writes: { [`/out/${call.args.at(-1)?.includes("a.") ? "a" : "b"}.pdf`]: "%PDF-" },
    }));
    await Promise.all([convertSlidesToPdf("/in/a.pptx", "/out", deps), convertSlidesToPdf("/in/b.ppt", "/out", deps)]);
    const profiles = calls.map((call) => call.args[0]);
    expect(new Set(profiles).size).toBe(2);
  });

  it("exit 0 without a PDF is a convert-failed status with the spec's message", async () => {
    const { deps, removed } = recordingDeps(() => ({ code: 0 }));
    const failure = convertSlidesToPdf("/in/talk.pptx", "/out", deps).catch((error) => error);
    await expect(failure).resolves.toBeInstanceOf(ProcessingError);
    await expect(failure).resolves.toMatchObject({
      status: "convert-failed",
      message: CONVERT_FAILED_MESSAGE,
    });
    expect(removed).toEqual(["/out/talk.pdf", "/tmp/soffice-profile-1"]);
  });

  it("a timeout or a non-zero exit is convert-failed too, even if a partial PDF was left", async () => {
    for (const answer of [{ timedOut: true, code: null }, { code: 81 }]) {
      const { deps } = recordingDeps(() => ({ ...answer, writes: { "/out/talk.pdf": "%PDF-" } }));
      await expect(convertSlidesToPdf("/in/talk.pptx", "/out", deps)).rejects.toMatchObject({
        status: "convert-failed",
      });
    }
  });
});
