/**
 * The generated deck of a benchmark talk: HTML slides of varied looks (light and dark themes,
 * serif and sans fonts, charts and picture-like images, code, agenda pages that differ by one
 * highlighted line) printed by Chromium to a 1280×720 (or 960×720) page PDF, plus the partial renders of
 * the pages built bullet by bullet (not pages of the deck), a mouse pointer and a face for the
 * webcam picture-in-picture, all from one seed.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { chromium } from "playwright-core";

/** A seeded generator (mulberry32): the same seed gives the same talk. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

export type SlideKind = "title" | "bullets" | "agenda" | "chart" | "picture" | "code" | "video" | "quote" | "section";

export interface DeckPage {
  page: number;
  kind: SlideKind;
  heading: string;
  /** Bullets a build reveals one by one (bullet slides only). */
  bullets: string[];
}

interface Theme {
  background: string;
  text: string;
  accent: string;
  font: string;
}

const THEMES: Theme[] = [
  { background: "#ffffff", text: "#1b1b1b", accent: "#c0392b", font: "'Liberation Sans'" },
  { background: "#1e1f29", text: "#e8e8ef", accent: "#7fd1b9", font: "'DejaVu Sans'" },
  { background: "linear-gradient(135deg,#0f2b4c,#1d5c8c)", text: "#f4f7fb", accent: "#ffd166", font: "Carlito" },
  { background: "#f6f0e1", text: "#3a2e1f", accent: "#8c5a2b", font: "Caladea" },
  { background: "#fafafa", text: "#222a35", accent: "#2d6cdf", font: "'Liberation Serif'" },
];

const TOPICS = [
  "Replication",
  "Consensus",
  "Sharding",
  "Caching",
  "Observability",
  "Backpressure",
  "Idempotency",
  "Schema changes",
  "Load shedding",
  "Rate limits",
  "Retries",
  "Queues",
  "Leases",
  "Clock skew",
  "Failover",
  "Benchmarks",
  "Indexes",
  "Compaction",
  "Snapshots",
  "Tracing",
];
const WORDS =
  "latency throughput replica leader follower quorum partition write read commit log index cache miss hit tail budget error retry timeout region zone disk memory batch stream window lag".split(
    " ",
  );

function sentence(random: Random, words: number): string {
  const text = Array.from({ length: words }, () => pick(random, WORDS)).join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Turns three pages of the deck's first half into section pages ("Part 1"…"Part 3"): one template,
 * one picture, a different number (look-alike pages).
 */
export function withSectionPages(pages: DeckPage[]): DeckPage[] {
  // Among the first 14 pages or so, which a 10-minute talk shows: every section page is seen.
  const free = pages.filter((p) => p.page > 5 && p.kind !== "video");
  const picked = [0, 3, 6].map((index) => free[Math.min(index, free.length - 1)] as DeckPage);
  return pages.map((p) => {
    const part = picked.indexOf(p);
    return part < 0 ? p : { ...p, kind: "section", heading: `Part ${part + 1}`, bullets: [] };
  });
}

/**
 * The screens of a live demo, as PNGs in `directory`: a terminal where a command's output comes
 * line by line, then a browser page scrolled twice. Returns their paths in order.
 */
export async function printDemoScreens(directory: string, width: number): Promise<string[]> {
  const output = [
    "$ npm run load-test -- --replicas 3",
    "starting 3 replicas on ports 7001-7003",
    "leader elected: replica-2 (term 4)",
    "sent 10000 writes, p99 latency 41 ms",
    "killed replica-2; new leader replica-1 (term 5)",
    "sent 10000 writes, p99 latency 57 ms, 0 lost",
  ];
  const terminal = (lines: number) =>
    `<body style="margin:0;background:#101418;color:#b8f1a0;font:22px 'DejaVu Sans Mono';width:${width}px;height:720px"><div style="background:#2b2f36;color:#ccc;padding:8px 16px;font:16px 'DejaVu Sans'">bash — demo@laptop: ~/cluster</div><pre style="margin:16px 24px;white-space:pre-wrap">${output.slice(0, lines).join("\n")}\n$ <span style="background:#b8f1a0">&nbsp;</span></pre></body>`;
  const rows = Array.from(
    { length: 40 },
    (_, i) =>
      `<tr><td>replica-${(i % 3) + 1}</td><td>${1000 + i * 37}</td><td>${(20 + ((i * 13) % 50)).toString()} ms</td><td style="color:${i % 7 === 0 ? "#c0392b" : "#2d7d46"}">${i % 7 === 0 ? "lagging" : "healthy"}</td></tr>`,
  ).join("");
  const browser = `<body style="margin:0;font:20px 'Liberation Sans';background:#fff;width:${width}px"><div style="position:sticky;top:0;background:#e8eaed;padding:10px 16px;border-bottom:1px solid #bbb">◀ ▶ ⟳ &nbsp; <span style="background:#fff;padding:4px 12px;border-radius:12px">http://localhost:7001/status</span></div><h2 style="margin:24px">Cluster status</h2><table style="margin:0 24px;border-collapse:collapse;width:80%" cellpadding="8">${rows}</table></body>`;
  const browserHandle = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const screens: string[] = [];
  try {
    const page = await browserHandle.newPage({ viewport: { width, height: 720 } });
    for (let lines = 1; lines <= output.length; lines++) {
      await page.setContent(terminal(lines));
      screens.push(join(directory, `demo-${screens.length + 1}.png`));
      await page.screenshot({ path: screens.at(-1) as string });
    }
    await page.setContent(browser);
    for (const scroll of [0, 420, 840]) {
      await page.evaluate((y) => window.scrollTo(0, y), scroll);
      screens.push(join(directory, `demo-${screens.length + 1}.png`));
      await page.screenshot({ path: screens.at(-1) as string });
    }
  } finally {
    await browserHandle.close();
  }
  return screens;
}

/** `count` pages: a title page, then varied kinds, with one video slide and an agenda pair. */
export function deckPages(random: Random, count: number): DeckPage[] {
  const kinds: SlideKind[] = ["bullets", "bullets", "chart", "picture", "code", "quote", "bullets"];
  const pages: DeckPage[] = [];
  const topics = [...TOPICS].sort(() => random() - 0.5);
  for (let i = 0; i < count; i++) {
    const page = i + 1;
    let kind: SlideKind = i === 0 ? "title" : pick(random, kinds);
    if (page === Math.floor(count / 2)) kind = "video";
    if (page === 3 || page === 4) kind = "agenda";
    const heading =
      kind === "agenda" ? "Agenda" : kind === "title" ? "Systems that stay up" : (topics[i % topics.length] as string);
    const bullets = Array.from({ length: 3 + Math.floor(random() * 3) }, () =>
      sentence(random, 4 + Math.floor(random() * 4)),
    );
    pages.push({ page, kind, heading, bullets });
  }
  // Two text-only pages in a row that differ little: the same heading and layout, one line changed.
  const twin = pages.findIndex((p, i) => i > 5 && p.kind === "bullets" && pages[i + 1]);
  if (twin > 0) {
    const first = pages[twin] as DeckPage;
    pages[twin + 1] = { ...first, page: first.page + 1, bullets: [...first.bullets.slice(0, -1), sentence(random, 5)] };
  }
  return pages;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The rectangle (in page pixels) where the video slide's clip plays, centred on the page. */
export function videoRect(pageWidth: number) {
  return { x: (pageWidth - 600) / 2, y: 200, width: 600, height: 338 };
}

function pictureSvg(random: Random): string {
  const blobs = Array.from({ length: 14 }, () => {
    const hue = Math.floor(random() * 360);
    return `<circle cx="${Math.floor(random() * 700)}" cy="${Math.floor(random() * 380)}" r="${40 + Math.floor(random() * 120)}" fill="hsl(${hue},60%,55%)" opacity="0.6"/>`;
  }).join("");
  return `<svg width="700" height="380" style="filter:blur(6px)"><rect width="700" height="380" fill="hsl(${Math.floor(random() * 360)},40%,30%)"/>${blobs}</svg>`;
}

function chartSvg(random: Random, accent: string, text: string): string {
  const bars = Array.from({ length: 8 }, (_, i) => {
    const h = 40 + Math.floor(random() * 280);
    return `<rect x="${30 + i * 85}" y="${330 - h}" width="55" height="${h}" fill="${accent}"/><text x="${40 + i * 85}" y="360" fill="${text}" font-size="20">Q${i + 1}</text>`;
  }).join("");
  return `<svg width="720" height="380"><line x1="20" y1="330" x2="710" y2="330" stroke="${text}" stroke-width="2"/>${bars}</svg>`;
}

function body(page: DeckPage, random: Random, theme: Theme, visibleBullets: number, agenda: string[]): string {
  const list = (items: string[], visible: number) =>
    `<ul>${items.map((item, i) => `<li style="visibility:${i < visible ? "visible" : "hidden"}">${escapeHtml(item)}</li>`).join("")}</ul>`;
  switch (page.kind) {
    case "title":
      return `<p class="subtitle">${escapeHtml(sentence(random, 5))}</p><p class="subtitle small">Conference 2026 · Room B</p>`;
    case "agenda":
      return `<ol>${agenda.map((item, i) => `<li class="${i === page.page - 3 ? "current" : "dim"}">${escapeHtml(item)}</li>`).join("")}</ol>`;
    case "chart":
      return `<div class="row"><div class="narrow">${list(page.bullets.slice(0, 2), 2)}</div>${chartSvg(random, theme.accent, theme.text)}</div>`;
    case "picture":
      return `<div class="row">${pictureSvg(random)}<div class="narrow">${list(page.bullets.slice(0, 2), 2)}</div></div>`;
    case "code":
      return `<pre>${escapeHtml(page.bullets.map((b, i) => `${i === 0 ? "async function" : "  await"} ${b.toLowerCase().replace(/ /g, "_")}();`).join("\n"))}</pre>`;
    case "quote":
      return `<blockquote>“${escapeHtml(page.bullets.slice(0, 2).join(", "))}.”</blockquote>`;
    case "video":
      return `<div class="video"></div>`;
    case "section":
      // The same picture on every section page: they differ by their number only.
      return `<div class="row">${pictureSvg(seededRandom(7))}</div>`;
    default:
      return list(page.bullets, visibleBullets);
  }
}

function slideHtml(page: DeckPage, theme: Theme, random: Random, visibleBullets: number, agenda: string[]): string {
  return `<section style="background:${theme.background};color:${theme.text};font-family:${theme.font}">
<h1 style="border-bottom:4px solid ${theme.accent}">${escapeHtml(page.heading)}</h1>
${body(page, random, theme, visibleBullets, agenda)}
<footer>${page.page}</footer></section>`;
}

const style = (width: number) => `@page { size: ${width}px 720px; margin: 0 }
html, body { margin: 0 }
section { width: ${width}px; height: 720px; box-sizing: border-box; padding: 48px 80px; position: relative; overflow: hidden; page-break-after: always }
h1 { font-size: 54px; margin: 0 0 36px; padding-bottom: 12px }
ul, ol { font-size: 34px; line-height: 1.55 }
li.current { font-weight: bold } li.dim { opacity: 0.55 }
.subtitle { font-size: 36px; margin-top: 160px } .small { font-size: 26px; margin-top: 20px }
.row { display: flex; gap: 40px; align-items: center } .narrow { width: 380px } .narrow ul { font-size: 28px }
pre { font: 28px 'DejaVu Sans Mono'; background: rgba(127,127,127,0.15); padding: 24px; border-radius: 8px }
blockquote { font-size: 46px; font-style: italic; margin: 120px 60px }
.video { position: absolute; left: ${videoRect(width).x}px; top: ${videoRect(width).y}px; width: 600px; height: 338px; background: #000 }
footer { position: absolute; right: 40px; bottom: 24px; font-size: 20px; opacity: 0.7 }`;

export interface BuildRender {
  page: number;
  /** Bullets shown, fewer than the page has. */
  visible: number;
  /** Index of this render in builds.pdf, 1-based. */
  index: number;
}

/**
 * Prints deck.pdf (the pages) and builds.pdf (each built page with 1…n-1 bullets shown) into
 * `directory`, and writes pointer.png and face.png for the overlays.
 */
export async function printDeck(
  pages: DeckPage[],
  builtPages: number[],
  random: Random,
  directory: string,
  pageWidth: number,
): Promise<BuildRender[]> {
  const agenda = pages
    .filter((p) => p.kind !== "title" && p.kind !== "agenda")
    .slice(0, 5)
    .map((p) => p.heading);
  const themeOf = new Map(pages.map((p) => [p.page, pick(random, THEMES)]));
  // Pages of a section share a theme, as real decks do; a few pages stand apart.
  for (const p of pages) if (p.page > 1 && random() < 0.6) themeOf.set(p.page, themeOf.get(p.page - 1) as Theme);
  // Section pages share one look: the same template, another number.
  const sections = pages.filter((p) => p.kind === "section");
  for (const p of sections) themeOf.set(p.page, themeOf.get((sections[0] as DeckPage).page) as Theme);
  const pageRandom = new Map(pages.map((p) => [p.page, Math.floor(random() * 2 ** 31)]));
  const html = (p: DeckPage, visible: number) =>
    slideHtml(p, themeOf.get(p.page) as Theme, seededRandom(pageRandom.get(p.page) ?? 1), visible, agenda);
  const builds: BuildRender[] = [];
  for (const page of builtPages) {
    const p = pages[page - 1] as DeckPage;
    for (let visible = 1; visible < p.bullets.length; visible++)
      builds.push({ page, visible, index: builds.length + 1 });
  }
  const document = (sections: string[]) =>
    `<!doctype html><html><head><meta charset="utf-8"><style>${style(pageWidth)}</style></head><body>${sections.join("")}</body></html>`;
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage({ viewport: { width: pageWidth, height: 720 } });
    const print = async (sections: string[], name: string) => {
      await page.setContent(document(sections), { waitUntil: "load" });
      await page.pdf({ path: join(directory, name), width: `${pageWidth}px`, height: "720px", printBackground: true });
    };
    await print(
      pages.map((p) => html(p, p.bullets.length)),
      "deck.pdf",
    );
    if (builds.length > 0) {
      await print(
        builds.map((b) => html(pages[b.page - 1] as DeckPage, b.visible)),
        "builds.pdf",
      );
    }
    await page.setContent(
      `<svg width="24" height="36" xmlns="http://www.w3.org/2000/svg"><path d="M1 1 L1 30 L9 23 L14 34 L19 32 L14 21 L23 21 Z" fill="#fff" stroke="#000" stroke-width="2"/></svg>`,
    );
    await page.locator("svg").screenshot({ path: join(directory, "pointer.png"), omitBackground: true });
    await page.setContent(
      `<body style="margin:0"><svg width="320" height="180" xmlns="http://www.w3.org/2000/svg"><rect width="320" height="180" fill="#55606e"/><rect x="0" y="120" width="320" height="60" fill="#3b3f48"/><ellipse cx="160" cy="190" rx="95" ry="60" fill="#27466b"/><ellipse cx="160" cy="85" rx="48" ry="60" fill="#d9a27e"/><path d="M112 70 Q160 10 208 70 Q200 40 160 32 Q120 40 112 70 Z" fill="#3a2616"/><circle cx="142" cy="80" r="5" fill="#222"/><circle cx="178" cy="80" r="5" fill="#222"/><path d="M142 112 Q160 124 178 112" stroke="#7a3b2e" stroke-width="4" fill="none"/></svg></body>`,
    );
    await page.locator("svg").screenshot({ path: join(directory, "face.png") });
  } finally {
    await browser.close();
  }
  await writeFile(join(directory, "deck.json"), JSON.stringify(pages, null, 1));
  return builds;
}
