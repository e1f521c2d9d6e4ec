import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const PNG = Uint8Array.from([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...Array.from({ length: 92 }, (_, i) => i),
]);
const PDF = new TextEncoder().encode("%PDF-1.7\n% a small document\n");
const MP4 = Uint8Array.from([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom"), 0, 0, 2, 0, 1, 2, 3, 4]);
const HTML = new TextEncoder().encode("<html><script>alert(document.domain)</script></html>");

async function store(key: string, bytes: Uint8Array, declaredType: string): Promise<string> {
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: declaredType } });
  return `https://example.com/api/files/${key}`;
}

const get = (url: string, headers: Record<string, string> = {}) => SELF.fetch(url, { headers });

describe("serving stored files", () => {
  it("sends the type the bytes show, not the declared one, with nosniff", async () => {
    const cases: [string, Uint8Array, string, string, string][] = [
      ["files-test/a.png", PNG, "text/html", "image/png", "inline"],
      ["files-test/b.pdf", PDF, "text/html", "application/pdf", "inline"],
      ["files-test/c.mp4", MP4, "application/octet-stream", "video/mp4", "inline"],
      ["files-test/d.png", HTML, "image/png", "application/octet-stream", "attachment"],
      [
        "files-test/e.svg",
        new TextEncoder().encode("<svg onload=alert(1)></svg>"),
        "image/svg+xml",
        "application/octet-stream",
        "attachment",
      ],
    ];
    for (const [key, bytes, declared, served, disposition] of cases) {
      const response = await get(await store(key, bytes, declared));
      expect(response.status, key).toBe(200);
      expect(response.headers.get("content-type"), key).toBe(served);
      expect(response.headers.get("content-disposition"), key).toBe(disposition);
      expect(response.headers.get("x-content-type-options"), key).toBe("nosniff");
      expect(new Uint8Array(await response.arrayBuffer()), key).toEqual(bytes);
    }
  });

  it("answers 206 with the asked bytes for a closed, an open and a suffix range", async () => {
    const url = await store("files-test/range.png", PNG, "image/png");
    const size = PNG.length;
    const cases: [string, number, number][] = [
      ["bytes=0-3", 0, 3],
      ["bytes=10-", 10, size - 1],
      ["bytes=-5", size - 5, size - 1],
      ["bytes=90-5000", 90, size - 1],
      ["bytes=-5000", 0, size - 1],
      ["bytes=99-99", 99, 99],
    ];
    for (const [range, first, last] of cases) {
      const response = await get(url, { range });
      expect(response.status, range).toBe(206);
      expect(response.headers.get("content-range"), range).toBe(`bytes ${first}-${last}/${size}`);
      expect(response.headers.get("content-length"), range).toBe(String(last - first + 1));
      expect(response.headers.get("content-type"), range).toBe("image/png");
      expect(new Uint8Array(await response.arrayBuffer()), range).toEqual(PNG.slice(first, last + 1));
    }
  });

  it("answers 416 with the file's size for a range outside the file", async () => {
    const url = await store("files-test/unsatisfiable.png", PNG, "image/png");
    for (const range of ["bytes=999999999-", `bytes=${PNG.length}-`, "bytes=100-200", "bytes=-0"]) {
      const response = await get(url, { range });
      expect(response.status, range).toBe(416);
      expect(response.headers.get("content-range"), range).toBe(`bytes */${PNG.length}`);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("range-not-satisfiable");
    }
  });

  it("sends the whole file for a malformed or multiple range", async () => {
    const url = await store("files-test/whole.png", PNG, "image/png");
    for (const range of ["bytes=0-1,5-6", "items=0-3", "bytes=5-2", "bytes=abc", "bytes=-"]) {
      const response = await get(url, { range });
      expect(response.status, range).toBe(200);
      expect(response.headers.get("content-range"), range).toBeNull();
      expect((await response.arrayBuffer()).byteLength, range).toBe(PNG.length);
    }
  });

  it("honours If-Range by ETag or date, and If-None-Match", async () => {
    const url = await store("files-test/conditional.png", PNG, "image/png");
    const first = await get(url);
    await first.arrayBuffer();
    const etag = first.headers.get("etag") ?? "";
    const lastModified = first.headers.get("last-modified") ?? "";
    expect(etag).toMatch(/^"/);
    expect((await get(url, { range: "bytes=0-3", "if-range": etag })).status).toBe(206);
    expect((await get(url, { range: "bytes=0-3", "if-range": lastModified })).status).toBe(206);
    const stale = await get(url, { range: "bytes=0-3", "if-range": '"another-version"' });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(PNG.length);
    const notModified = await get(url, { "if-none-match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
  });

  it("serves empty and tiny files, and 404 for an unknown key", async () => {
    const empty = await get(await store("files-test/empty.bin", new Uint8Array(), "image/png"));
    expect(empty.status).toBe(200);
    expect(empty.headers.get("content-disposition")).toBe("attachment");
    expect((await empty.arrayBuffer()).byteLength).toBe(0);
    const emptyRange = await get(await store("files-test/empty2.bin", new Uint8Array(), "image/png"), {
      range: "bytes=0-",
    });
    expect(emptyRange.status).toBe(416);
    await emptyRange.arrayBuffer();
    const tiny = await get(await store("files-test/tiny.bin", Uint8Array.from([1, 2, 3]), "image/png"));
    expect(new Uint8Array(await tiny.arrayBuffer())).toEqual(Uint8Array.from([1, 2, 3]));
    const missing = await get("https://example.com/api/files/files-test/missing.png");
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("not-found");
  });
});
