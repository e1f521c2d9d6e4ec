import { join } from "node:path";
import { MAX_SLIDE_PAGES } from "@core/versions/status";
import { ProcessingError, type ProgressReport, type StepDeps } from "../deps";

const PAGE_TIMEOUT_MS = 30_000;
/** Thumbnails are shown at most 640 px wide on the watch page. */
const THUMBNAIL_WIDTH_PX = 640;

export interface PdfPage {
  /** 1-based, as in the PDF. */
  page: number;
  thumbnail: string;
  text: string;
  /** The page's heading: its first non-empty line; "" for a page with no text. */
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

/** A line that is only a slide number: "12", "12 / 53", "12 of 53". */
const SLIDE_NUMBER = /^\d+(\s*(\/|of)\s*\d+)?$/i;

function lines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line !== "" && !SLIDE_NUMBER.test(line));
}

/**
 * The first non-empty line, trimmed, skipping lines that are only a slide number and the deck's
 * running lines (`running`, see runningLines); a slide's title box comes first in its reading
 * order in the decks LibreOffice and PowerPoint write. A running line printed on this page more
 * often than on the others is also its heading (a title page repeating the footer's talk title,
 * a section slide named like its entry in the navigation bar). A page with nothing but running
 * lines keeps its first one.
 */
export function pageHeading(text: string, running: ReadonlyMap<string, number> = new Map()): string {
  const all = lines(text);
  const counts = occurrences(all);
  const heading = all.find((line) => (counts.get(line) as number) > (running.get(line) ?? 0));
  return heading ?? all[0] ?? "";
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
export function runningLines(texts: readonly string[]): Map<string, number> {
  const running = new Map<string, number>();
  if (texts.length < RUNNING_MIN_PAGES) return running;
  const perPage = new Map<string, number[]>();
  for (const text of texts)
    for (const [line, count] of occurrences(lines(text))) perPage.set(line, [...(perPage.get(line) ?? []), count]);
  for (const [line, counts] of perPage) {
    if (counts.length < RUNNING_SHARE * texts.length) continue;
    const usual = occurrences(counts.map(String));
    const [mostCommon] = [...usual].sort((x, y) => y[1] - x[1] || Number(x[0]) - Number(y[0]))[0] as [string, number];
    running.set(line, Number(mostCommon));
  }
  return running;
}

/** pdftoppm names its files prefix-N.jpg, zero-padded to the width of the last page number. */
function pageOfThumbnail(name: string, prefix: string): number | undefined {
  const match = new RegExp(`^${prefix}-(\\d+)\\.jpg$`).exec(name);
  return match ? Number(match[1]) : undefined;
}

/**
 * Renders every page as a JPEG thumbnail (page ranges rendered in parallel, one pdftoppm per
 * core) and reads each page's text. pdftotext runs once for the whole file: it ends every page
 * with a form feed, which gives each page's text without a process per page.
 */
export async function renderPdfPages(
  pdf: string,
  outputDirectory: string,
  deps: StepDeps,
  progress: ProgressReport,
): Promise<PdfPage[]> {
  const count = await countPdfPages(pdf, deps);
  const prefix = "page";
  const ranges = pageRanges(count, deps.parallelism);
  let rendered = 0;
  const renders = ranges.map(async ([first, last]) => {
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
    progress((rendered / count) * 90);
  });
  const text = deps.run("pdftotext", ["-enc", "UTF-8", pdf, "-"], {
    timeoutMs: PAGE_TIMEOUT_MS * count,
    paths: { read: [pdf] },
  });
  await Promise.all(renders);
  const textResult = await text;
  if (textResult.code !== 0) throw new ProcessingError("failed", "pdftotext could not read the PDF");
  const texts = textResult.stdout.toString("utf8").split("\f");

  const thumbnails = new Map<number, string>();
  for (const name of await deps.files.list(outputDirectory)) {
    const page = pageOfThumbnail(name, prefix);
    if (page !== undefined) thumbnails.set(page, join(outputDirectory, name));
  }
  const pageTexts = Array.from({ length: count }, (_, i) => (texts[i] ?? "").trim());
  const running = runningLines(pageTexts);
  const pages: PdfPage[] = [];
  for (let page = 1; page <= count; page++) {
    const thumbnail = thumbnails.get(page);
    if (!thumbnail) throw new ProcessingError("failed", `page ${page} has no thumbnail`);
    const pageText = pageTexts[page - 1] as string;
    pages.push({ page, thumbnail, text: pageText, heading: pageHeading(pageText, running) });
  }
  progress(100);
  return pages;
}
