// npm run bench:mobile — the attendee's pages loaded cold on a phone over conference Wi-Fi, as
// Lighthouse's mobile profile has it: 375 × 812 at 2×, touch, 150 ms round trip, 1.6 Mbps down,
// 750 kbps up (Chromium's DevTools network emulation) and the CPU slowed 4×. Pages: the schedule,
// the synopsis and the quiz join page of the demo event (62 presentations) and of a generated
// event of 1,000 presentations in 20 rooms. Per page, the median of BENCH_RUNS cold loads
// (default 5): largest contentful paint, the time to the page's first useful content, bytes
// transferred and requests; on the schedules, the latency of typing a search (Event Timing: the
// longest keystroke from input to the next paint). Prints a markdown table for docs/benchmarks.md.
// Pages go over HTTP/2 and TLS, as a deployed Worker serves them (BENCH_PROTOCOL=http1: straight
// to the local server, which speaks HTTP/1.1 only and so holds a page's files to six at a time).
import { loadavg } from "node:os";
import { type Browser, chromium, type Page } from "playwright-core";
import { buildDemoSchedule } from "../demo/demo-schedule";
import { ensureDebianPackage } from "../lib/system-packages";
import { percentile, startBenchServer } from "./bench-server";
import { buildLargeSchedule } from "./generate-schedule";
import { startHttp2Front } from "./http2-front";

const RUNS = Number(process.env.BENCH_RUNS ?? "5");
const PROFILE = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1_000_000) / 8,
  uploadBytesPerSecond: (750 * 1_000) / 8,
  cpuSlowdown: 4,
};
const TARGETS = { joinMs: 1000, joinBytes: 60 * 1024, largeScheduleMs: 2000, largeSynopsisMs: 2500, typingMs: 200 };
const SEARCH_TEXT = "securite";
/** To look at one page while working on it: `BENCH_ONLY="schedule 1,000"` keeps the pages whose "page event" contains it. */
const ONLY = process.env.BENCH_ONLY;
/** `BENCH_FILES=1` lists, per load, the files transferred, when each started and ended, and their compressed sizes. */
const LIST_FILES = process.env.BENCH_FILES === "1";
const PROTOCOL = process.env.BENCH_PROTOCOL === "http1" ? "HTTP/1.1" : "HTTP/2";
/** `BENCH_PROFILE=1` prints, per load, where the page's main thread spent its time until the first content. */
const PROFILE_CPU = process.env.BENCH_PROFILE === "1";

ensureDebianPackage("/usr/bin/chromium", "chromium");

interface PageKind {
  name: string;
  path: (slug: string) => string;
  /** What shows the page did its job: its first cards (the Worker's first screen or the app's), or the join form. */
  ready: string;
  /** What shows the app itself has drawn the page, where a first screen comes before it. */
  app?: string;
}

const PAGES: PageKind[] = [
  {
    name: "schedule",
    path: (slug) => `/${slug}`,
    ready: "[data-testid=first-screen-card], [data-testid=presentation-card]",
    app: "[data-testid=presentation-card]",
  },
  {
    name: "synopsis",
    path: (slug) => `/${slug}/synopsis`,
    ready: "[data-testid=first-screen-card], [data-testid=synopsis-card]",
    app: "[data-testid=synopsis-card]",
  },
  { name: "quiz join", path: (slug) => `/${slug}/quiz-live?code=123456`, ready: "[data-testid=quiz-login-code]" },
];

interface Load {
  lcpMs: number;
  readyMs: number;
  /** When the app had drawn the page (its own cards), for pages with a first screen. */
  appMs?: number;
  bytes: number;
  requests: number;
  typingMs?: number;
}

/** In the page before anything runs: the largest contentful paint and the slowest keystroke. */
function observePaints() {
  const marks = window as unknown as { lcp?: number; slowestKey?: number; cardPainted?: number };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  // The first screens' card names carry elementtiming="card": when the first of them was painted.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { identifier?: string; renderTime?: number })[]) {
      if (entry.identifier !== "card") continue;
      const painted = entry.renderTime || entry.startTime;
      marks.cardPainted = Math.min(marks.cardPainted ?? painted, painted);
    }
  }).observe({ type: "element", buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!["keydown", "keypress", "input", "keyup"].includes(entry.name)) continue;
      marks.slowestKey = Math.max(marks.slowestKey ?? 0, entry.duration);
    }
    // The smallest threshold the Event Timing API allows: shorter events are not reported.
  }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

async function coldLoad(browser: Browser, url: string, kind: PageKind, typeSearch: boolean): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "fr-FR",
    ignoreHTTPSErrors: true,
  });
  try {
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: PROFILE.latencyMs,
      downloadThroughput: PROFILE.downloadBytesPerSecond,
      uploadThroughput: PROFILE.uploadBytesPerSecond,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: PROFILE.cpuSlowdown });
    let bytes = 0;
    let requests = 0;
    // For BENCH_FILES: each request's address and start (CDP timestamps, in seconds).
    const sent = new Map<string, { url: string; at: number }>();
    const files: { url: string; bytes: number; startMs: number; endMs: number }[] = [];
    let firstAt: number | undefined;
    cdp.on("Network.requestWillBeSent", (event: { requestId: string; request: { url: string }; timestamp: number }) => {
      requests++;
      firstAt ??= event.timestamp;
      sent.set(event.requestId, { url: event.request.url, at: event.timestamp });
    });
    cdp.on("Network.loadingFinished", (event: { requestId: string; encodedDataLength: number; timestamp: number }) => {
      bytes += event.encodedDataLength;
      const request = sent.get(event.requestId);
      const origin = firstAt ?? event.timestamp;
      files.push({
        url: request?.url ?? "http://unknown/",
        bytes: event.encodedDataLength,
        startMs: ((request?.at ?? origin) - origin) * 1000,
        endMs: (event.timestamp - origin) * 1000,
      });
    });
    await page.addInitScript(observePaints);
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") pageErrors.push(message.text());
    });
    if (PROFILE_CPU) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 1000 });
      await cdp.send("Profiler.start");
    }
    await page.goto(url, { waitUntil: "commit" });
    // A card on screen: the synopsis's first screen writes a desktop and a phone variant and shows
    // one, so the first card in the document may be a hidden one (waiting for it waited for the app).
    await page.locator(kind.ready).filter({ visible: true }).first().waitFor({ timeout: 60_000 });
    // Being in the document is not being on screen: a first screen's cards are there before its
    // stylesheets, so its first content is when a card was painted (Element Timing).
    const readyMs = await page.evaluate(async () => {
      const marks = window as unknown as { cardPainted?: number };
      const found = performance.now();
      if (!document.querySelector("[elementtiming=card]")) return found;
      for (let waited = 0; marks.cardPainted === undefined && waited < 30_000; waited += 25)
        await new Promise((resolve) => setTimeout(resolve, 25));
      return marks.cardPainted ?? found;
    });
    const appMs = kind.app
      ? await page
          .waitForSelector(kind.app, { timeout: 60_000 })
          .then(() => page.evaluate(() => performance.now()))
          .catch(async (error: unknown) => {
            // What the page was still waiting for, to tell a slow app from files that never came.
            const finished = new Set(files.map((file) => file.url));
            const pending = [...sent.values()].filter((request) => !finished.has(request.url));
            console.error(
              `${url}: the app did not draw the page; still waiting for ${pending.length} files`,
              pending.slice(0, 5).map((request) => new URL(request.url).pathname),
              pageErrors,
            );
            throw error;
          })
      : undefined;
    if (PROFILE_CPU) printProfile(((await cdp.send("Profiler.stop")) as { profile: CpuProfile }).profile);
    await page.waitForLoadState("networkidle");
    // The largest paint may come after the first content (a picture); it is final at the first input.
    await page.waitForTimeout(1000);
    const lcpMs = await page.evaluate(() => (window as unknown as { lcp?: number }).lcp ?? Number.NaN);
    const load: Load = { lcpMs, readyMs, appMs, bytes, requests };
    if (LIST_FILES) {
      for (const file of files.sort((a, b) => a.startMs - b.startMs)) {
        const at = `${file.startMs.toFixed(0).padStart(5)}–${file.endMs.toFixed(0).padEnd(5)} ms`;
        console.error(`  ${at} ${(file.bytes / 1024).toFixed(1).padStart(6)} KB ${new URL(file.url).pathname}`);
      }
      console.error(`  first content at ${readyMs.toFixed(0)} ms`);
    }
    if (typeSearch) {
      const search = page.getByTestId("schedule-search");
      await search.tap();
      for (const key of SEARCH_TEXT) {
        await page.keyboard.type(key);
        await page.waitForTimeout(300);
      }
      await page.waitForTimeout(500);
      load.typingMs = await page.evaluate(() => (window as unknown as { slowestKey?: number }).slowestKey ?? 0);
    }
    return load;
  } finally {
    await context.close();
  }
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function (file and name), the 20 heaviest, and per file. */
function printProfile(profile: CpuProfile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = nodes.get(id)?.callFrame;
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const file = frame?.url ? new URL(frame.url, "http://x/").pathname : "(native)";
    const key = `${frame?.functionName || "(anonymous)"} ${file}:${frame?.lineNumber ?? 0}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  });
  const top = (map: Map<string, number>, count: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count);
  for (const [key, ms] of top(byFile, 12)) console.error(`  ${ms.toFixed(0).padStart(6)} ms  ${key}`);
  for (const [key, ms] of top(byFunction, 20)) console.error(`  ${ms.toFixed(0).padStart(6)} ms    ${key}`);
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

const bench = await startBenchServer();
const front = PROTOCOL === "HTTP/2" ? await startHttp2Front(bench.server.url) : null;
const origin = front?.url ?? bench.server.url;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"]
    // The HTTP/2 front's certificate is made for the run.
    .concat(front ? ["--ignore-certificate-errors"] : []),
});
try {
  const events = [
    { label: "demo (62 talks)", slug: "bench-demo", schedule: buildDemoSchedule(new Date()) },
    {
      label: "1,000 talks",
      slug: "bench-mobile",
      schedule: buildLargeSchedule({ presentations: 1000, rooms: 20, days: 3, start: new Date() }),
    },
  ];
  const rows: string[] = [];
  const results = new Map<string, Load>();
  for (const event of events) {
    await bench.admin.importSchedule(event.slug, {
      ...(event.schedule as object),
      engagement: { allowAnonymousAccess: true },
    });
    for (const kind of PAGES) {
      if (ONLY && !`${kind.name} ${event.label}`.includes(ONLY)) continue;
      const loads: Load[] = [];
      for (let run = 0; run < RUNS; run++) {
        loads.push(await coldLoad(browser, `${origin}${kind.path(event.slug)}`, kind, kind.name === "schedule"));
      }
      const summary: Load = {
        lcpMs: median(loads.map((l) => l.lcpMs)),
        readyMs: median(loads.map((l) => l.readyMs)),
        appMs: kind.app ? median(loads.map((l) => l.appMs ?? Number.NaN)) : undefined,
        bytes: median(loads.map((l) => l.bytes)),
        requests: median(loads.map((l) => l.requests)),
        typingMs: kind.name === "schedule" ? median(loads.map((l) => l.typingMs ?? Number.NaN)) : undefined,
      };
      results.set(`${kind.name} ${event.label}`, summary);
      const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      rows.push(
        `| ${kind.name} | ${event.label} | ${seconds(summary.lcpMs)} | ${seconds(summary.readyMs)} | ${summary.appMs === undefined ? "—" : seconds(summary.appMs)} | ${(summary.bytes / 1024).toFixed(0)} KB | ${summary.requests} | ${summary.typingMs === undefined ? "—" : `${summary.typingMs.toFixed(0)} ms`} |`,
      );
      console.error(`${kind.name}, ${event.label}: done`);
    }
  }
  const join = results.get("quiz join 1,000 talks");
  const schedule = results.get("schedule 1,000 talks");
  const synopsis = results.get("synopsis 1,000 talks");
  const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
  console.log(`
Chromium ${browser.version()} over ${PROTOCOL}, 375×812 at 2×, ${PROFILE.latencyMs} ms round trip, 1.6 Mbps down, 750 kbps up, CPU ${PROFILE.cpuSlowdown}× slower; median of ${RUNS} cold loads (load average ${loadavg()[0]?.toFixed(1)})

| page | event | largest contentful paint | first content | app drawn | transferred | requests | slowest keystroke |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}

Targets: quiz join ≤ ${TARGETS.joinMs} ms and ≤ ${TARGETS.joinBytes / 1024} KB (${verdict(!!join && join.lcpMs <= TARGETS.joinMs && join.bytes <= TARGETS.joinBytes)}); schedule of 1,000 first cards ≤ ${TARGETS.largeScheduleMs} ms (${verdict(!!schedule && schedule.readyMs <= TARGETS.largeScheduleMs)}), typing ≤ ${TARGETS.typingMs} ms (${verdict(!!schedule && (schedule.typingMs ?? Number.POSITIVE_INFINITY) <= TARGETS.typingMs)}); synopsis of 1,000 ≤ ${TARGETS.largeSynopsisMs} ms (${verdict(!!synopsis && synopsis.readyMs <= TARGETS.largeSynopsisMs)}).`);
} finally {
  await browser.close();
  await front?.close();
  await bench.dispose();
}
