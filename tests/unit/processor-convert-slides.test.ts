import { CONVERT_FAILED_MESSAGE } from "@core/versions/status";
import { describe, expect, it } from "vitest";
import { ProcessingError } from "../../processor/deps";
import { convertSlidesToPdf } from "../../processor/steps/convert-slides";
import { recordingDeps } from "./processor-recorder";

describe("slides to PDF (LibreOffice headless)", () => {
  it("runs soffice headless in a scratch directory holding a copy of the deck and a fresh profile, and returns the PDF", async () => {
    const { deps, calls, files, removed } = recordingDeps(
      () => ({ writes: { "/tmp/soffice-1/talk.pdf": "%PDF-1.7" } }),
      { "/work/in/talk.ppt": "\xd0\xcf\x11\xe0 a binary deck" },
    );
    const pdf = await convertSlidesToPdf("/work/in/talk.ppt", "/work/out", deps, 5_000);
    expect(pdf).toBe("/work/out/talk.pdf");
    expect(files.get("/work/out/talk.pdf")?.toString()).toBe("%PDF-1.7");
    expect(files.get("/tmp/soffice-1/talk.ppt")?.toString()).toBe("\xd0\xcf\x11\xe0 a binary deck");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.command).toBe("soffice");
    expect(calls[0]?.args).toEqual([
      "-env:UserInstallation=file:///tmp/soffice-1/profile",
      "--headless",
      "--norestore",
      "--convert-to",
      "pdf",
      "--outdir",
      "/tmp/soffice-1",
      "/tmp/soffice-1/talk.ppt",
    ]);
    expect(calls[0]?.options).toMatchObject({ timeoutMs: 5_000, paths: { write: ["/tmp/soffice-1"] } });
    expect(removed).toEqual(["/work/out/talk.pdf", "/tmp/soffice-1"]);
  });

  it("gives each conversion its own profile, so parallel conversions do not share a lock", async () => {
    const { deps, calls } = recordingDeps(
      (call) => ({ writes: { [`${call.args.at(-2)}/${call.args.at(-1)?.includes("a.") ? "a" : "b"}.pdf`]: "%PDF-" } }),
      { "/in/a.ppt": "", "/in/b.ppt": "" },
    );
    await Promise.all([convertSlidesToPdf("/in/a.ppt", "/out", deps), convertSlidesToPdf("/in/b.ppt", "/out", deps)]);
    const profiles = calls.map((call) => call.args[0]);
    expect(new Set(profiles).size).toBe(2);
  });

  it("exit 0 without a PDF is a convert-failed status with the spec's message", async () => {
    const { deps, removed } = recordingDeps(() => ({ code: 0 }), { "/in/talk.ppt": "" });
    const failure = convertSlidesToPdf("/in/talk.ppt", "/out", deps).catch((error) => error);
    await expect(failure).resolves.toBeInstanceOf(ProcessingError);
    await expect(failure).resolves.toMatchObject({
      status: "convert-failed",
      message: CONVERT_FAILED_MESSAGE,
    });
    expect(removed).toEqual(["/out/talk.pdf", "/tmp/soffice-1"]);
  });

  it("a timeout or a non-zero exit is convert-failed too, even if a partial PDF was left", async () => {
    for (const answer of [{ timedOut: true, code: null }, { code: 81 }]) {
      const { deps } = recordingDeps(() => ({ ...answer, writes: { "/tmp/soffice-1/talk.pdf": "%PDF-" } }), {
        "/in/talk.ppt": "",
      });
      await expect(convertSlidesToPdf("/in/talk.ppt", "/out", deps)).rejects.toMatchObject({
        status: "convert-failed",
      });
    }
  });
});
