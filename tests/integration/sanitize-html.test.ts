import { ALLOWED_TAGS, isAllowedAttribute, isSafeUrl, URL_ATTRIBUTES } from "@core/html/rich-html-policy";
import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "../../worker/html/sanitize-html";
import { LEGITIMATE_HTML, XSS_VECTORS } from "../e2e/xss-vectors";

/** The elements and attributes a browser will build from `html`, as HTMLRewriter reads them. */
async function elementsOf(html: string): Promise<{ tag: string; attributes: [string, string][] }[]> {
  const found: { tag: string; attributes: [string, string][] }[] = [];
  await new HTMLRewriter()
    .on("*", {
      element(element) {
        found.push({
          tag: element.tagName.toLowerCase(),
          attributes: [...element.attributes].map(([name = "", value = ""]) => [name, value]),
        });
      },
    })
    .transform(new Response(html))
    .text();
  return found;
}

/** What comes out holds only allowed elements, attributes and URLs, also when more HTML follows. */
async function expectInert(html: string): Promise<void> {
  const cleaned = (await sanitizeHtml(html)) ?? "";
  // Text never holds a raw `<`, so every `<name` left is a tag a browser will build.
  for (const [, name = ""] of cleaned.matchAll(/<([a-z][^\s/>]*)/gi)) {
    expect(ALLOWED_TAGS.has(name.toLowerCase()), `<${name}> in ${cleaned}`).toBe(true);
  }
  for (const { tag, attributes } of await elementsOf(`${cleaned}<p>after</p>`)) {
    for (const [name, value] of attributes) {
      if (tag === "a" && (name === "rel" || name === "target")) continue;
      expect(isAllowedAttribute(tag, name), `${tag}[${name}] in ${cleaned}`).toBe(true);
      if (URL_ATTRIBUTES.has(name)) expect(isSafeUrl(value), `${tag}[${name}=${value}]`).toBe(true);
    }
  }
  expect(cleaned).not.toMatch(/javascript|vbscript|data:/i);
  expect((await sanitizeHtml(cleaned)) ?? "").toBe(cleaned);
}

describe("the stored-HTML sanitizer against an XSS corpus", () => {
  it.each(XSS_VECTORS.map((vector) => [vector.id, vector.html]))("%s comes out inert", async (_id, html) => {
    for (const stored of [html, `<p>before</p>${html}<p>after</p>`]) await expectInert(stored);
  });

  it("drops raw-text, escapable raw-text and foreign elements with their content", async () => {
    for (const tag of ["xmp", "noembed", "noframes", "noscript", "style", "textarea", "title", "iframe", "template"]) {
      expect(await sanitizeHtml(`a<${tag}><img src=x onerror=alert(1)>inside</${tag}>b`)).toBe("ab");
    }
    expect(await sanitizeHtml("a<svg><p>inside</p></svg>b")).toBe("ab");
    expect(await sanitizeHtml("a<math><mi>x</mi></math>b")).toBe("ab");
    expect(await sanitizeHtml("kept<plaintext><img src=x onerror=alert(1)>")).toBe("kept");
  });

  it("keeps text that looks like markup as text", async () => {
    expect(await sanitizeHtml("&lt;img src=x onerror=alert(1)&gt; a < b > c")).toBe(
      "&lt;img src=x onerror=alert(1)&gt; a &lt; b &gt; c",
    );
  });

  it("leaves no tag open at the end for what is stored after it to complete", async () => {
    for (const open of [
      `<img src="x" onerror="alert(1)"`,
      `<b title='x`,
      "<img src=x onerror=alert(1)",
      "</b",
      "<img",
    ]) {
      const cleaned = (await sanitizeHtml(`ok${open}`)) ?? "";
      const completed = (await elementsOf(`${cleaned}<p>after</p>`)).flatMap(({ attributes }) => attributes);
      expect(completed.map(([name]) => name)).not.toContain("onerror");
      expect(cleaned.startsWith("ok")).toBe(true);
    }
  });

  it("unwraps unknown elements and keeps their content", async () => {
    expect(await sanitizeHtml("<section><font color=red>Hello</font> <center>world</center></section>")).toBe(
      "Hello world",
    );
  });

  it("keeps legitimate HTML as written, links opening apart from this page", async () => {
    expect(await sanitizeHtml(LEGITIMATE_HTML)).toBe(
      LEGITIMATE_HTML.replaceAll('">', '" rel="noopener noreferrer nofollow" target="_blank">')
        .replace(/(<img [^>]*) rel="noopener noreferrer nofollow" target="_blank">/, "$1>")
        .replace('<p rel="noopener noreferrer nofollow" target="_blank">', "<p>"),
    );
  });

  it("keeps relative, web and mail links and drops every other scheme", async () => {
    const hrefs = async (href: string) => (await elementsOf((await sanitizeHtml(`<a href="${href}">x</a>`)) ?? ""))[0];
    for (const kept of [
      "https://example.org/a?b=1&amp;c=2",
      "http://example.org",
      "mailto:a@example.org",
      "/demo",
      "talk.html",
      "#top",
      "?day=2",
      "",
    ]) {
      expect((await hrefs(kept))?.attributes).toContainEqual(["href", kept]);
    }
    for (const dropped of [
      "javascript:alert(1)",
      "ftp://example.org",
      "tel:123",
      "data:text/html,x",
      "jav&#x61;script:x",
      "javascript&colon;x",
      "&#x2F;&#x2F;evil.example",
    ]) {
      expect((await hrefs(dropped))?.attributes.map(([name]) => name)).not.toContain("href");
    }
  });
});
