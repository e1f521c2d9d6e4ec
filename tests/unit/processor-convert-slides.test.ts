import { CONVERT_FAILED_MESSAGE } from "@core/versions/status";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ProcessingError } from "../../processor/deps";
import { monotonicProgress } from "../../processor/progress";
import { conversionCreep, conversionEstimateMs, convertSlidesToPdf } from "../../processor/steps/convert-slides";
import { isNonDecreasing, progressRecorder, recordingDeps } from "./processor-recorder";

afterEach(() => {
  vi.useRealTimers();
});

describe("slides to PDF (LibreOffice headless)", () => {
  it("runs soffice headless in a scratch directory holding a copy of the deck and a fresh profile, and returns the PDF", async () => {
    const { deps, calls, files, removed } = recordingDeps(
      () => ({ writes: { "/tmp/soffice-1/talk.pdf": "%PDF-1.7" } }),
      { "/work/in/talk.ppt": "\xd0\xcf\x11\xe0 a binary deck" },
    );
    const pdf = await convertSlidesToPdf("/work/in/talk.ppt", "/work/out", deps, () => {}, 5_000);
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

  it("progress creeps while LibreOffice works, from an estimate by the deck's size, and ends at 100", async () => {
    vi.useFakeTimers();
    // 4 MiB of deck: an 11 s estimate. soffice takes 20 s of the (fake) clock.
    const { deps } = recordingDeps(
      () => {
        for (let second = 0; second < 20; second++) vi.advanceTimersByTime(1_000);
        return { writes: { "/tmp/soffice-1/talk.pdf": "%PDF-1.7" } };
      },
      { "/in/talk.ppt": Buffer.alloc(4 * 2 ** 20) },
    );
    deps.now = () => Date.now();
    const progress = progressRecorder();
    await convertSlidesToPdf("/in/talk.ppt", "/out", deps, monotonicProgress(progress.report));
    expect(conversionEstimateMs(4 * 2 ** 20)).toBe(11_000);
    expect(progress.values.length).toBeGreaterThan(10);
    expect(isNonDecreasing(progress.values)).toBe(true);
    expect(progress.values.at(-2)).toBeLessThan(95);
    expect(progress.values.at(-1)).toBe(100);
    // Never at the end before the PDF is there, however slow the conversion.
    expect(conversionCreep(0, 11_000)).toBe(0);
    expect(conversionCreep(11_000, 11_000)).toBeCloseTo(60, 0);
    expect(conversionCreep(10 * 60_000, 11_000)).toBeLessThan(95.01);
  });

  it("a failed conversion has moved the bar before it fails", async () => {
    vi.useFakeTimers();
    const { deps } = recordingDeps(
      () => {
        vi.advanceTimersByTime(3_000);
        return { code: 81 };
      },
      { "/in/talk.ppt": "" },
    );
    deps.now = () => Date.now();
    const progress = progressRecorder();
    await expect(convertSlidesToPdf("/in/talk.ppt", "/out", deps, progress.report)).rejects.toMatchObject({
      status: "convert-failed",
    });
    expect(progress.values.at(-1)).toBeGreaterThan(0);
    expect(progress.values.at(-1)).toBeLessThan(100);
  });
});
