import { describe, expect, it } from "vitest";
import { rewriteXml, withoutExternalLinks } from "../../processor/deck-links";
import { rewriteZip, UnreadableZipError } from "../../processor/zip-rewrite";
import { makeZip, readZip } from "./processor-zip";

const TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

describe("a deck's links taken out before LibreOffice opens it", () => {
  it("drops external relationships and URL targets, keeps parts of the package and web hyperlinks", () => {
    const rels = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="${TYPE}/slideLayout" Target="../slideLayouts/slideLayout2.xml"/>
<Relationship Id="rId2" Type="${TYPE}/image" Target="http://127.0.0.1:9911/x.png" TargetMode="External"/>
<Relationship Id="rId3" Type="${TYPE}/image" Target="file:///etc/secret.png" TargetMode="&#69;xternal"></Relationship>
<Relationship Id="rId4" Type="${TYPE}/image" Target=" file:///etc/secret.png"/>
<Relationship Id="rId5" Type="${TYPE}/hyperlink" Target="https://example.org/talk" TargetMode="External"/>
<Relationship Id="rId6" Type="${TYPE}/hyperlink" Target="file:///etc/passwd" TargetMode="External"/>
<Relationship Id="rId7" Type="${TYPE}/image" Target="/ppt/media/image1.png"/>
</Relationships>`;
    const kept = [...rewriteXml("ppt/slides/_rels/slide1.xml.rels", rels).matchAll(/Id="(rId\d)"/g)].map((m) => m[1]);
    expect(kept).toEqual(["rId1", "rId5", "rId7"]);
  });

  it("an SVG keeps only links into itself and inline images, whatever its name", () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
<image href="file:///etc/secret.png"/><image xlink:href='&#x66;ile:///etc/secret.png'/>
<use href="#shape"/><image href="data:image/png;base64,AAAA"/><image href="secret.png"/>
<rect style="fill:url(http://127.0.0.1/x)" fill="url(#gradient)"/></svg>`;
    const out = rewriteXml("ppt/media/image9.bin", svg);
    expect(out).not.toMatch(/secret|127\.0\.0\.1/);
    expect(out).toContain('href="#shape"');
    expect(out).toContain('href="data:image/png;base64,AAAA"');
    expect(out).toContain("url(#gradient)");
  });

  it("XML external entities and external DTDs become empty", () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://127.0.0.1/svg.dtd" [
<!ENTITY leak SYSTEM "file:///etc/passwd"><!ENTITY % remote PUBLIC "x" "http://127.0.0.1/e">]><svg>&leak;</svg>`;
    const out = rewriteXml("ppt/media/image1.svg", xml);
    expect(out).not.toMatch(/passwd|127\.0\.0\.1/);
    expect(out).toContain('<!ENTITY leak "">');
  });

  it("an ODF document keeps its pictures inside the package and its web links, not paths or URLs out of it", () => {
    const xml = `<office:document-content><draw:frame><draw:image xlink:href="Pictures/1.png"/></draw:frame>
<draw:frame><draw:image xlink:href="http://127.0.0.1:9911/x.png"/></draw:frame>
<draw:frame><draw:image xlink:href="../../etc/secret.png"/><draw:object xlink:href="/etc/secret"/></draw:frame>
<text:a xlink:href="https://example.org/">link</text:a></office:document-content>`;
    const out = rewriteXml("content.xml", xml);
    expect(out).toContain('xlink:href="Pictures/1.png"');
    expect(out).toContain('xlink:href="https://example.org/"');
    expect(out).not.toMatch(/127\.0\.0\.1|secret/);
  });

  it("rewrites a UTF-16 part in UTF-16, and leaves every other entry's bytes as they were", () => {
    const rels = `\ufeff<Relationships><Relationship Id="rId2" Type="${TYPE}/image" Target="http://127.0.0.1/x.png" TargetMode="External"/></Relationships>`;
    const media = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const deck = makeZip({
      "ppt/slides/_rels/slide1.xml.rels": Buffer.from(rels, "utf16le"),
      "ppt/media/image1.png": media,
      "ppt/slides/slide1.xml": "<p:sld/>",
    });
    const entries = readZip(withoutExternalLinks(deck));
    expect([...entries.keys()]).toEqual([
      "ppt/slides/_rels/slide1.xml.rels",
      "ppt/media/image1.png",
      "ppt/slides/slide1.xml",
    ]);
    expect(entries.get("ppt/slides/_rels/slide1.xml.rels")?.toString("utf16le")).toBe(
      "\ufeff<Relationships></Relationships>",
    );
    expect(entries.get("ppt/media/image1.png")).toEqual(media);
    expect(entries.get("ppt/slides/slide1.xml")?.toString()).toBe("<p:sld/>");
  });

  it("reads stored entries too, and refuses what is not a ZIP or inflates past its limit", () => {
    const stored = makeZip({ "a.svg": '<svg><image href="file:///x"/></svg>' }, "stored");
    expect(readZip(withoutExternalLinks(stored)).get("a.svg")?.toString()).toBe('<svg><image href=""/></svg>');
    expect(() => withoutExternalLinks(Buffer.from("PK\u0003\u0004 not really a presentation"))).toThrow(
      UnreadableZipError,
    );
    const bomb = makeZip({ "a.xml": `<a>${" ".repeat(65 * 1024 * 1024)}</a>` });
    expect(() => rewriteZip(bomb, { wants: () => true, rewrite: (_name, content) => content })).toThrow(
      UnreadableZipError,
    );
  });
});
