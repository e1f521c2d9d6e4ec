// npm run bench:synopsis — the synopsis of an event of 1,000 presentations in 20 rooms over 3 days,
// opened by an anonymous visitor in Chromium at 1440 × 900 (every day and room drawn): the time
// from navigation to the timetable drawn, the scripting time of a zoom change, and the gzip size of
// the JavaScript the synopsis route loads. Targets: under 1 s, under 100 ms, under 200 KB.
// BENCH_RUNS sets the number of cold loads (default 5); BENCH_VERBOSE=1 prints every zoom step.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { describeImport } from "../lib/admin-client";
import { ROOT } from "../lib/local-server";
import { ensureDebianPackage } from "../lib/system-packages";
import { percentile, startBenchServer } from "./bench-server";
import { buildLargeSchedule } from "./generate-schedule";

const SLUG = "bench-synopsis";
const PRESENTATIONS = 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? "5");
/** Zoom indices visited from the default (2, 50 %): every level, both ways. */
const ZOOM_PATH = [3, 4, 3, 2, 1, 0, 1, 2];
const VIEWPORT = { width: 1440, height: 900 };
const TARGET = { firstRenderMs: 1000, zoomMs: 100, gzipKb: 200 };

ensureDebianPackage("/usr/bin/chromium", "chromium");

/**
 * Records, in the page, when the first synopsis card is in the document, when the frame after it
 * is painted, and when every card is in the document (the days after the first follow it).
 */
function recordFirstRender(expectedCards: number) {
  const marks = window as unknown as {
    synopsisDrawnAt?: number;
    synopsisPaintedAt?: number;
    synopsisCompleteAt?: number;
  };

  const observer = new MutationObserver(() => {
    if (marks.synopsisDrawnAt !== undefined) return;
    if (!document.querySelector("[data-testid=synopsis-rendered] [data-testid=synopsis-card]")) return;
    marks.synopsisDrawnAt = performance.now();
    observer.disconnect();
    requestAnimationFrame(() =>
      setTimeout(() => {
        marks.synopsisPaintedAt = performance.now();
        // Polled, not a named helper: tsx would wrap a named function with a helper the page lacks.
        const poll = setInterval(() => {
          if (document.querySelectorAll("[data-testid=synopsis-card]").length < expectedCards) return;
          marks.synopsisCompleteAt = performance.now();
          clearInterval(poll);
        }, 16);
      }, 0),
    );
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Moves the zoom slider as a person would (an input event) and resolves once the next frame is painted. */
function changeZoom(index: number): Promise<number> {
  const slider = document.querySelector<HTMLInputElement>("[data-testid=zoom-slider]");
  if (!slider) throw new Error("no zoom slider");
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  const started = performance.now();
  setValue?.call(slider, String(index));
  slider.dispatchEvent(new Event("input", { bubbles: true }));
  return new Promise((resolve) =>
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0)),
  );
}

async function scriptSeconds(cdp: Awaited<ReturnType<BrowserContext["newCDPSession"]>>): Promise<number> {
  const { metrics } = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
  return metrics.find((metric) => metric.name === "ScriptDuration")?.value ?? Number.NaN;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const max = (values: number[]) => Math.max(...values);

const bench = await startBenchServer();
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const schedule = buildLargeSchedule({
    presentations: PRESENTATIONS,
    rooms: 20,
    days: 3,
    start: new Date(),
  }) as object;
  const report = await bench.admin.importSchedule(SLUG, { ...schedule, engagement: { allowAnonymousAccess: true } });
  console.log(describeImport(SLUG, report));
  const url = `${bench.server.url}/${SLUG}/synopsis`;

  const drawn: number[] = [];
  const painted: number[] = [];
  const complete: number[] = [];
  const zoomScript: number[] = [];
  const zoomFrame: number[] = [];
  const scripts = new Set<string>();
  let cards = 0;
  for (let run = 0; run < RUNS; run++) {
    // A fresh context each time: an empty HTTP cache, as a first visit.
    const context = await browser.newContext({ viewport: VIEWPORT, locale: "fr-FR" });
    const page: Page = await context.newPage();
    page.on("response", (response) => {
      const path = new URL(response.url()).pathname;
      if (path.endsWith(".js")) scripts.add(path);
    });
    await page.addInitScript(recordFirstRender, PRESENTATIONS);
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { synopsisCompleteAt?: number }).synopsisCompleteAt);
    const times = await page.evaluate(() => {
      const marks = window as unknown as {
        synopsisDrawnAt: number;
        synopsisPaintedAt: number;
        synopsisCompleteAt: number;
      };
      return { drawn: marks.synopsisDrawnAt, painted: marks.synopsisPaintedAt, complete: marks.synopsisCompleteAt };
    });
    drawn.push(times.drawn);
    painted.push(times.painted);
    complete.push(times.complete);
    cards = await page.getByTestId("synopsis-card").count();

    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    for (const zoom of ZOOM_PATH) {
      const before = await scriptSeconds(cdp);
      zoomFrame.push(await page.evaluate(changeZoom, zoom));
      zoomScript.push((await scriptSeconds(cdp)) - before);
    }
    await context.close();
  }

  const assets = [...scripts].sort();
  const gzipBytes = assets.reduce(
    (sum, path) => sum + gzipSync(readFileSync(join(ROOT, "web", "dist", path))).length,
    0,
  );
  const zoomScriptMs = zoomScript.map((seconds) => seconds * 1000);
  if (process.env.BENCH_VERBOSE) console.log("zoom steps (ms):", zoomScriptMs.map((v) => v.toFixed(0)).join(" "));
  const firstRender = median(painted);
  const zoom = max(zoomScriptMs);
  const gzipKb = gzipBytes / 1024;
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(`
Synopsis of ${cards} presentation cards (20 rooms, 3 days), anonymous, Chromium ${browser.version()} at ${VIEWPORT.width}×${VIEWPORT.height}, ${RUNS} cold loads (load average ${loadavg()[0]?.toFixed(1)})
| measure | median | max | target |
|---|---|---|---|
| navigation → first card in the DOM | ${ms(median(drawn))} | ${ms(max(drawn))} | |
| navigation → timetable painted (first day) | ${ms(firstRender)} | ${ms(max(painted))} | < ${TARGET.firstRenderMs} ms |
| navigation → all ${PRESENTATIONS} cards in the DOM | ${ms(median(complete))} | ${ms(max(complete))} | |
| zoom change: scripting (CDP ScriptDuration) | ${ms(median(zoomScriptMs))} | ${ms(zoom)} | < ${TARGET.zoomMs} ms |
| zoom change: input → next frame painted | ${ms(median(zoomFrame))} | ${ms(max(zoomFrame))} | |
JavaScript of the synopsis route: ${assets.length} files, ${gzipKb.toFixed(1)} KB gzip (target < ${TARGET.gzipKb} KB)
${assets.map((path) => `  ${path}`).join("\n")}
${firstRender < TARGET.firstRenderMs && zoom < TARGET.zoomMs && gzipKb < TARGET.gzipKb ? "Targets met." : "Targets NOT met."}`);
} finally {
  await browser.close();
  await bench.dispose();
}
