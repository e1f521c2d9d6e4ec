import { describe, expect, it } from "vitest";
import { pageHeading, pageRanges, renderPdfPages, runningLines } from "../../processor/steps/pdf-pages";
import { isNonDecreasing, progressRecorder, recordingDeps } from "./processor-recorder";

describe("PDF pages: thumbnails and text", () => {
  it("splits the pages into contiguous ranges, one per core", () => {
    expect(pageRanges(5, 2)).toEqual([
      [1, 2],
      [3, 5],
    ]);
    expect(pageRanges(1, 4)).toEqual([[1, 1]]);
    expect(pageRanges(30, 4).flat()).toEqual([1, 7, 8, 15, 16, 22, 23, 30]);
  });

  it("a page's heading is its first non-empty line, trimmed, skipping a bare slide number", () => {
    expect(pageHeading("\n  Replication  \nLeaders and followers\n")).toBe("Replication");
    expect(pageHeading("12\nConsensus\tin practice")).toBe("Consensus in practice");
    expect(pageHeading("   \n")).toBe("");
    expect(pageHeading("30 / 53\nGraph")).toBe("Graph");
  });

  // The text pdftotext gives for a Beamer deck with a navigation bar: the section names come
  // first on every page, the footer (speaker, talk title) last.
  const navigation = "Introduction\n\nInstallation\n\nProfiler\n\n";
  const footer = "\nChristian Pojoni\nDebug PHP with Xdebug\n";
  const beamerDeck = [
    `${navigation}Debug PHP with Xdebug\nwith examples for Vagrant\n\nChristian Pojoni\nMar 2019\n${footer}`,
    `${navigation}Contents\n1 Introduction\n2 Installation\n${footer}`,
    `${navigation}Why use Xdebug\nCommon Approach\n${footer}`,
    `${navigation}Why use Xdebug\nCommon Approach\nRemote API again\n${footer}`,
    `${navigation}Traditional Way\ninsert outputs\n${footer}`,
    `${navigation}Client\nBrowser extensions\n${footer}`,
    `${navigation}Server\nInstallation on Ubuntu\n${footer}`,
    `${navigation}Profiler\nWhat does it do?\n${footer}`,
    `${navigation}Function Traces\n${footer}`,
  ];

  it("a line the deck prints on nearly every page (navigation bar, footer) is no page's heading", () => {
    const running = runningLines(beamerDeck);
    expect(new Set(running.keys())).toEqual(
      new Set(["Introduction", "Installation", "Profiler", "Christian Pojoni", "Debug PHP with Xdebug"]),
    );
    expect(beamerDeck.map((text) => pageHeading(text, running))).toEqual([
      "Debug PHP with Xdebug",
      "Contents",
      "Why use Xdebug",
      "Why use Xdebug",
      "Traditional Way",
      "Client",
      "Server",
      "Profiler",
      "Function Traces",
    ]);
    // A page with nothing but the deck's frame keeps its first line rather than none.
    expect(pageHeading(`${navigation}${footer}`, running)).toBe("Introduction");
  });

  it("titles shared by a build's pages, or a deck too short to tell, are kept as headings", () => {
    const build = ["Survey\nWho thinks SMS is secure?", "Survey\nWho thinks SMS is secure?\nGood enough?"];
    const deck = [...build, ...build, "Problem\nBad guys", "Solutions\nExpiry", ...build, "Questions"];
    expect(runningLines(deck).size).toBe(0);
    expect(runningLines(beamerDeck.slice(0, 7)).size).toBe(0);
  });

  it("renders page ranges in parallel with pdftoppm and reads each page's text", async () => {
    const { deps, calls } = recordingDeps((call) => {
      if (call.command === "pdfinfo") return { stdout: "Title: deck\nPages:          3\n" };
      if (call.command === "pdftotext") {
        return { stdout: "Introduction\nWhy we are here\n\f2\nReplication\n\f\f" };
      }
      const first = Number(call.args[call.args.indexOf("-f") + 1]);
      const last = Number(call.args[call.args.indexOf("-l") + 1]);
      const writes: Record<string, string> = {};
      for (let page = first; page <= last; page++) writes[`/out/page-${page}.jpg`] = "jpeg";
      return { writes };
    });
    const progress = progressRecorder();
    const pages = await renderPdfPages("/in/deck.pdf", "/out", deps, progress.report);

    const renders = calls.filter((call) => call.command === "pdftoppm");
    expect(renders.map((call) => call.args.join(" "))).toEqual([
      "-jpeg -jpegopt quality=85 -scale-to-x 640 -scale-to-y -1 -f 1 -l 1 /in/deck.pdf /out/page",
      "-jpeg -jpegopt quality=85 -scale-to-x 640 -scale-to-y -1 -f 2 -l 3 /in/deck.pdf /out/page",
    ]);
    expect(calls.find((call) => call.command === "pdftotext")?.args).toEqual(["-enc", "UTF-8", "/in/deck.pdf", "-"]);
    expect(pages).toEqual([
      {
        page: 1,
        thumbnail: "/out/page-1.jpg",
        text: "Introduction\nWhy we are here",
        heading: "Introduction",
      },
      { page: 2, thumbnail: "/out/page-2.jpg", text: "2\nReplication", heading: "Replication" },
      { page: 3, thumbnail: "/out/page-3.jpg", text: "", heading: "" },
    ]);
    expect(isNonDecreasing(progress.values)).toBe(true);
    expect(progress.values.at(-1)).toBe(100);
  });

  it("an unreadable PDF is a failed version", async () => {
    const { deps } = recordingDeps(() => ({ code: 1, stdout: "" }));
    await expect(renderPdfPages("/in/x.pdf", "/out", deps, () => {})).rejects.toMatchObject({
      status: "failed",
    });
  });
});
