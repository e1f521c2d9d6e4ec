// The real programs on inputs generated at test time: a 3-slide deck written as flat ODF XML
// and converted by LibreOffice, and a 20 s 640×360 talk video showing its pages, changing at
// known times. Needs ffmpeg, poppler-utils and LibreOffice (npm test installs them as root).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONVERT_FAILED_MESSAGE } from "@core/versions/status";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeFiles, nodeStepDeps, runCommand } from "../../processor/node-deps";
import { processVersion } from "../../processor/pipeline";
import { convertSlidesToPdf } from "../../processor/steps/convert-slides";
import { probeVideo } from "../../processor/steps/probe-video";
import { isFaststart } from "../../processor/steps/web-playable";

const SLIDES = [
  { heading: "Introduction", body: "Why we are here", color: "#1f4e79", until: 6 },
  { heading: "Replication", body: "Leaders and followers", color: "#f2c14e", until: 13 },
  { heading: "Questions", body: "Thank you", color: "#3c8d5a", until: 20 },
];
const CHANGE_TIMES = [0, 6, 13];

function flatOdp(): string {
  const ns = (prefix: string, name: string) => `xmlns:${prefix}="urn:oasis:names:tc:opendocument:xmlns:${name}"`;
  const namespaces = [
    ns("office", "office:1.0"),
    ns("style", "style:1.0"),
    ns("text", "text:1.0"),
    ns("draw", "drawing:1.0"),
    ns("fo", "xsl-fo-compatible:1.0"),
    ns("svg", "svg-compatible:1.0"),
    ns("presentation", "presentation:1.0"),
  ].join(" ");
  const pageStyles = SLIDES.map(
    (slide, i) =>
      `<style:style style:name="dp${i}" style:family="drawing-page"><style:drawing-page-properties draw:fill="solid" draw:fill-color="${slide.color}"/></style:style>`,
  ).join("");
  const frame = (y: string, height: string, style: string, text: string) =>
    `<draw:frame svg:x="2cm" svg:y="${y}" svg:width="24cm" svg:height="${height}"><draw:text-box><text:p text:style-name="${style}">${text}</text:p></draw:text-box></draw:frame>`;
  const pages = SLIDES.map(
    (slide, i) =>
      `<draw:page draw:name="s${i}" draw:style-name="dp${i}" draw:master-page-name="Default">${frame("1.5cm", "3cm", "Title", slide.heading)}${frame("6cm", "6cm", "Body", slide.body)}</draw:page>`,
  ).join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${namespaces} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation">
<office:automatic-styles>
<style:page-layout style:name="PM1"><style:page-layout-properties fo:page-width="28cm" fo:page-height="15.75cm" style:print-orientation="landscape"/></style:page-layout>
${pageStyles}
<style:style style:name="Title" style:family="paragraph"><style:text-properties fo:font-size="40pt" fo:font-family="Carlito"/></style:style>
<style:style style:name="Body" style:family="paragraph"><style:text-properties fo:font-size="24pt" fo:font-family="Carlito"/></style:style>
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Default" style:page-layout-name="PM1"/></office:master-styles>
<office:body><office:presentation>${pages}</office:presentation></office:body>
</office:document>`;
}

async function soffice(input: string, format: string, outdir: string, profile: string) {
  const result = await runCommand(
    "soffice",
    [`-env:UserInstallation=file://${profile}`, "--headless", "--convert-to", format, "--outdir", outdir, input],
    { timeoutMs: 60_000 },
  );
  if (result.code !== 0) throw new Error(`soffice --convert-to ${format} failed: ${result.stderr}`);
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
  return result.stdout;
}

let directory: string;
let video: string;
let pptx: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "processor-e2e-"));
  const odp = join(directory, "deck.fodp");
  writeFileSync(odp, flatOdp());
  await Promise.all([
    soffice(odp, "pptx", directory, join(directory, "profile-pptx")),
    soffice(odp, "pdf", join(directory, "source"), join(directory, "profile-pdf")),
  ]);
  pptx = join(directory, "deck.pptx");
  // The talk shows the deck's own pages, as a screen recording of the slides would.
  run("pdftoppm", [
    "-png",
    "-scale-to-x",
    "640",
    "-scale-to-y",
    "360",
    join(directory, "source", "deck.pdf"),
    join(directory, "slide"),
  ]);
  video = join(directory, "talk.mp4");
  const inputs = SLIDES.flatMap((slide, i) => [
    ...["-loop", "1", "-t", String(slide.until - (CHANGE_TIMES[i] ?? 0))],
    ...["-i", join(directory, `slide-${i + 1}.png`)],
  ]);
  run("ffmpeg", [
    ...["-v", "error", "-y", ...inputs, "-f", "lavfi", "-t", "20", "-i", "sine=frequency=440"],
    ...["-filter_complex", "[0:v][1:v][2:v]concat=n=3:v=1:a=0,fps=25,format=yuv420p[v]"],
    ...["-map", "[v]", "-map", "3:a", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac"],
    ...["-movflags", "+faststart", video],
  ]);
}, 90_000);

afterAll(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe("processor end to end, on generated inputs", () => {
  it("npm run process --json prints the duration, the pages and chapters at the slide changes with their pages and headings", () => {
    const result = spawnSync(
      join(import.meta.dirname, "../../node_modules/.bin/tsx"),
      [join(import.meta.dirname, "../../processor/cli.ts"), video, "--slides", pptx, "--min-chapter", "4", "--json"],
      { encoding: "utf8" },
    );
    expect(result.status, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as {
      duration: number;
      pages: number;
      chapters: Array<{ time: number; page: number; title: string }>;
    };
    expect(summary.duration).toBeCloseTo(20, 0);
    expect(summary.pages).toBe(3);
    expect(summary.chapters.map((chapter) => chapter.page)).toEqual([1, 2, 3]);
    expect(summary.chapters.map((chapter) => chapter.title)).toEqual(SLIDES.map((s) => s.heading));
    summary.chapters.forEach((chapter, i) => {
      expect(Math.abs(chapter.time - (CHANGE_TIMES[i] ?? 0))).toBeLessThanOrEqual(0.5);
    });
  }, 60_000);

  it("without slides, an MKV is remuxed to a faststart MP4 and chapters are 'Chapter N' with frame thumbnails", async () => {
    const mkv = join(directory, "talk.mkv");
    run("ffmpeg", ["-v", "error", "-y", "-i", video, "-c", "copy", mkv]);
    const work = join(directory, "work-mkv");
    const deps = nodeStepDeps();
    await deps.files.makeDirectory(work);
    const percents: number[] = [];
    const outcome = await processVersion({ video: mkv }, work, deps, ({ percent }) => percents.push(percent), {
      sceneThreshold: 0.25,
      minChapterSeconds: 4,
      sampleFps: 4,
      analysisWidth: 320,
    });
    if (outcome.status !== "success") throw new Error(outcome.message);
    expect(outcome.video).toBe(join(work, "video.mp4"));
    expect(await isFaststart(join(work, "video.mp4"), nodeFiles)).toBe(true);
    expect((await probeVideo(join(work, "video.mp4"), deps)).videoCodec).toBe("h264");
    expect(outcome.chapters.map((c) => c.title)).toEqual(["Chapter 1", "Chapter 2", "Chapter 3"]);
    for (const chapter of outcome.chapters) expect(await nodeFiles.exists(chapter.thumbnail)).toBe(true);
    expect(percents.at(-1)).toBe(100);
  }, 30_000);

  it("a file LibreOffice cannot load (it exits 0 all the same) ends the version in convert-failed", async () => {
    const broken = join(directory, "broken.pptx");
    writeFileSync(broken, Buffer.from("PK\u0003\u0004 not really a presentation"));
    const work = join(directory, "work-broken");
    const deps = nodeStepDeps();
    await deps.files.makeDirectory(work);
    const statuses: string[] = [];
    const outcome = await processVersion({ video, slides: broken }, work, deps, ({ status }) => statuses.push(status));
    expect(outcome).toEqual({ status: "convert-failed", message: CONVERT_FAILED_MESSAGE });
    expect(statuses.at(-1)).toBe("convert-failed");
  }, 60_000);

  it("two LibreOffice conversions at once both succeed, each with its own profile", async () => {
    const deps = nodeStepDeps();
    const outputs = ["one", "two"].map((name) => join(directory, name));
    for (const output of outputs) await deps.files.makeDirectory(output);
    const pdfs = await Promise.all(outputs.map((output) => convertSlidesToPdf(pptx, output, deps)));
    for (const pdf of pdfs) expect(run("pdfinfo", [pdf])).toMatch(/^Pages:\s+3$/m);
  }, 60_000);
});
