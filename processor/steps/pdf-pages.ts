import { join } from "node:path";
import { MAX_SLIDE_PAGES } from "@core/versions/status";
import { ProcessingError, type ProgressReport, type StepDeps } from "../deps";
import { mapWithLimit } from "../parallel";

const PAGE_TIMEOUT_MS = 30_000;
/** Pages one pdftoppm renders at most, so progress moves as a large deck is rendered. */
const PAGES_PER_RENDER = 8;
/** Thumbnails are shown at most 640 px wide on the watch page. */
const THUMBNAIL_WIDTH_PX = 640;

export interface PdfPage {
  /** 1-based, as in the PDF. */
  page: number;
  thumbnail: string;
  text: string;
  /** The page's heading: its largest text, not a running line or label (pageHeading); "" for a page with no text. */
  heading: string;
}

/**
 * The PDF's page count, from pdfinfo, before anything is rendered: a document of more than
 * MAX_SLIDE_PAGES pages fails the version here (a small file may hold thousands of pages, each
 * a render, an upload and a stored picture).
 */
async function countPdfPages(pdf: string, deps: StepDeps): Promise<number> {
  const result = await deps.run("pdfinfo", [pdf], { timeoutMs: PAGE_TIMEOUT_MS, paths: { read: [pdf] } });
  const match = /^Pages:\s+(\d+)/m.exec(result.stdout.toString("utf8"));
  if (result.code !== 0 || !match) throw new ProcessingError("failed", "pdfinfo could not read the PDF");
  const count = Number(match[1]);
  if (count > MAX_SLIDE_PAGES) {
    throw new ProcessingError("failed", `the PDF has ${count} pages, more than ${MAX_SLIDE_PAGES}`, "too-many-pages");
  }
  return count;
}

/** Splits pages 1…count into at most `parts` contiguous ranges of near-equal size. */
export function pageRanges(count: number, parts: number): Array<[number, number]> {
  const n = Math.max(1, Math.min(parts, count));
  const ranges: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    const first = Math.floor((i * count) / n) + 1;
    const last = Math.floor(((i + 1) * count) / n);
    if (first <= last) ranges.push([first, last]);
  }
  return ranges;
}

/** Running lines are looked for in decks of this many pages or more… */
const RUNNING_MIN_PAGES = 8;
/** …among the lines printed on at least this share of their pages. */
const RUNNING_SHARE = 0.75;
/** A line printed on this many pages or more, each time before another line, is a label. */
const LABEL_MIN_PAGES = 3;
/** Lines at least this share of the page's largest text are its heading's size. */
const HEADING_SIZE_SHARE = 0.85;
/** A heading set on several lines (a long title wrapped) keeps at most this many. */
const HEADING_MAX_LINES = 3;

/** A line that is only a slide number: "12", "12 / 53", "12 of 53". */
const SLIDE_NUMBER = /^\d+(\s*(\/|of)\s*\d+)?$/i;

/** One line of a page's text as pdftotext lays it out. */
export interface TextLine {
  text: string;
  /** Its height in PDF points: the font size, give or take the line's ascenders and descenders. */
  size: number;
  /** The text block it belongs to (lines of one block are one paragraph, a wrapped title). */
  block: number;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (entity, name: string) =>
    name.startsWith("#x") || name.startsWith("#X")
      ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
      : name.startsWith("#")
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name] ?? entity),
  );

/**
 * Each page's lines from `pdftotext -bbox-layout` (XHTML: pages of blocks of lines of words,
 * each with its box), in reading order, slide numbers and empty lines left out.
 */
export function layoutLines(xhtml: string): TextLine[][] {
  const pages: TextLine[][] = [];
  let block = 0;
  for (const page of xhtml.split(/<page\b/).slice(1)) {
    const lines: TextLine[] = [];
    for (const blockText of page.split(/<block\b/).slice(1)) {
      block++;
      for (const line of blockText.matchAll(
        /<line\b[^>]*yMin="([\d.]+)"[^>]*yMax="([\d.]+)"[^>]*>([\s\S]*?)<\/line>/g,
      )) {
        const words = [...(line[3] as string).matchAll(/<word\b[^>]*>([\s\S]*?)<\/word>/g)].map((word) =>
          decode(word[1] as string),
        );
        const text = words.join(" ").replace(/\s+/g, " ").trim();
        if (text === "" || SLIDE_NUMBER.test(text)) continue;
        lines.push({ text, size: Number(line[2]) - Number(line[1]), block });
      }
    }
    pages.push(lines);
  }
  return pages;
}

/** What the whole deck tells about its lines: the frame printed on every page, the labels. */
export interface DeckLines {
  /** Running lines (see runningLines) and how often a page usually prints them. */
  running: ReadonlyMap<string, number>;
  /** Labels (see labelLines): a section's name printed above each of its pages' own headings. */
  labels: ReadonlySet<string>;
}

const NO_DECK_LINES: DeckLines = { running: new Map(), labels: new Set() };

/**
 * A page's heading: its largest text, skipping the deck's running lines and labels (unless the
 * page has nothing else) and bare slide numbers; a heading wrapped on several lines of its size
 * in one block is joined. Among lines of the heading's size (within 85 % of the largest) the
 * first in reading order. A running line printed on this page more often than on the others is
 * also its heading (a title page repeating the footer's talk title, a section slide named like
 * its entry in the navigation bar).
 */
export function pageHeading(lines: readonly TextLine[], deck: DeckLines = NO_DECK_LINES): string {
  const counts = occurrences(lines.map((line) => line.text));
  const own = lines.filter((line) => (counts.get(line.text) as number) > (deck.running.get(line.text) ?? 0));
  const unlabelled = own.filter((line) => !deck.labels.has(line.text) || deck.running.has(line.text));
  const candidates = unlabelled.length > 0 ? unlabelled : own.length > 0 ? own : lines;
  const largest = Math.max(0, ...candidates.map((line) => line.size));
  const first = candidates.find((line) => line.size >= HEADING_SIZE_SHARE * largest);
  if (!first) return "";
  const from = lines.indexOf(first);
  const heading = [first.text];
  for (const line of lines.slice(from + 1, from + HEADING_MAX_LINES)) {
    if (line.block !== first.block || line.size < HEADING_SIZE_SHARE * largest) break;
    heading.push(line.text);
  }
  return heading.join(" ");
}

function occurrences(lines: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
  return counts;
}

/**
 * Lines printed on at least 3 pages out of 4 of a deck of 8 or more, with the number of times
 * most of those pages print them: a Beamer navigation bar (its section names come first in the
 * text of every page), a footer with the talk's title or the speaker's name. They are the
 * deck's frame, not a page's heading. A title shared by the pages of a build or of a section
 * is on fewer pages, and a short deck has too few pages to tell.
 */
export function runningLines(pages: readonly (readonly string[])[]): Map<string, number> {
  const running = new Map<string, number>();
  if (pages.length < RUNNING_MIN_PAGES) return running;
  const perPage = new Map<string, number[]>();
  for (const lines of pages)
    for (const [line, count] of occurrences(lines)) perPage.set(line, [...(perPage.get(line) ?? []), count]);
  for (const [line, counts] of perPage) {
    if (counts.length < RUNNING_SHARE * pages.length) continue;
    const usual = occurrences(counts.map(String));
    const [mostCommon] = [...usual].sort((x, y) => y[1] - x[1] || Number(x[0]) - Number(y[0]))[0] as [string, number];
    running.set(line, Number(mostCommon));
  }
  return running;
}

/**
 * Labels: lines printed on at least 3 pages, followed on them by at least 3 different lines (a
 * section's name above each page's own title: "Relational" over "Joins", "Indexes"…). A title
 * shared by a build's pages is followed by the same first bullet each time: not a label.
 */
export function labelLines(pages: readonly (readonly string[])[]): Set<string> {
  const followers = new Map<string, Set<string>>();
  for (const lines of pages) {
    lines.forEach((line, i) => {
      const next = lines[i + 1];
      if (next === undefined || next === line) return;
      followers.set(line, (followers.get(line) ?? new Set()).add(next));
    });
  }
  const pageCounts = occurrences(pages.flatMap((lines) => [...new Set(lines)]));
  return new Set(
    [...followers].flatMap(([line, next]) =>
      next.size >= LABEL_MIN_PAGES && (pageCounts.get(line) as number) >= LABEL_MIN_PAGES ? [line] : [],
    ),
  );
}

/** pdftoppm names its files prefix-N.jpg, zero-padded to the width of the last page number. */
function pageOfThumbnail(name: string, prefix: string): number | undefined {
  const match = new RegExp(`^${prefix}-(\\d+)\\.jpg$`).exec(name);
  return match ? Number(match[1]) : undefined;
}

/**
 * Renders every page as a JPEG thumbnail (page ranges rendered in parallel, one pdftoppm per
 * core) and reads each page's text with its layout: pdftotext -bbox-layout runs once for the whole
 * file and gives each line's box, so a heading is told by its size, not only by its place.
 */
export async function renderPdfPages(
  pdf: string,
  outputDirectory: string,
  deps: StepDeps,
  progress: ProgressReport,
): Promise<PdfPage[]> {
  const count = await countPdfPages(pdf, deps);
  const prefix = "page";
  progress(2);
  // Ranges of at most PAGES_PER_RENDER pages, one per core at a time: each one done moves the bar.
  const rounds = Math.ceil(Math.ceil(count / PAGES_PER_RENDER) / deps.parallelism);
  const ranges = pageRanges(count, Math.max(1, rounds) * deps.parallelism);
  let rendered = 0;
  const renders = mapWithLimit(ranges, deps.parallelism, async ([first, last]) => {
    const result = await deps.run(
      "pdftoppm",
      [
        ...["-jpeg", "-jpegopt", "quality=85", "-scale-to-x", String(THUMBNAIL_WIDTH_PX)],
        ...["-scale-to-y", "-1", "-f", String(first), "-l", String(last)],
        ...[pdf, join(outputDirectory, prefix)],
      ],
      { timeoutMs: PAGE_TIMEOUT_MS * (last - first + 1), paths: { read: [pdf], write: [outputDirectory] } },
    );
    if (result.code !== 0) throw new ProcessingError("failed", "pdftoppm could not render pages");
    rendered += last - first + 1;
    progress(2 + (rendered / count) * 88);
  });
  const text = deps.run("pdftotext", ["-bbox-layout", "-enc", "UTF-8", pdf, "-"], {
    timeoutMs: PAGE_TIMEOUT_MS * count,
    paths: { read: [pdf] },
  });
  await renders;
  const textResult = await text;
  if (textResult.code !== 0) throw new ProcessingError("failed", "pdftotext could not read the PDF");
  const layout = layoutLines(textResult.stdout.toString("utf8"));

  const thumbnails = new Map<number, string>();
  for (const name of await deps.files.list(outputDirectory)) {
    const page = pageOfThumbnail(name, prefix);
    if (page !== undefined) thumbnails.set(page, join(outputDirectory, name));
  }
  const pageLines = Array.from({ length: count }, (_, i) => layout[i] ?? []);
  const texts = pageLines.map((lines) => lines.map((line) => line.text));
  const deck: DeckLines = { running: runningLines(texts), labels: labelLines(texts) };
  const pages: PdfPage[] = [];
  for (let page = 1; page <= count; page++) {
    const thumbnail = thumbnails.get(page);
    if (!thumbnail) throw new ProcessingError("failed", `page ${page} has no thumbnail`);
    const lines = pageLines[page - 1] as TextLine[];
    pages.push({ page, thumbnail, text: (texts[page - 1] as string[]).join("\n"), heading: pageHeading(lines, deck) });
  }
  progress(100);
  return pages;
}
