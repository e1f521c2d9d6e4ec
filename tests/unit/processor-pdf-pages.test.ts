import { describe, expect, it } from "vitest";
import {
  labelLines,
  layoutLines,
  pageHeading,
  pageRanges,
  renderPdfPages,
  runningLines,
  type TextLine,
} from "../../processor/steps/pdf-pages";
import { isNonDecreasing, progressRecorder, recordingDeps } from "./processor-recorder";

/** A page's text as lines of one size, each a block of its own (no layout to tell them apart). */
const linesOf = (text: string): TextLine[] =>
  text
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line !== "" && !/^\d+(\s*\/\s*\d+)?$/.test(line))
    .map((line, block) => ({ text: line, size: 10, block }));
const textsOf = (deck: readonly string[]) => deck.map((text) => linesOf(text).map((line) => line.text));

/** pdftotext -bbox-layout for pages of [text, height in points, block] lines. */
function layoutXhtml(pages: ReadonlyArray<ReadonlyArray<readonly [string, number, number?]>>): string {
  const page = (lines: ReadonlyArray<readonly [string, number, number?]>) => {
    let y = 20;
    const blocks = new Map<number, string[]>();
    lines.forEach(([text, size, block], i) => {
      const words = text
        .split(" ")
        .map(
          (word) => `<word xMin="30" yMin="${y}" xMax="90" yMax="${y + size}">${word.replace(/&/g, "&amp;")}</word>`,
        );
      blocks.set(block ?? i, [
        ...(blocks.get(block ?? i) ?? []),
        `<line xMin="30" yMin="${y}" xMax="400" yMax="${y + size}">${words.join("")}</line>`,
      ]);
      y += size + 10;
    });
    const body = [...blocks.values()].map(
      (block) => `<block xMin="30" yMin="0" xMax="400" yMax="0">${block.join("")}</block>`,
    );
    return `<page width="960.000000" height="540.000000"><flow>${body.join("")}</flow></page>`;
  };
  return `<!DOCTYPE html><html><body><doc>${pages.map(page).join("")}</doc></body></html>`;
}

describe("PDF pages: thumbnails and text", () => {
  it("splits the pages into contiguous ranges, one per core", () => {
    expect(pageRanges(5, 2)).toEqual([
      [1, 2],
      [3, 5],
    ]);
    expect(pageRanges(1, 4)).toEqual([[1, 1]]);
    expect(pageRanges(30, 4).flat()).toEqual([1, 7, 8, 15, 16, 22, 23, 30]);
  });

  it("a page's heading is its first line of the largest text, skipping a bare slide number", () => {
    const [title, numbered, empty, wrapped] = layoutLines(
      layoutXhtml([
        [
          ["Relational", 14],
          ["Replication", 48],
          ["Leaders and followers", 26],
        ],
        [
          ["12", 48],
          ["Consensus in practice", 40],
        ],
        [],
        [
          ["Why joins are", 44, 1],
          ["cheaper than you think", 44, 1],
          ["Q &amp; A later", 44, 2],
        ],
      ]),
    ) as TextLine[][];
    expect(pageHeading(title as TextLine[])).toBe("Replication");
    expect(pageHeading(numbered as TextLine[])).toBe("Consensus in practice");
    expect(pageHeading(empty as TextLine[])).toBe("");
    // A title wrapped on two lines of one block is joined; another block of the same size is not.
    expect(pageHeading(wrapped as TextLine[])).toBe("Why joins are cheaper than you think");
    expect(pageHeading(linesOf("\n  Replication  \nLeaders and followers\n"))).toBe("Replication");
  });

  it("a section label printed above many pages' own titles is no heading, even at the title's size", () => {
    // The held-out deck: "Relational" on the first line of 8 of 15 pages, above each page's title.
    const titles = ["Joins", "Indexes", "Normal forms", "Transactions", "Isolation", "Views", "Triggers", "Plans"];
    const texts = [
      ["Databases in practice", "A short course"],
      ...titles.map((title, i) => ["Relational", title, `Point ${i} about ${title.toLowerCase()}`]),
      ...["Documents", "Graphs", "Key-value", "Columns", "Time series", "Questions"].map((title) => [
        title,
        "Some text",
      ]),
    ];
    const labels = labelLines(texts);
    expect([...labels]).toEqual(["Relational"]);
    const deck = { running: runningLines(texts), labels };
    const sameSize = (lines: readonly string[]) => lines.map((text, block) => ({ text, size: 30, block }));
    expect(texts.slice(1, 9).map((lines) => pageHeading(sameSize(lines), deck))).toEqual(titles);
    // A section slide that says only the section's name keeps it.
    expect(pageHeading(sameSize(["Relational"]), deck)).toBe("Relational");
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
    const running = runningLines(textsOf(beamerDeck));
    const deck = { running, labels: labelLines(textsOf(beamerDeck)) };
    expect(new Set(running.keys())).toEqual(
      new Set(["Introduction", "Installation", "Profiler", "Christian Pojoni", "Debug PHP with Xdebug"]),
    );
    expect(beamerDeck.map((text) => pageHeading(linesOf(text), deck))).toEqual([
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
    expect(pageHeading(linesOf(`${navigation}${footer}`), deck)).toBe("Introduction");
  });

  it("titles shared by a build's pages, or a deck too short to tell, are kept as headings", () => {
    const build = ["Survey\nWho thinks SMS is secure?", "Survey\nWho thinks SMS is secure?\nGood enough?"];
    const deck = [...build, ...build, "Problem\nBad guys", "Solutions\nExpiry", ...build, "Questions"];
    expect(runningLines(textsOf(deck)).size).toBe(0);
    expect(labelLines(textsOf(deck)).size).toBe(0);
    expect(runningLines(textsOf(beamerDeck.slice(0, 7))).size).toBe(0);
  });

  it("renders page ranges in parallel with pdftoppm and reads each page's text", async () => {
    const { deps, calls } = recordingDeps((call) => {
      if (call.command === "pdfinfo") return { stdout: "Title: deck\nPages:          3\n" };
      if (call.command === "pdftotext") {
        return {
          stdout: layoutXhtml([
            [
              ["Introduction", 40],
              ["Why we are here", 24],
            ],
            [
              ["2", 12],
              ["Replication", 40],
            ],
            [],
          ]),
        };
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
    expect(calls.find((call) => call.command === "pdftotext")?.args).toEqual([
      "-bbox-layout",
      "-enc",
      "UTF-8",
      "/in/deck.pdf",
      "-",
    ]);
    expect(pages).toEqual([
      {
        page: 1,
        thumbnail: "/out/page-1.jpg",
        text: "Introduction\nWhy we are here",
        heading: "Introduction",
      },
      { page: 2, thumbnail: "/out/page-2.jpg", text: "Replication", heading: "Replication" },
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
