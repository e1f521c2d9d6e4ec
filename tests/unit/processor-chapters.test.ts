import { describe, expect, it } from "vitest";
import { DEMO_TITLES, deckLanguage } from "../../processor/chapters/deck-language";
import { ANALYSIS_SIZE, type Gray, significantChange } from "../../processor/chapters/gray-frames";
import { crossingTime, showinfoTimes } from "../../processor/chapters/refine";
import { frameCollector, sampleArguments } from "../../processor/chapters/scan";
import { DEFAULT_DETECTOR_OPTIONS, findChanges } from "../../processor/chapters/segment";
import { DEFAULT_CHAPTER_OPTIONS, findChapters, showsNoPage } from "../../processor/steps/chapters";
import { BUILD_SLACK, bestPage, features, levelMapping, levelRange, mismatch } from "../../processor/steps/match-pages";
import type { PdfPage } from "../../processor/steps/pdf-pages";
import { isNonDecreasing, progressRecorder, type RecordedCall, recordingDeps } from "./processor-recorder";

const { width, height } = ANALYSIS_SIZE;

/** A slide as the detector sees it: dark lines of "text" of the given lengths on a light page. */
function slide(lines: readonly number[]): Gray {
  const frame = new Uint8Array(width * height).fill(235);
  lines.forEach((length, i) => {
    for (let y = 14 + 14 * i; y < 18 + 14 * i; y++) frame.fill(30, y * width + 16, y * width + 16 + length);
  });
  return frame;
}

const PAGE_LINES = [
  [120, 90, 100],
  [60, 140, 80, 110],
  [150, 50, 130],
];
const PAGES = PAGE_LINES.map(slide);
/** Page 2 with two of its four bullets shown: a bullet build. */
const BUILD = slide((PAGE_LINES[1] as number[]).slice(0, 2));

/**
 * The talk: page 1 (0–10 s, a pointer moving over it from 2 to 8 s), page 2 built (two
 * bullets 10–18 s, all four from 18 s), a 0.5 s crossfade to page 3 centred on 28 s, and a
 * backward jump to page 1 at 38 s, to the end at 48 s; a webcam picture-in-picture in the
 * bottom right corner flickers all along.
 */
function picture(time: number, demo = false): Gray {
  const blend = (a: Gray, b: Gray, share: number) =>
    a.map((value, i) => Math.round(value + ((b[i] as number) - value) * share));
  const base =
    demo && time >= 27.75 && time < 38
      ? terminal(time)
      : time < 10
        ? (PAGES[0] as Gray)
        : time < 18
          ? BUILD
          : time < 27.75
            ? (PAGES[1] as Gray)
            : time < 28.25
              ? blend(PAGES[1] as Gray, PAGES[2] as Gray, (time - 27.75) / 0.5)
              : time < 38
                ? (PAGES[2] as Gray)
                : (PAGES[0] as Gray);
  const frame = new Uint8Array(base);
  if (time >= 2 && time < 8) {
    const x = Math.round(20 + 20 * time);
    for (let y = 70; y < 75; y++) frame.fill(0, y * width + x, y * width + x + 3);
  }
  let seed = Math.round(time * 1000) + 1;
  for (let y = height - 30; y < height; y++) {
    for (let x = width - 40; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      frame[y * width + x] = 60 + (seed % 140);
    }
  }
  return frame;
}

/**
 * A live demo instead of page 3 (a cut at 27.75 s, to 38 s): a terminal, light text on black, a line of output
 * every 2.5 s.
 */
function terminal(time: number): Gray {
  const frame = new Uint8Array(width * height).fill(12);
  const lines = 1 + Math.floor((time - 27.75) / 2.5);
  for (let i = 0; i < lines; i++) {
    for (let y = 8 + 10 * i; y < 12 + 10 * i; y++) frame.fill(200, y * width + 6, y * width + 60 + ((i * 37) % 90));
  }
  return frame;
}

const DURATION = 48;
const FPS = DEFAULT_DETECTOR_OPTIONS.fps;
const sampled = Array.from({ length: DURATION * FPS }, (_, i) => picture(i / FPS));

const pages: PdfPage[] = ["Introduction", "Replication", ""].map((heading, i) => ({
  page: i + 1,
  thumbnail: `/pages/page-${i + 1}.jpg`,
  text: heading,
  heading,
}));

/**
 * A recording whose pixels are up to `levels` off the PDF's renders, the same way on every frame
 * (the texture compression leaves around a still slide's text): no page matches it exactly.
 */
const textured = (frame: Gray, levels: number): Gray =>
  frame.map((value, i) => Math.max(0, Math.min(255, value + ((i * 7919) % (2 * levels + 1)) - levels)));

/**
 * Answers the detector's ffmpeg runs from `picture`, as ffmpeg would at 30 frames a second, with
 * `deck` as the PDF's page renders and the video up to `levels` off them.
 */
const sampledDemo = Array.from({ length: DURATION * FPS }, (_, i) => picture(i / FPS, true));

function answer(call: RecordedCall, deck: readonly Gray[] = PAGES, levels = 0, demo = false) {
  const args = call.args;
  if (args.includes("-progress")) {
    const source = demo ? sampledDemo : sampled;
    const frames = levels ? source.map((frame) => textured(frame, levels)) : source;
    return { stdout: Buffer.concat(frames), stderrLines: ["out_time_us=24000000", "out_time_us=48500000"] };
  }
  if (args.includes("[pages]")) return { stdout: Buffer.concat(deck) };
  if (args.includes("-copyts")) {
    const from = Number(args[args.indexOf("-ss") + 1]);
    const to = Number(args[args.indexOf("-to") + 1]);
    const times: number[] = [];
    for (let k = Math.ceil(from * 30); k / 30 <= to; k++) times.push(k / 30);
    return {
      stdout: Buffer.concat(times.map((time) => textured(picture(time, demo), levels))),
      stderrLines: times.map(
        (t, n) => `[Parsed_showinfo_3 @ 0x1] n:${n} pts:${t * 15360} pts_time:${t.toFixed(6)} duration:512`,
      ),
    };
  }
  return {};
}

const input = {
  video: "/in/talk.mp4",
  durationSeconds: DURATION,
  size: { width: 1280, height: 720 },
  variableFrameRate: false,
  outputDirectory: "/out",
};

describe("slide change detection", () => {
  it("finds the cut, the build step, the crossfade and the backward jump, not the pointer or the webcam", () => {
    const { changes } = findChanges(sampled, ANALYSIS_SIZE, DEFAULT_DETECTOR_OPTIONS);
    expect(changes.map((change) => [change.last / FPS, change.first / FPS])).toEqual([
      [9.75, 10],
      [17.75, 18],
      [27.75, 28.25],
      [37.75, 38],
    ]);
  });

  it("a region no larger than a pointer is no change; a line of text is", () => {
    const changed = new Uint8Array(width * height);
    for (let y = 40; y < 45; y++) changed.fill(1, y * width + 50, y * width + 53);
    expect(significantChange(changed, ANALYSIS_SIZE, DEFAULT_DETECTOR_OPTIONS.pointer).count).toBe(0);
    for (let y = 60; y < 64; y++) changed.fill(1, y * width + 20, y * width + 80);
    expect(significantChange(changed, ANALYSIS_SIZE, DEFAULT_DETECTOR_OPTIONS.pointer).count).toBe(240);
  });

  it("places a change at the first frame closer to the new picture, by pts_time (variable frame rate)", () => {
    const change = {
      before: PAGES[0] as Gray,
      after: PAGES[2] as Gray,
      pixels: new Uint8Array(width * height).fill(1),
    };
    const frames = [
      { time: 3.1, pixels: PAGES[0] as Gray },
      { time: 4.7, pixels: PAGES[0] as Gray },
      { time: 4.72, pixels: PAGES[2] as Gray },
    ];
    expect(crossingTime(frames, change)).toBe(4.72);
    expect(crossingTime(frames.slice(0, 2), change)).toBeUndefined();
    expect(
      showinfoTimes([
        "[Parsed_showinfo_3 @ 0x1] n:   0 pts:  24 pts_time:6.04 duration:1",
        "out_time_us=1",
        "frame=3 pts_time:99",
      ]),
    ).toEqual([6.04]);
  });

  it("samples without decoding unreferenced frames, except a variable-rate video (a held frame may be one)", () => {
    expect(sampleArguments("/in/talk.mp4", 4, 2, false).join(" ")).toContain("-skip_frame noref -i /in/talk.mp4");
    expect(sampleArguments("/in/talk.mp4", 4, 2, true)).not.toContain("-skip_frame");
  });

  it("cuts a raw stream arriving in uneven chunks into whole frames", () => {
    const collector = frameCollector(4);
    for (const chunk of [
      [1, 2, 3],
      [4, 5],
      [6, 7, 8, 9],
    ])
      collector.push(Buffer.from(chunk));
    expect(collector.frames.map((frame) => [...frame])).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
  });
});

describe("page matching", () => {
  const pageFeatures = PAGES.map((page) => features(page));

  it("a bullet build matches its page: content not shown yet costs little, content the page lacks a lot", () => {
    expect(bestPage(features(BUILD), pageFeatures, undefined, 0)).toBe(1);
    expect(mismatch(features(BUILD), pageFeatures[1] as never)).toBeLessThan(
      mismatch(features(BUILD), pageFeatures[0] as never),
    );
  });

  it("a recording with squeezed levels (black at 16, white at 235) is brought to the deck's levels", () => {
    const squeezed = (gray: Gray): Gray => gray.map((value) => Math.round(16 + (value * 219) / 255));
    const toDeck = levelMapping(levelRange(PAGES.map(squeezed)), levelRange(PAGES));
    for (const [i, page] of PAGES.entries()) {
      const shown = features(toDeck(squeezed(page)));
      expect(bestPage(shown, pageFeatures, undefined, undefined)).toBe(i);
      expect(mismatch(shown, pageFeatures[i] as never)).toBeLessThan(width * height);
    }
    // A deck printing the build's first state as a page: that page explains the state clearly
    // better than the complete page does (a uniform offset no longer hides the bullets).
    const state = features(toDeck(squeezed(BUILD)));
    expect(mismatch(state, features(PAGES[1] as Gray))).toBeGreaterThan(BUILD_SLACK * mismatch(state, features(BUILD)));
    // A recording in the deck's range is compared as it is.
    const page = PAGES[0] as Gray;
    expect(levelMapping(levelRange(PAGES), levelRange(PAGES))(page)).toBe(page);
  });

  it("look-alike pages (a small mark apart) are told apart where they differ, not within the noise of the whole frame", () => {
    // Two section pages of one template, a 2 × 4 px mark apart; the recording is up to 10
    // levels off the renders everywhere (compression), so the whole frames' scores are 2 % apart.
    const section = slide([120, 90]);
    const other = new Uint8Array(section);
    for (let y = 60; y < 64; y++) other.fill(30, y * width + 100, y * width + 102);
    const deck = [section, PAGES[1] as Gray, other].map((page) => features(page));
    const shown = features(textured(other, 10));
    // Shown after page 1: the order alone would keep page 1; what differs says page 3.
    expect(bestPage(shown, deck, undefined, 0)).toBe(2);
    expect(bestPage(features(textured(section, 10)), deck, undefined, 2)).toBe(0);
    // Duplicate pages differ nowhere: the order settles it, the page shown before, then the next.
    const duplicates = [section, PAGES[1] as Gray, section].map((page) => features(page));
    expect(bestPage(features(textured(section, 10)), duplicates, undefined, 2)).toBe(2);
    expect(bestPage(features(textured(section, 10)), duplicates, undefined, 1)).toBe(2);
    expect(bestPage(features(textured(section, 10)), duplicates, undefined, undefined)).toBe(0);
  });

  it("a backward jump lands on the earlier page; masked pixels are left out", () => {
    expect(bestPage(features(PAGES[0] as Gray), pageFeatures, undefined, 2)).toBe(0);
    const covered = new Uint8Array(PAGES[2] as Gray);
    covered.fill(0, 0, width * 40);
    const ignore = new Uint8Array(width * height).fill(1, 0, width * 40);
    expect(bestPage(features(covered), pageFeatures, ignore, 0)).toBe(2);
  });
});

describe("chapter step", () => {
  it("with slides: one chapter per page shown, a build joined to its page, a page shown twice twice", async () => {
    const { deps, calls } = recordingDeps(answer);
    const progress = progressRecorder();
    const chapters = await findChapters({ ...input, pages }, deps, progress.report);
    expect(chapters.map(({ page, title, thumbnail }) => ({ page, title, thumbnail }))).toEqual([
      { page: 1, title: "Introduction", thumbnail: "/pages/page-1.jpg" },
      { page: 2, title: "Replication", thumbnail: "/pages/page-2.jpg" },
      { page: 3, title: "Slide 3", thumbnail: "/pages/page-3.jpg" },
      { page: 1, title: "Introduction", thumbnail: "/pages/page-1.jpg" },
    ]);
    const expected = [0, 10, 28, 38];
    for (const [i, chapter] of chapters.entries()) {
      expect(Math.abs(chapter.time - (expected[i] as number))).toBeLessThanOrEqual(1 / 30);
    }
    // One sampling pass over the whole video, then a short full-rate window around each change.
    expect(calls.filter((call) => call.args.includes("-progress"))).toHaveLength(1);
    const windows = calls.filter((call) => call.args.includes("-copyts")).map((call) => call.args);
    expect(windows).toHaveLength(3);
    for (const args of windows) {
      expect(Number(args[args.indexOf("-to") + 1]) - Number(args[args.indexOf("-ss") + 1])).toBeLessThanOrEqual(1.25);
    }
    expect(isNonDecreasing(progress.values)).toBe(true);
    expect(progress.values.at(-1)).toBe(100);
  });

  it("a deck that prints a build's first state as a page of its own: that page is a chapter of its own", async () => {
    // Beamer prints each overlay as a page: page 2 is page 3 with two of its four bullets. The
    // recording's texture makes every page match less than exactly, so page 3 explains the
    // first state nearly as well as page 2 does.
    const deck = [PAGES[0], BUILD, PAGES[1], PAGES[2]] as Gray[];
    const beamerPages: PdfPage[] = ["Introduction", "Replication", "Replication", ""].map((heading, i) => ({
      page: i + 1,
      thumbnail: `/pages/page-${i + 1}.jpg`,
      text: heading,
      heading,
    }));
    const { deps } = recordingDeps((call) => answer(call, deck, 10));
    const chapters = await findChapters({ ...input, pages: beamerPages }, deps, () => {});
    expect(chapters.map(({ page }) => page)).toEqual([1, 2, 3, 4, 1]);
    const expected = [0, 10, 18, 28, 38];
    for (const [i, chapter] of chapters.entries()) {
      expect(Math.abs(chapter.time - (expected[i] as number))).toBeLessThanOrEqual(1 / 30);
    }
    // The same recording of a deck without that page: the build is still one chapter on its page.
    const built = recordingDeps((call) => answer(call, PAGES, 10));
    const joined = await findChapters({ ...input, pages }, built.deps, () => {});
    expect(joined.map(({ page }) => page)).toEqual([1, 2, 3, 1]);
  });

  it("a live demo (a terminal) matching no page is a chapter with no page, 'Démo', a frame of its middle", async () => {
    const { deps, calls } = recordingDeps((call) => answer(call, PAGES, 0, true));
    const progress = progressRecorder();
    const chapters = await findChapters({ ...input, pages }, deps, progress.report);
    // The terminal's lines of output are changes, all within the demo: one chapter.
    expect(chapters.map(({ page, title, thumbnail }) => ({ page, title, thumbnail }))).toEqual([
      { page: 1, title: "Introduction", thumbnail: "/pages/page-1.jpg" },
      { page: 2, title: "Replication", thumbnail: "/pages/page-2.jpg" },
      { page: null, title: "Démo", thumbnail: "/out/chapter-3.jpg" },
      { page: 1, title: "Introduction", thumbnail: "/pages/page-1.jpg" },
    ]);
    expect(Math.abs((chapters[2]?.time ?? 0) - 27.75)).toBeLessThanOrEqual(1 / 30);
    const seeks = calls.filter((call) => call.args.includes("-frames:v"));
    expect(seeks).toHaveLength(1);
    expect(Math.abs(Number(seeks[0]?.args[(seeks[0]?.args.indexOf("-ss") ?? 0) + 1]) - 32.875)).toBeLessThan(0.1);
    expect(isNonDecreasing(progress.values)).toBe(true);
    expect(progress.values.at(-1)).toBe(100);
    // The same talk showing page 3 has no demo: every stretch has its page.
    const slides = await findChapters({ ...input, pages }, recordingDeps(answer).deps, () => {});
    expect(slides.every((chapter) => chapter.page !== null)).toBe(true);
  });

  it("'no page' is relative to the talk's usual match: a uniformly worse recording is still slides", () => {
    expect(showsNoPage([0.8, 1.1, 0.9, 6.5, 13, 1.2])).toEqual([false, false, false, true, true, false]);
    // A recording 8 levels off everywhere (a pillarbox on gray, a lightened video): 4× that is the bar.
    expect(showsNoPage([8, 9, 7.5, 10, 14])).toEqual([false, false, false, false, false]);
    // Under 4 levels a pixel nothing is a demo, however good the other matches.
    expect(showsNoPage([0.2, 0.3, 3.5])).toEqual([false, false, false]);
  });

  it("a demo is named in the deck's language (its short words, else its accents), in French when it says too little", () => {
    expect(DEMO_TITLES[deckLanguage(["Why we shard the data", "The cost of a lease and the clock"])]).toBe("Demo");
    expect(DEMO_TITLES[deckLanguage(["Pourquoi découper les données", "Le coût des baux et de la latence"])]).toBe(
      "Démo",
    );
    expect(DEMO_TITLES[deckLanguage(["Replication", "Sharding"])]).toBe("Démo");
    // Decks of keywords: French has accents, English none.
    const keywords = "Latency throughput replica leader follower quorum partition write read commit log index";
    expect(DEMO_TITLES[deckLanguage([keywords, keywords])]).toBe("Demo");
    const frenchKeywords = "Latence débit réplique leader suiveur quorum partition écriture lecture journal index";
    expect(DEMO_TITLES[deckLanguage([frenchKeywords, frenchKeywords])]).toBe("Démo");
  });

  it("without slides: changes at least the minimum length apart, 'Chapter N', a frame from each chapter's middle", async () => {
    const { deps, calls } = recordingDeps(answer);
    const progress = progressRecorder();
    const chapters = await findChapters({ ...input, pages: undefined }, deps, progress.report, {
      ...DEFAULT_CHAPTER_OPTIONS,
      minChapterSeconds: 9,
    });
    expect(chapters.map((chapter) => chapter.title)).toEqual(["Chapter 1", "Chapter 2", "Chapter 3", "Chapter 4"]);
    expect(chapters.map((chapter) => chapter.thumbnail)).toEqual([1, 2, 3, 4].map((n) => `/out/chapter-${n}.jpg`));
    // The build step at 18 s is 8 s after the chapter at 10 s: under the minimum.
    const seeks = calls
      .filter((call) => call.args.includes("-frames:v"))
      .map((call) => Number(call.args[call.args.indexOf("-ss") + 1]));
    for (const [i, middle] of [5, 19, 33, 43].entries()) {
      expect(Math.abs((seeks[i] as number) - middle)).toBeLessThan(0.1);
    }
    expect(progress.values.at(-1)).toBe(100);
  });

  it("a failed scan is a failed version", async () => {
    const { deps } = recordingDeps(() => ({ code: 1 }));
    await expect(findChapters({ ...input, pages: undefined }, deps, () => {})).rejects.toMatchObject({
      status: "failed",
    });
  });
});
