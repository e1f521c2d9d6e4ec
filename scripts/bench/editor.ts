// npm run bench:editor — the chapter editor in Chromium on a 2-hour talk with 200 chapters:
// the main-thread time of each frame of a boundary drag (the pointer moved one step per frame;
// the frame's start to the chapters re-rendered and laid out, the paint excluded), the frame intervals of a real drag,
// and the time of each zoom change (0 to 100 by 10, and back) to the re-rendered timeline and to
// the next paint. The version's answer is made in the browser (`page.route`): only the chapter
// data matter here, the talk's video is left out (the player does not take part in a drag or a zoom).
// The filmstrip (a storyboard of 900 frames, one every 8 s) and the waveform (72,000 peaks) are drawn.
// Targets (issue 17): ≤ 16 ms per drag frame, ≤ 100 ms per zoom change. Prints a markdown table.
import { execFileSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { chromium } from "playwright-core";
import { DEMO_QUIZ } from "../demo/demo-quiz";
import { ensureDebianPackage } from "../lib/system-packages";
import { seedDemo } from "../seed";
import { percentile, startBenchServer } from "./bench-server";

const DURATION_MS = 2 * 3600_000;
const CHAPTERS = 200;
const DRAG_STEPS = 120;
const TARGETS = { dragFrameMs: 16, zoomMs: 100 };
const IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90"><rect width="160" height="90" fill="#1f4e79"/></svg>',
)}`;

ensureDebianPackage("/usr/bin/chromium", "chromium");

/** A storyboard sheet as the processor makes them: a 1,600 × 900 JPEG of 10 × 10 frames, served at `/bench/sheet-N.jpg`. */
const SHEET = execFileSync("ffmpeg", [
  ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=160x90:rate=1"],
  ...["-vf", "tile=10x10", "-frames:v", "1", "-q:v", "6", "-f", "image2", "-c:v", "mjpeg", "pipe:1"],
]);

/** 200 chapters over two hours, of uneven lengths as a detector leaves them. */
function chapters() {
  const weights = Array.from({ length: CHAPTERS }, (_, index) => 1 + ((index * 7919) % 13) / 6);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let time = 0;
  return weights.map((weight, index) => {
    const chapter = {
      id: IMAGE,
      time: Math.round(time),
      title: `Chapter ${index + 1}`,
      description: index % 3 ? "" : "A slide about agents",
      width: null,
    };
    time += (weight / total) * DURATION_MS;
    return chapter;
  });
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] ?? Number.NaN };
};
const ms = (value: number) => value.toFixed(1);

const bench = await startBenchServer();
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  await seedDemo(bench.admin, bench.server.url);
  const login = await fetch(`${bench.server.url}/api/event-engagement/demo/user-login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "speaker@demo.test", password: "demo-pass" }),
  });
  const session = ((await login.json()) as { data: { token: string; user: unknown } }).data;
  const schedule = (await (await fetch(`${bench.server.url}/api/public/schedule/demo`)).json()) as {
    data: { presentations: { _id: number; name: string }[] };
  };
  const talk = schedule.data.presentations.find((presentation) => presentation.name === DEMO_QUIZ.presentationName);
  if (!talk) throw new Error("the demo talk is missing");
  const versionId = "e".repeat(64);

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    ["session:demo", JSON.stringify({ token: session.token, user: session.user })],
  );
  // tsx keeps function names with an `__name` helper that functions sent to the page also call.
  await context.addInitScript("window.__name = (target) => target");
  const page = await context.newPage();
  await page.route(/\/chapter-edit(\?.*)?$/, (route) =>
    route.fulfill({
      json: {
        data: {
          versionId,
          status: "success",
          option: "two",
          video: null,
          webcam: null,
          thumbnails: chapters(),
          duration: DURATION_MS / 1000,
          revision: 0,
          storyboard: {
            intervalMs: 8000,
            tileWidth: 160,
            tileHeight: 90,
            columns: 10,
            rows: 10,
            frames: DURATION_MS / 8000,
            sheets: Array.from({ length: DURATION_MS / 8000 / 100 }, (_, index) => `/bench/sheet-${index + 1}.jpg`),
          },
          waveform: "/bench/waveform.json",
        },
      },
    }),
  );
  await page.route(/\/bench\/sheet-[0-9]+\.jpg$/, (route) => route.fulfill({ body: SHEET, contentType: "image/jpeg" }));
  await page.route(/\/bench\/waveform\.json$/, (route) =>
    route.fulfill({
      json: {
        peaksPerSecond: 10,
        peaks: Array.from({ length: DURATION_MS / 100 }, (_, index) => Math.round(50 + 45 * Math.sin(index / 7))),
      },
    }),
  );
  await page.goto(`${bench.server.url}/demo/videoeditor/${talk._id}?versionId=${versionId}`);
  await page
    .getByTestId("timeline-handle")
    .nth(CHAPTERS - 2)
    .waitFor();
  await page.getByTestId("timeline-waveform").waitFor();
  await page.getByTestId("timeline-filmstrip").waitFor();
  // The widest zoom: a drag then moves many pixels of timeline per pixel of pointer least.
  const zoomTimes = await page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>('[data-testid="editor-zoom"]');
    const timeline = document.querySelector<HTMLElement>('[data-testid="chapter-timeline"] > div');
    if (!input || !timeline) throw new Error("no zoom or timeline");
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
    const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const rendered: number[] = [];
    const painted: number[] = [];
    const steps = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 90, 80, 70, 60, 50, 40, 30, 20, 10, 0];
    for (const zoom of [...steps, ...steps]) {
      await nextPaint();
      const start = performance.now();
      setValue?.call(input, String(zoom));
      input.dispatchEvent(new Event("input", { bubbles: true }));
      timeline.getBoundingClientRect();
      rendered.push(performance.now() - start);
      await nextPaint();
      painted.push(performance.now() - start);
    }
    return { rendered, painted };
  });

  // One drag step per frame, in the page: the frame's start to the chapters re-rendered and laid out.
  // The measure ends in a later callback of the same frame, so it is read after the frame.
  const middle = page.getByTestId("timeline-handle").nth(CHAPTERS / 2 - 1);
  // The timeline in the middle of the window, clear of the sticky save bar; the handle scrolled into it.
  await page.getByTestId("chapter-timeline").evaluate((timeline) => timeline.scrollIntoView({ block: "center" }));
  await middle.scrollIntoViewIfNeeded();
  const middleBox = await middle.boundingBox();
  if (!middleBox) throw new Error("no handle box");
  const before = await middle.getAttribute("aria-valuetext");
  // A real press (the pointer is captured), then moves sent to the handle one per frame.
  await page.mouse.move(middleBox.x + middleBox.width / 2, middleBox.y + middleBox.height / 2);
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x as number, y as number)?.getAttribute("data-testid") ?? "none",
    [middleBox.x + middleBox.width / 2, middleBox.y + middleBox.height / 2],
  );
  if (process.env.BENCH_VERBOSE === "1") console.log("pressed on", hit, middleBox);
  await page.mouse.down();
  const dragFrames = await page.evaluate(
    async ({ steps, index }) => {
      const handles = document.querySelectorAll<HTMLElement>('[data-testid="timeline-handle"]');
      const handle = handles[index];
      if (!handle) throw new Error("no handle");
      const box = handle.getBoundingClientRect();
      const y = box.top + box.height / 2;
      let x = box.left + box.width / 2;
      const pointer = (type: string) =>
        new PointerEvent(type, { bubbles: true, pointerId: 1, clientX: x, clientY: y, isPrimary: true, button: 0 });
      const frames: number[] = [];
      for (let step = 0; step < steps; step++) {
        x -= 1;
        // Registered after the editor's own frame callback, which renders the move (flushSync):
        // by this callback the frame's work but the paint is done; layout is forced to count it.
        const frameStart = await new Promise<number>((resolve) => {
          handle.dispatchEvent(pointer("pointermove"));
          requestAnimationFrame((time) => {
            handle.getBoundingClientRect();
            resolve(time);
          });
        });
        frames.push(performance.now() - frameStart);
      }
      return frames;
    },
    { steps: DRAG_STEPS, index: CHAPTERS / 2 - 1 },
  );
  await page.mouse.up();
  const after = await middle.getAttribute("aria-valuetext");
  if (before === after) throw new Error("the drag did not move the boundary");

  // The same kind of drag from the real pointer (CDP input), the frame intervals Chromium kept.
  const handle = page.getByTestId("timeline-handle").nth(CHAPTERS / 2 + 10);
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  if (!box) throw new Error("no handle box");
  await page.evaluate(() => {
    const record = window as unknown as { intervals: number[]; recording: boolean };
    record.intervals = [];
    record.recording = true;
    let last = performance.now();
    const tick = (time: number) => {
      record.intervals.push(time - last);
      last = time;
      if (record.recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const realBefore = await handle.getAttribute("aria-valuetext");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 200, box.y + box.height / 2, { steps: DRAG_STEPS });
  await page.mouse.up();
  if ((await handle.getAttribute("aria-valuetext")) === realBefore) throw new Error("the real drag did not move");
  const intervals = await page.evaluate(() => {
    const record = window as unknown as { intervals: number[]; recording: boolean };
    record.recording = false;
    return record.intervals.slice(2);
  });
  const drag = summary(dragFrames);
  const real = summary(intervals);
  const zoomRendered = summary(zoomTimes.rendered);
  const zoomPainted = summary(zoomTimes.painted);
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, load ${loadavg()[0]?.toFixed(1)}`;
  console.log(`\nChapter editor, ${new Date().toISOString().slice(0, 10)}, ${machine}, Chromium headless 1440 × 900`);
  console.log(
    `2-hour talk, ${CHAPTERS} chapters; targets: drag frame ≤ ${TARGETS.dragFrameMs} ms, zoom ≤ ${TARGETS.zoomMs} ms\n`,
  );
  console.log("| measure | p50 | p95 | max |");
  console.log("|---|---|---|---|");
  console.log(
    `| drag step: frame start → chapters re-rendered and laid out (${DRAG_STEPS} frames, zoom 0, boundary ${before} → ${after}) | ${ms(drag.p50)} ms | ${ms(drag.p95)} ms | ${ms(drag.max)} ms |`,
  );
  console.log(
    `| real pointer drag: interval between frames (${intervals.length} frames) | ${ms(real.p50)} ms | ${ms(real.p95)} ms | ${ms(real.max)} ms |`,
  );
  console.log(
    `| zoom change → timeline re-rendered and laid out (${zoomTimes.rendered.length} changes) | ${ms(zoomRendered.p50)} ms | ${ms(zoomRendered.p95)} ms | ${ms(zoomRendered.max)} ms |`,
  );
  console.log(
    `| zoom change → next paint | ${ms(zoomPainted.p50)} ms | ${ms(zoomPainted.p95)} ms | ${ms(zoomPainted.max)} ms |`,
  );
} finally {
  await browser.close();
  await bench.dispose();
}
