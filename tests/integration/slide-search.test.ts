// Search inside talks: the processor's page text stored and indexed at completion, searched
// through GET /api/presentation/slide-search with the schedule's visibility rules.
import { env } from "cloudflare:test";
import { MAX_SLIDE_SEARCH_PAGES } from "@core/schedule/slide-search";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { searchHitsQuery } from "../../worker/db/queries/slide-search";
import frab from "../fixtures/frab-small.schedule.json";
import { call } from "./account-client";
import { importOk } from "./admin-client";
import { processing, queueVersion } from "./processing-client";

const OPEN = "slides";
const LOCKED = "slides-locked";

async function talksOf(slug: string): Promise<number[]> {
  const rows = await env.DB.prepare(
    "select p.id from presentations p join events e on e.id = p.event_id where e.slug = ? order by p.id",
  )
    .bind(slug)
    .all<{ id: number }>();
  return rows.results.map((row) => row.id);
}

/** A version of `presentationId` completed by the processor with these pages' text, online or not. */
async function processedWithPages(
  presentationId: number,
  pages: { page: number; text: string; seconds: number[] }[],
  online: boolean,
): Promise<string> {
  const queued = await queueVersion(presentationId, { video: new TextEncoder().encode("v") }, "p");
  const completion = {
    processorId: "p",
    durationMs: 3_600_000,
    pageCount: Math.max(...pages.map((page) => page.page)),
    pdf: null,
    video: null,
    webcam: null,
    chapters: [],
    pages,
  };
  const answer = await processing("POST", `/jobs/${queued.jobId}/complete`, { body: completion });
  if (answer.status !== 204) throw new Error(`complete ${answer.status} ${JSON.stringify(answer.body)}`);
  if (online) {
    await env.DB.batch([
      env.DB.prepare("update versions set online = 0 where presentation_id = ?").bind(presentationId),
      env.DB.prepare("update versions set online = 1 where id = ?").bind(queued.versionId),
      // As putting a version online does: the schedule's copies are stale.
      env.DB.prepare(
        "update events set revision = revision + 1 where id = (select event_id from presentations where id = ?)",
      ).bind(presentationId),
    ]);
  }
  return queued.versionId;
}

const search = (slug: string, text: string, extra = "") =>
  call("GET", `/api/presentation/slide-search?slug=${slug}&search=${encodeURIComponent(text)}${extra}`);

let talks: number[];

beforeAll(async () => {
  await importOk(OPEN, frab);
  await importOk(LOCKED, { ...frab, engagement: { password: "salon2026" } });
  talks = await talksOf(OPEN);
  await processedWithPages(
    talks[0] as number,
    [
      { page: 1, text: "Introduction", seconds: [0] },
      { page: 2, text: "Sécurité des réseaux", seconds: [872, 1_500] },
      { page: 3, text: "Les réseaux locaux et leurs élections", seconds: [] },
    ],
    true,
  );
  // The talk's older version, offline: its words are never found.
  await processedWithPages(talks[0] as number, [{ page: 1, text: "brouillon oublié", seconds: [4] }], false);
  await processedWithPages(talks[1] as number, [{ page: 7, text: "Réseau neuronal", seconds: [61] }], true);
  const [locked] = await talksOf(LOCKED);
  await processedWithPages(locked as number, [{ page: 1, text: "Réseau privé", seconds: [5] }], true);
});

describe("GET /api/presentation/slide-search", () => {
  it("finds a talk by a word of its slides, accent- and case-insensitively, with the first page and second", async () => {
    const answer = await search(OPEN, "SECURITE");
    expect(answer.status).toBe(200);
    expect(answer.body.data.hits).toEqual([{ presentationId: talks[0], page: 2, second: 872 }]);
  });

  it("a singular finds its plurals, and every word must be on one page", async () => {
    const hits = (await search(OPEN, "réseau")).body.data.hits;
    expect(hits).toEqual(
      expect.arrayContaining([
        { presentationId: talks[0], page: 2, second: 872 },
        { presentationId: talks[1], page: 7, second: 61 },
      ]),
    );
    expect(hits).toHaveLength(2);
    expect((await search(OPEN, "reseaux election")).body.data.hits).toEqual([
      { presentationId: talks[0], page: 3, second: null },
    ]);
    expect((await search(OPEN, "réseaux introduction")).body.data.hits).toEqual([]);
  });

  it("never searches a version that is not online, nor a talk withdrawn from the schedule", async () => {
    expect((await search(OPEN, "brouillon")).body.data.hits).toEqual([]);
    await env.DB.batch([
      env.DB.prepare("update presentations set archived = 1 where id = ?").bind(talks[1]),
      env.DB.prepare("update events set revision = revision + 1 where slug = ?").bind(OPEN),
    ]);
    try {
      expect((await search(OPEN, "neuronal")).body.data.hits).toEqual([]);
    } finally {
      await env.DB.batch([
        env.DB.prepare("update presentations set archived = 0 where id = ?").bind(talks[1]),
        env.DB.prepare("update events set revision = revision + 1 where slug = ?").bind(OPEN),
      ]);
    }
  });

  it("a protected event is searched only with its password", async () => {
    expect((await search(LOCKED, "privé")).status).toBe(401);
    expect((await search(LOCKED, "privé", "&password=wrong")).status).toBe(403);
    const answer = await search(LOCKED, "privé", "&password=salon2026");
    expect(answer.body.data.hits).toHaveLength(1);
    // Another event's talks are never found through this one.
    expect((await search(OPEN, "privé")).body.data.hits).toEqual([]);
  });

  it("a query of short words or punctuation only finds nothing; a missing or long one is refused in the caller's language", async () => {
    expect((await search(OPEN, "à l' \" * ( NEAR")).body.data.hits).toEqual([]);
    const missing = await call("GET", `/api/presentation/slide-search?slug=${OPEN}`, { locale: "en" });
    expect([missing.status, missing.body.error.code]).toEqual([400, "validation-failed"]);
    const blank = await call("GET", `/api/presentation/slide-search?slug=${OPEN}&search=%20%20`);
    expect(blank.status).toBe(400);
    expect((await search(OPEN, "x".repeat(201))).status).toBe(400);
  });

  it("reads at most 2,000 matching pages and then says the answer is not complete", async () => {
    const versionId = await processedWithPages(talks[4] as number, [{ page: 1, text: "foule", seconds: [1] }], true);
    expect((await search(OPEN, "foule")).body.data).toEqual({
      hits: [{ presentationId: talks[4], page: 1, second: 1 }],
      complete: true,
    });
    // As many pages as a deck may have (1,000), twice over, and one more: past the pages read.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < ${MAX_SLIDE_SEARCH_PAGES + 1})
       INSERT INTO slide_pages (version_id, event_id, page, text, seconds)
       SELECT ?1, (SELECT event_id FROM versions JOIN presentations ON presentations.id = presentation_id WHERE versions.id = ?1),
              i, 'foule', '[]' FROM n`,
    )
      .bind(versionId)
      .run();
    const answer = (await search(OPEN, "foule")).body.data;
    expect(answer).toEqual({ hits: [{ presentationId: talks[4], page: 1, second: 1 }], complete: false });
  });

  it("counts only the searched event's pages: another event's many pages never cut a small event's search", async () => {
    // The large event's pages come first in the index, as many as a search reads and one more
    // (two decks of 1,000 pages, offline ones counting as well, and one online page)...
    const crowded = talks[5] as number;
    const deck = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ page: index + 1, text: "affluence record", seconds: [] }));
    await processedWithPages(crowded, deck(1_000), false);
    await processedWithPages(crowded, deck(1_000), false);
    await processedWithPages(crowded, deck(1), true);
    // ...then the small event's one talk with the word.
    const small = (await talksOf(LOCKED))[1] as number;
    await processedWithPages(small, [{ page: 3, text: "Une affluence modeste", seconds: [42] }], true);
    expect((await search(LOCKED, "affluence", "&password=salon2026")).body.data).toEqual({
      hits: [{ presentationId: small, page: 3, second: 42 }],
      complete: true,
    });
    expect((await search(OPEN, "affluence")).body.data).toEqual({
      hits: [{ presentationId: crowded, page: 1, second: null }],
      complete: false,
    });
  });

  it("walks every join from the index's matches, never from all of a table's rows", async () => {
    // A plan that scans slide_pages or an event's talks costs 10–47 ms at 1,000 talks of 40 pages
    // (benchmarks.md#search-inside-talks), whatever the few pages a word is on.
    const plan = await openDatabase(env.DB).all<{ detail: string }>(
      sql`EXPLAIN QUERY PLAN ${searchHitsQuery(1, '"reseau"*')}`,
    );
    const scans = plan.map((step) => step.detail).filter((detail) => detail.startsWith("SCAN "));
    // "0:M<n>": FTS5 answers a MATCH on its hidden column, numbered after the indexed columns
    // (slide_search's text and event_id, talk_search's text).
    expect(scans.sort()).toEqual([
      "SCAN matched",
      "SCAN matched",
      "SCAN on_slides",
      "SCAN slide_search VIRTUAL TABLE INDEX 0:M2",
      "SCAN talk_search VIRTUAL TABLE INDEX 0:M1",
    ]);
  });

  it("a version deleted takes its pages out of the index", async () => {
    const versionId = await processedWithPages(talks[2] as number, [{ page: 1, text: "éphémère", seconds: [3] }], true);
    expect((await search(OPEN, "ephemere")).body.data.hits).toHaveLength(1);
    await env.DB.prepare("delete from versions where id = ?").bind(versionId).run();
    expect((await search(OPEN, "ephemere")).body.data.hits).toEqual([]);
    const check = env.DB.prepare("insert into slide_search (slide_search) values ('integrity-check')");
    await expect(check.run()).resolves.toBeTruthy();
  });
});

describe("GET /api/presentation/slide-search: talks found by their name, abstract or speakers", () => {
  const talkNamed = async (name: string) =>
    (
      await env.DB.prepare(
        "select p.id from presentations p join events e on e.id = p.event_id where e.slug = ? and p.name = ?",
      )
        .bind(OPEN, name)
        .first<{ id: number }>()
    )?.id;

  it("finds a talk by a word of its abstract or a speaker's name, with no page, and a slide hit first", async () => {
    const demoscene = await talkNamed("A late night history of the demoscene");
    expect((await search(OPEN, "CRACKTROS")).body.data.hits).toEqual([
      { presentationId: demoscene, page: null, second: null },
    ]);
    const hits = (await search(OPEN, "nakamu")).body.data.hits as { presentationId: number; page: null }[];
    expect(hits.map((hit) => hit.presentationId).sort()).toEqual(
      [
        await talkNamed("Onion services are more useful than you think"),
        await talkNamed("After midnight: lockpicking questions and answers"),
      ].sort(),
    );
    // The talk found both on a slide and by its name is the slide's hit.
    await env.DB.prepare("update presentations set abstract = 'Réseaux sûrs' where id = ?").bind(talks[0]).run();
    expect((await search(OPEN, "securite")).body.data.hits).toEqual([
      { presentationId: talks[0], page: 2, second: 872 },
    ]);
  });

  it("follows a renamed speaker and a talk's new abstract, accent-insensitively, and leaves archived talks out", async () => {
    await env.DB.prepare("update speakers set last_name = 'Nakamura-Lefèvre' where last_name = 'Nakamura'").run();
    expect((await search(OPEN, "lefevre")).body.data.hits).toHaveLength(2);
    const ethics = await talkNamed("Ethics of machine learning in public services");
    await env.DB.prepare("update presentations set abstract = 'Une table ronde éclairée' where id = ?")
      .bind(ethics)
      .run();
    expect((await search(OPEN, "ECLAIREE")).body.data.hits).toEqual([
      { presentationId: ethics, page: null, second: null },
    ]);
    await env.DB.batch([
      env.DB.prepare("update presentations set archived = 1 where id = ?").bind(ethics),
      env.DB.prepare("update events set revision = revision + 1 where slug = ?").bind(OPEN),
    ]);
    expect((await search(OPEN, "eclairee")).body.data.hits).toEqual([]);
  });
});

describe("the processor's page text at completion", () => {
  it("a page outside the deck is refused and nothing is stored", async () => {
    const queued = await queueVersion(talks[3] as number, { video: new TextEncoder().encode("v") }, "p");
    const answer = await processing("POST", `/jobs/${queued.jobId}/complete`, {
      body: {
        processorId: "p",
        durationMs: 60_000,
        pageCount: 2,
        pdf: null,
        video: null,
        webcam: null,
        chapters: [],
        pages: [{ page: 3, text: "hors du deck", seconds: [] }],
      },
    });
    expect([answer.status, answer.body.error.detail.split(":")[0]]).toEqual([400, "pages.0.page"]);
    const stored = await env.DB.prepare("select count(*) as n from slide_pages where version_id = ?")
      .bind(queued.versionId)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it("stores the text folded, so the index and the query fold alike", async () => {
    const versionId = await processedWithPages(
      talks[3] as number,
      [{ page: 1, text: "Élève  ÇA\nva", seconds: [9] }],
      false,
    );
    const row = await env.DB.prepare("select text, seconds from slide_pages where version_id = ?")
      .bind(versionId)
      .first();
    expect(row).toEqual({ text: "eleve ca va", seconds: "[9]" });
  });
});
