// A hostile deck through the real steps (LibreOffice, pdftoppm in the sandbox): a .pptx generated
// at test time, then given a slide whose pictures point out of the deck: an image linked by an
// http:// URL to a listener of this test, one linked by a file:// URL to a magenta PNG of this
// machine, and an SVG whose <image> links that PNG by file://. Converting and rendering it must
// fetch nothing and show no magenta. A cyan picture inside the deck shows that its pictures do
// render and that the colour check sees them.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeStepDeps } from "../../processor/node-deps";
import { convertSlidesToPdf } from "../../processor/steps/convert-slides";
import { renderPdfPages } from "../../processor/steps/pdf-pages";
import { generateDeck } from "../../scripts/lib/generated-talk";
import { makeZip, readZip, solidPng } from "./processor-zip";

const MAGENTA: [number, number, number] = [255, 0, 255];
const CYAN: [number, number, number] = [0, 255, 255];
const SLIDE_RELS = "ppt/slides/_rels/slide1.xml.rels";
const SLIDE = "ppt/slides/slide1.xml";

/** A picture of the slide, `link` or `embed`ding relationship `id`, in column `column` of four. */
function picture(id: string, kind: "link" | "embed", column: number): string {
  return `<p:pic><p:nvPicPr><p:cNvPr id="${100 + column}" name="picture ${column}"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr>
<p:blipFill><a:blip r:${kind}="${id}"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>
<p:spPr><a:xfrm><a:off x="${column * 2500000}" y="1800000"/><a:ext cx="2200000" cy="2200000"/></a:xfrm>
<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>`;
}

function hostileDeck(generated: Buffer, listener: string, canary: string): Buffer {
  const entries = readZip(generated);
  const relationship = (id: string, type: string, target: string, external: boolean) =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"${external ? ' TargetMode="External"' : ""}/>`;
  const rels = [
    relationship("rIdControl", "image", "../media/control.png", false),
    relationship("rIdHttp", "image", `${listener}/x.png`, true),
    relationship("rIdFile", "image", pathToFileURL(canary).href, true),
    relationship("rIdSvg", "image", "../media/vector.svg", false),
  ].join("");
  const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="200" viewBox="0 0 200 200">
<rect width="200" height="200" fill="#ffffff"/>
<image x="0" y="0" width="200" height="200" xlink:href="${pathToFileURL(canary).href}" href="${pathToFileURL(canary).href}"/>
</svg>`;
  const pictures = [
    picture("rIdControl", "embed", 0),
    picture("rIdHttp", "link", 1),
    picture("rIdFile", "link", 2),
    picture("rIdSvg", "embed", 3),
  ].join("");
  const text = (name: string) => (entries.get(name) as Buffer).toString("utf8");
  entries.set(SLIDE_RELS, Buffer.from(text(SLIDE_RELS).replace("</Relationships>", `${rels}</Relationships>`)));
  entries.set(SLIDE, Buffer.from(text(SLIDE).replace("</p:spTree>", `${pictures}</p:spTree>`)));
  entries.set(
    "[Content_Types].xml",
    Buffer.from(
      text("[Content_Types].xml").replace(
        "<Default ",
        '<Default Extension="svg" ContentType="image/svg+xml"/><Default ',
      ),
    ),
  );
  entries.set("ppt/media/control.png", solidPng(64, 64, CYAN));
  entries.set("ppt/media/vector.svg", Buffer.from(svg));
  return makeZip(Object.fromEntries(entries));
}

/** How many pixels of an image (any format ffmpeg reads) are close to `colour`. */
function pixelsOf(image: string, [red, green, blue]: [number, number, number]): number {
  const result = spawnSync("ffmpeg", ["-v", "error", "-i", image, "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"]);
  if (result.status !== 0) throw new Error(`ffmpeg could not read ${image}: ${result.stderr}`);
  const pixels = result.stdout;
  let count = 0;
  for (let i = 0; i + 2 < pixels.length; i += 3) {
    const near = (value: number, target: number) => Math.abs(value - target) < 60;
    if (near(pixels[i] as number, red) && near(pixels[i + 1] as number, green) && near(pixels[i + 2] as number, blue))
      count++;
  }
  return count;
}

let directory: string;
let server: Server;
const requests: string[] = [];
let listener: string;
let generated: Buffer;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "processor-hostile-"));
  server = createServer((request, response) => {
    requests.push(request.url ?? "");
    response.writeHead(200, { "content-type": "image/png" }).end(solidPng(64, 64, MAGENTA));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  listener = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const deck = await generateDeck([{ heading: "Links", body: "", color: "#ffffff" }], directory, "generated", "pptx");
  generated = readFileSync(deck);
}, 60_000);

afterAll(() => {
  server?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe("a deck whose pictures point out of it", () => {
  it("converts and renders without fetching its http:// image or showing its file:// images", async () => {
    const canary = join(directory, "canary.png");
    writeFileSync(canary, solidPng(64, 64, MAGENTA));
    const input = join(directory, "slides.pptx");
    writeFileSync(input, hostileDeck(generated, listener, canary));
    const work = join(directory, "work");
    const pages = join(work, "pages");
    const deps = nodeStepDeps();
    await deps.files.makeDirectory(pages);

    const pdf = await convertSlidesToPdf(input, work, deps);
    const [page] = await renderPdfPages(pdf, pages, deps, () => {});

    expect(requests).toEqual([]);
    const pdfRender = join(directory, "pdf-render");
    spawnSync("pdftoppm", ["-png", "-r", "40", "-f", "1", "-l", "1", "-singlefile", pdf, pdfRender]);
    for (const image of [page?.thumbnail as string, `${pdfRender}.png`]) {
      expect(pixelsOf(image, CYAN), `the deck's own picture in ${image}`).toBeGreaterThan(100);
      expect(pixelsOf(image, MAGENTA), `the linked canary in ${image}`).toBe(0);
    }
  }, 60_000);
});
