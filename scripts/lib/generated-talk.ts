/**
 * A talk made on the spot with the processor's own programs: a deck written as flat ODF XML and
 * converted by LibreOffice (to pptx or pdf), and a video showing its pages in turn, as a screen
 * recording of the slides would. The demo version and the processing benchmark use it.
 */
import { readdir, writeFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import { runCommand } from "../../processor/node-deps";

export interface GeneratedSlide {
  heading: string;
  body: string;
  /** The page's background, `#rrggbb`. */
  color: string;
}

const PALETTE = ["#1f4e79", "#f2c14e", "#3c8d5a", "#8e3b46", "#4b3f72", "#e07a5f"];

/** `count` numbered slides of alternating colours. */
export function numberedSlides(count: number, topic: string): GeneratedSlide[] {
  return Array.from({ length: count }, (_, i) => ({
    heading: `${topic} ${i + 1}`,
    body: `Point ${i + 1} of ${count}`,
    color: PALETTE[i % PALETTE.length] as string,
  }));
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function flatOdp(slides: GeneratedSlide[]): string {
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
  const pageStyles = slides
    .map(
      (slide, i) =>
        `<style:style style:name="dp${i}" style:family="drawing-page"><style:drawing-page-properties draw:fill="solid" draw:fill-color="${slide.color}"/></style:style>`,
    )
    .join("");
  const frame = (y: string, height: string, style: string, text: string) =>
    `<draw:frame svg:x="2cm" svg:y="${y}" svg:width="24cm" svg:height="${height}"><draw:text-box><text:p text:style-name="${style}">${escapeXml(text)}</text:p></draw:text-box></draw:frame>`;
  const pages = slides
    .map(
      (slide, i) =>
        `<draw:page draw:name="s${i}" draw:style-name="dp${i}" draw:master-page-name="Default">${frame("1.5cm", "3cm", "Title", slide.heading)}${frame("6cm", "6cm", "Body", slide.body)}</draw:page>`,
    )
    .join("");
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

async function run(command: string, args: string[], timeoutMs: number): Promise<void> {
  const result = await runCommand(command, args, { timeoutMs });
  if (result.code !== 0) throw new Error(`${command} failed (${result.code}): ${result.stderr.slice(-1000)}`);
}

/** The deck as `<name>.pptx` or `<name>.pdf` in `directory` (LibreOffice, a profile of its own). */
export async function generateDeck(
  slides: GeneratedSlide[],
  directory: string,
  name: string,
  format: "pptx" | "pdf",
): Promise<string> {
  const source = join(directory, `${name}.fodp`);
  await writeFile(source, flatOdp(slides));
  const profile = join(directory, `profile-${name}-${format}`);
  await run(
    "soffice",
    [`-env:UserInstallation=file://${profile}`, "--headless", "--convert-to", format, "--outdir", directory, source],
    120_000,
  );
  return join(directory, `${name}.${format}`);
}

/**
 * A video of the PDF's pages, `secondsPerPage` each (or the page's own entry of a list),
 * `width`×`height` at 25 fps with a tone for sound, H.264/AAC in `output` (its extension picks
 * the container: .mp4 with faststart, .mkv…).
 */
export async function generateTalkVideo(options: {
  pdf: string;
  output: string;
  secondsPerPage: number | number[];
  width: number;
  height: number;
}): Promise<string> {
  const { pdf, output, secondsPerPage, width, height } = options;
  const directory = join(output, "..");
  const prefix = join(directory, `${basename(output, extname(output))}-page`);
  await run("pdftoppm", ["-png", "-scale-to-x", String(width), "-scale-to-y", String(height), pdf, prefix], 120_000);
  const pages = (await readdir(directory))
    .filter((file) => file.startsWith(basename(prefix)) && file.endsWith(".png"))
    .sort();
  // The concat demuxer shows each page for its duration; the last is listed twice, as it requires.
  const durations = pages.map((_, i) =>
    typeof secondsPerPage === "number" ? secondsPerPage : (secondsPerPage[i] ?? 0),
  );
  const list = pages.flatMap((page, i) => [`file '${join(directory, page)}'`, `duration ${durations[i]}`]);
  list.push(`file '${join(directory, pages.at(-1) as string)}'`);
  const listFile = `${prefix}s.txt`;
  await writeFile(listFile, `${list.join("\n")}\n`);
  const seconds = durations.reduce((sum, duration) => sum + duration, 0);
  await run(
    "ffmpeg",
    [
      ...["-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", listFile],
      ...["-f", "lavfi", "-t", String(seconds), "-i", "sine=frequency=440"],
      ...["-vf", "fps=25,format=yuv420p", "-c:v", "libx264", "-preset", "ultrafast", "-tune", "stillimage"],
      ...["-c:a", "aac", "-t", String(seconds)],
      ...(output.endsWith(".mp4") ? ["-movflags", "+faststart"] : []),
      output,
    ],
    600_000,
  );
  return output;
}
