// npx tsx scripts/bench/make-talk.ts [--seed 1] [--minutes 10] [--webcam] [--vfr] [--four-three] [--demo]
// A screen-recording-like 720p30 H.264 talk of a generated deck, with the slide changes known:
// hard cuts and 0.5 s crossfades, text-only changes, bullet builds (partial renders of one page:
// not chapters), two backward jumps (a page shown twice), a moving pointer that rests now and
// then, a 20 s clip playing inside one slide, optionally a webcam picture-in-picture, and
// optionally a variable frame rate (frames of a still screen dropped, as recorders do), and
// optionally a 4:3 deck pillarboxed on dark gray, with quicker slides (8–60 s), a larger pointer
// and a larger webcam in the top right corner, and optionally a 42 s live demo in the middle (a
// terminal printing line by line, then a browser page scrolled twice: no page of the deck) with
// three look-alike section pages ("Part 1"…"Part 3": one template, another number).
// Writes talk.mp4, deck.pdf and truth.json side by side in a cache directory (the same options
// give the same talk, generated once) and prints that directory.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { runCommand } from "../../processor/node-deps";
import {
  type DeckPage,
  deckPages,
  printDeck,
  printDemoScreens,
  type Random,
  seededRandom,
  videoRect,
  withSectionPages,
} from "./talk-deck";

export interface TalkOptions {
  seed: number;
  seconds: number;
  webcam: boolean;
  vfr: boolean;
  fourThree: boolean;
  /** A live-demo stretch and look-alike section pages. */
  demo?: boolean;
}

export interface TruthChapter {
  /** Seconds: the first frame of the new page (the middle of a crossfade). */
  time: number;
  /** null for the live demo: the video shows no page. */
  page: number | null;
  title: string;
  transition: "cut" | "fade";
}

export interface Truth {
  options: TalkOptions;
  duration: number;
  pages: number;
  chapters: TruthChapter[];
  /** Times a bullet appeared within a page: changes of the picture that are not chapters. */
  builds: number[];
  /** [start, end] of the clip playing inside a slide. */
  clip: [number, number] | null;
}

export interface Talk {
  directory: string;
  video: string;
  pdf: string;
  truth: Truth;
}

/** Bump when the talks change, so cached ones are made again. */
const GENERATOR_VERSION = 3;
const FPS = 30;
const FADE_FRAMES = 15;
const CLIP_SECONDS = 20;
/** The live demo: 6 terminal screens of 3.5 s, then 3 browser screens of 7 s. */
const DEMO_SECONDS = 42;
const CACHE = resolve(import.meta.dirname, "../../node_modules/.cache/talk-bench");

/** One picture held on screen: a page, or a partial render of a built page. */
interface Shot {
  image: string;
  start: number;
  end: number;
  fadeIn: boolean;
  /** Frames of the shot's input, its own time plus half of any crossfade on either side. */
  frameCount: number;
}

const frames = (seconds: number) => Math.round(seconds * FPS);
const onGrid = (seconds: number) => frames(seconds) / FPS;
const between = (random: Random, low: number, high: number) => low + (high - low) * random();

interface Show {
  page: number;
  seconds: number;
}

/** The order pages are shown in: forward, with two backward jumps of 2–3 pages. */
function showOrder(random: Random, pages: DeckPage[], seconds: number, shortest: number): Show[] {
  const shows: Show[] = [];
  let total = 0;
  let page = 1;
  const jumps = [seconds * between(random, 0.25, 0.4), seconds * between(random, 0.6, 0.75)];
  while (total < seconds) {
    const kind = pages[page - 1]?.kind;
    // Mostly 20–60 s, skewed short: slides of conference talks.
    const length = kind === "video" ? between(random, 30, 45) : shortest + (60 - shortest) * random() ** 1.6;
    shows.push({ page, seconds: length });
    total += length;
    const jump = jumps[0];
    if (jump !== undefined && total >= jump && page > 4) {
      jumps.shift();
      page = page - 2 - Math.floor(random() * 2);
      shows.push({ page, seconds: between(random, 20, 30) });
      total += shows.at(-1)?.seconds ?? 0;
      page = (shows.at(-2)?.page ?? page) + 1;
      continue;
    }
    page = page >= pages.length ? 2 : page + 1;
  }
  return shows;
}

async function run(command: string, args: string[], timeoutMs = 1_800_000): Promise<void> {
  const result = await runCommand(command, args, { timeoutMs });
  if (result.code !== 0) throw new Error(`${command} failed (${result.code}): ${result.stderr.slice(-2000)}`);
}

function cacheDirectory(options: TalkOptions): string {
  const key = createHash("sha256")
    // An option left at its default is left out, so the talks made before it existed stay cached.
    .update(
      JSON.stringify({
        ...options,
        fourThree: options.fourThree || undefined,
        demo: options.demo || undefined,
        GENERATOR_VERSION,
      }),
    )
    .digest("hex")
    .slice(0, 10);
  const flags = [
    options.webcam && "webcam",
    options.vfr && "vfr",
    options.fourThree && "43",
    options.demo && "demo",
  ].filter(Boolean);
  const name = [`seed${options.seed}`, `${options.seconds}s`, ...flags].join("-");
  return join(CACHE, `${name}-${key}`);
}

/** The filter graph: shots joined by cuts and crossfades, then the clip, pointer and webcam. */
function composition(shots: Shot[], clip: [number, number] | null, duration: number, options: TalkOptions) {
  // Each picture is decoded once and repeated (an image input looped by the demuxer would be
  // decoded again for every frame).
  const hold = (input: number, frameCount: number, format: string, pad = "") =>
    `[${input}:v]format=${format}${pad},setsar=1,loop=loop=${frameCount - 1}:size=1:start=0,settb=1/${FPS},setpts=N`;
  // A 4:3 page stands in the middle of the 16:9 picture, on dark gray.
  const margin = options.fourThree ? 160 : 0;
  const pillarbox = margin > 0 ? `,pad=1280:720:${margin}:0:color=0x202020` : "";
  const parts: string[] = shots.map((shot, i) => `${hold(i, shot.frameCount, "yuv420p", pillarbox)}[s${i}]`);
  let current = "s0";
  shots.forEach((shot, i) => {
    if (i === 0) return;
    const next = `j${i}`;
    parts.push(
      shot.fadeIn
        ? `[${current}][s${i}]xfade=transition=fade:duration=${FADE_FRAMES / FPS}:offset=${(shot.start - Math.floor(FADE_FRAMES / 2) / FPS).toFixed(4)}[${next}]`
        : `[${current}][s${i}]concat=n=2:v=1:a=0,settb=1/${FPS}[${next}]`,
    );
    current = next;
  });
  const pointer = shots.length;
  const face = shots.length + 1;
  if (clip) {
    const rect = videoRect(1280 - 2 * margin);
    parts.push(
      `testsrc2=s=${rect.width}x${rect.height}:r=${FPS}:d=${CLIP_SECONDS},setpts=PTS+${clip[0]}/TB[clip]`,
      `[${current}][clip]overlay=${rect.x + margin}:${rect.y}:eof_action=pass[withclip]`,
    );
    current = "withclip";
  }
  // The pointer moves for 4 s in every 11 and rests the rest of the time.
  const u = "(min(mod(t,11),4)+floor(t/11)*3)";
  parts.push(
    `${hold(pointer, frames(duration), "rgba", options.fourThree ? ",scale=36:54" : "")}[pointer]`,
    `[${current}][pointer]overlay=x='600+430*sin(0.8*${u})':y='330+240*sin(1.1*${u}+0.5)':eval=frame:shortest=1[withpointer]`,
  );
  current = "withpointer";
  if (options.webcam) {
    parts.push(
      `${hold(face, frames(duration), "yuv420p")},scale=368:207,crop=320:180:x='24+20*sin(t*0.9)':y='14+12*sin(t*1.3)',noise=alls=12:allf=t${options.fourThree ? ",scale=384:216" : ""}[cam]`,
      `[${current}][cam]overlay=${options.fourThree ? "W-w-10:10" : "W-w-20:H-h-20"}:shortest=1[withcam]`,
    );
    current = "withcam";
  }
  if (options.vfr) {
    parts.push(`[${current}]mpdecimate=max=${FPS * 2}[vfr]`);
    current = "vfr";
  }
  return { graph: parts.join(";"), output: current };
}

/** Generates the talk for `options` (or finds it in the cache) and returns where it is. */
export async function makeTalk(options: TalkOptions): Promise<Talk> {
  const directory = cacheDirectory(options);
  const video = join(directory, "talk.mp4");
  const pdf = join(directory, "deck.pdf");
  const truthPath = join(directory, "truth.json");
  if (existsSync(truthPath)) {
    return { directory, video, pdf, truth: JSON.parse(await readFile(truthPath, "utf8")) as Truth };
  }
  await rm(directory, { recursive: true, force: true });
  await mkdir(directory, { recursive: true });
  const random = seededRandom(options.seed);
  const generated = deckPages(random, Math.ceil(options.seconds / 20) + 4);
  const pages = options.demo ? withSectionPages(generated) : generated;
  const shows = showOrder(random, pages, options.seconds, options.fourThree ? 8 : 20);
  if (options.demo) {
    // The demo comes after the show that passes the middle of the talk (page 0: no page).
    let at = 0;
    for (let elapsed = 0; elapsed + (shows[at]?.seconds ?? 0) < options.seconds / 2; at++) {
      elapsed += shows[at]?.seconds ?? 0;
    }
    shows.splice(at + 1, 0, { page: 0, seconds: DEMO_SECONDS });
  }
  const demoScreens = options.demo ? await printDemoScreens(directory, options.fourThree ? 960 : 1280) : [];
  const bulletShows = shows.filter((s) => pages[s.page - 1]?.kind === "bullets" && s.seconds >= 30);
  const builtPages = [...new Set(bulletShows.map((s) => s.page))].slice(0, 2);
  const pageWidth = options.fourThree ? 960 : 1280;
  const builds = await printDeck(pages, builtPages, random, directory, pageWidth);
  const scale = ["-scale-to-x", String(pageWidth), "-scale-to-y", "720"];
  await run("pdftoppm", ["-png", ...scale, pdf, join(directory, "page")]);
  if (builds.length > 0) {
    await run("pdftoppm", ["-png", ...scale, join(directory, "builds.pdf"), join(directory, "build")]);
  }
  const digits = (count: number) => String(count).length;
  const pageImage = (page: number) => join(directory, `page-${String(page).padStart(digits(pages.length), "0")}.png`);
  const buildImage = (index: number) =>
    join(directory, `build-${String(index).padStart(digits(builds.length), "0")}.png`);

  const shots: Shot[] = [];
  const truth: Truth = { options, duration: 0, pages: pages.length, chapters: [], builds: [], clip: null };
  let time = 0;
  const built = new Set<number>();
  for (const [i, show] of shows.entries()) {
    const start = onGrid(time);
    const end = onGrid(Math.min(options.seconds, time + show.seconds));
    if (end - start < 5) break;
    const fade = i > 0 && random() < 0.4;
    if (show.page === 0) {
      truth.chapters.push({ time: start, page: null, title: "Demo", transition: fade ? "fade" : "cut" });
      let at = start;
      demoScreens.forEach((image, k) => {
        const stateEnd = k === demoScreens.length - 1 ? end : onGrid(at + (k < 6 ? 3.5 : 7));
        shots.push({ image, start: at, end: stateEnd, fadeIn: k === 0 && fade, frameCount: 0 });
        at = stateEnd;
      });
      time = end;
      continue;
    }
    const page = pages[show.page - 1] as DeckPage;
    truth.chapters.push({ time: start, page: show.page, title: page.heading, transition: fade ? "fade" : "cut" });
    const partial =
      builtPages.includes(show.page) && !built.has(show.page) ? builds.filter((b) => b.page === show.page) : [];
    built.add(show.page);
    // A build: each partial render for 5–10 s, then the whole page for the rest of the show.
    let at = start;
    const states = [...partial.map((b) => buildImage(b.index)), pageImage(show.page)];
    states.forEach((image, k) => {
      const last = k === states.length - 1;
      // The whole page keeps at least 5 s of the show.
      const stateEnd = last ? end : onGrid(Math.min(at + between(random, 5, 10), end - 5 * (states.length - k - 1)));
      if (stateEnd <= at) return;
      if (k > 0) truth.builds.push(at);
      shots.push({ image, start: at, end: stateEnd, fadeIn: k === 0 ? fade : random() < 0.3, frameCount: 0 });
      at = stateEnd;
    });
    if (page.kind === "video" && !truth.clip) truth.clip = [onGrid(start + 3), onGrid(start + 3 + CLIP_SECONDS)];
    time = end;
  }
  truth.duration = onGrid(time);

  // Each shot's input covers its own time plus half of any crossfade on either side.
  const before = Math.floor(FADE_FRAMES / 2) / FPS;
  const after = (FADE_FRAMES - Math.floor(FADE_FRAMES / 2)) / FPS;
  const inputs = shots.flatMap((shot, i) => {
    const from = shot.fadeIn ? shot.start - before : shot.start;
    const to = shots[i + 1]?.fadeIn ? shot.end + after : shot.end;
    shot.frameCount = frames(to - from);
    return ["-i", shot.image];
  });
  const overlays = ["-i", join(directory, "pointer.png"), "-i", join(directory, "face.png")];
  const { graph, output } = composition(shots, truth.clip, truth.duration, options);
  await writeFile(join(directory, "graph.txt"), graph);
  console.error(`Encoding ${truth.duration} s of video with ${shots.length} shots into ${video}…`);
  await run("ffmpeg", [
    ...["-hide_banner", "-nostdin", "-loglevel", "error", "-y", ...inputs, ...overlays],
    ...["-filter_complex_script", join(directory, "graph.txt"), "-map", `[${output}]`],
    ...["-t", truth.duration.toFixed(4), "-c:v", "libx264", "-preset", "veryfast", "-crf", "23"],
    ...["-pix_fmt", "yuv420p", "-movflags", "+faststart", "-threads", "2"],
    ...(options.vfr ? ["-fps_mode", "vfr"] : ["-r", String(FPS)]),
    video,
  ]);
  await writeFile(truthPath, JSON.stringify(truth, null, 1));
  return { directory, video, pdf, truth };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      seed: { type: "string", default: "1" },
      minutes: { type: "string", default: "10" },
      webcam: { type: "boolean", default: false },
      vfr: { type: "boolean", default: false },
      "four-three": { type: "boolean", default: false },
      demo: { type: "boolean", default: false },
    },
  });
  const talk = await makeTalk({
    seed: Number(values.seed),
    seconds: Math.round(Number(values.minutes) * 60),
    webcam: values.webcam,
    vfr: values.vfr,
    fourThree: values["four-three"],
    demo: values.demo,
  });
  console.log(talk.directory);
}
