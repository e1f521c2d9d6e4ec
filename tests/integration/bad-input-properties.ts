/**
 * Bad input through every row of route-catalogue.ts: its valid request spoiled (a field removed or
 * of the wrong type, null, arrays, huge or odd strings, malformed JSON, a wrong content type, odd
 * params, query strings and tokens) or replaced by arbitrary JSON. Properties: never a 5xx; a
 * refused request (4xx) changes nothing in the database. A spoiled request that is still valid
 * may succeed, and is then left out of the second property.
 *
 * A failure prints fast-check's seed and path: pass them to `fc.assert` as `{ seed, path }` to
 * replay it.
 */
import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { changeAt, type Spoiling, spoil, spoilings } from "./bad-input-arbitraries";
import { installChangeJournal, journalCounts } from "./change-journal";
import { changedTables, columnsMatching } from "./database-digest";
import { type CallerName, callerOf, type Fill, type RouteRow, rowName } from "./route-catalogue";
import { requestFor, send, succeeded } from "./route-request";
import { routeShard } from "./route-shards";
import { buildWorld, type World } from "./route-world";

/** Runs per row: about 600 requests in all, over the shards. */
const RUNS_PER_ROW = 8;
const ROW_TIMEOUT_MS = 90_000;
const MAX_FAILURE_MESSAGE = 4_000;

let world: World;
let serial = 0;

/** Whose valid request is spoiled: one the row lets in, so the spoiling is what gets refused. */
function exampleCaller(row: RouteRow): CallerName {
  const order: CallerName[] = ["moderator", "speaker", "attendee", "foreignModerator", "anonymous", "visitor"];
  return order.find((name) => succeeded(row.expected[name])) ?? "moderator";
}

async function fillFor(row: RouteRow, name: CallerName): Promise<Fill> {
  const caller = callerOf(world, name);
  const base = { event: caller.event, caller, serial: ++serial };
  return { ...base, prepared: (await row.prepare?.(base)) ?? {} };
}

const sameCounts = (a: Record<string, string>, b: Record<string, string>) => JSON.stringify(a) === JSON.stringify(b);

/** The journal's counts once background writes of an earlier success (a room's projections) have landed. */
async function settledCounts(): Promise<Record<string, string>> {
  let previous = await journalCounts();
  for (let attempt = 0; attempt < 5; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const current = await journalCounts();
    if (sameCounts(previous, current)) return current;
    previous = current;
  }
  return previous;
}

/** A text with the characters that hide or disguise it: NUL, BEL, a right-to-left override, an isolate. */
const DISGUISED_TEXT = "second\u0000\u0007\u202e\u2066";
/** Those characters, which no stored text may keep (core/text/plain-text.ts). */
// biome-ignore lint/complexity/useRegexLiterals: as a literal, the class would hold control characters.
const DISGUISING_CHARACTERS = new RegExp("[\\u0000\\u0007\\u202e\\u2066]");

/** The properties over shard `shard` of the rows (route-shards.ts), on a world of its own. */
export function describeBadInputProperties(shard: number): void {
  beforeAll(async () => {
    world = await buildWorld("props");
    await installChangeJournal();
  }, 180_000);

  it.each(routeShard(shard).map((row) => [rowName(row), row] as const))(
    "%s: never a 5xx, a refusal changes nothing",
    async (_, row) => {
      const name = exampleCaller(row);
      const example = await fillFor(row, name);
      const valid = requestFor(row, example);
      const arbitrary = spoilings(valid, row.body?.(example));
      // The counts after a refusal are the next call's before, unless a success or a `prepare` came between.
      let known: Record<string, string> | undefined;
      const property = fc.asyncProperty(arbitrary, async (spoiling: Spoiling) => {
        const fill = await fillFor(row, name);
        const request = spoil(requestFor(row, fill), spoiling);
        const before = row.prepare || !known ? await settledCounts() : known;
        known = undefined;
        const answer = await send(request);
        if (answer.status >= 500) throw new Error(`${answer.status}: ${answer.text.slice(0, 500)}`);
        if (succeeded(answer.status)) {
          await row.restore?.(fill, answer.json);
          return;
        }
        const after = await journalCounts();
        expect({ status: answer.status, changed: changedTables(before, after) }).toEqual({
          status: answer.status,
          changed: [],
        });
        known = after;
      });
      try {
        await fc.assert(property, { numRuns: RUNS_PER_ROW, endOnFailure: true });
      } catch (error) {
        // fast-check's report starts with the seed and path; a 1 MB counterexample is cut short.
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`${rowName(row)} as ${name}\n${message.slice(0, MAX_FAILURE_MESSAGE)}`);
      }
    },
    ROW_TIMEOUT_MS,
  );

  const textRows = routeShard(shard).flatMap((row) =>
    (row.storedTexts ?? []).map((path) => [rowName(row), path.join("."), row, path] as const),
  );

  it.each(textRows)("%s: %s is stored without its control and bidi characters", async (_, __, row, path) => {
    const fill = await fillFor(row, exampleCaller(row));
    const valid = requestFor(row, fill);
    const body = changeAt(row.body?.(fill), path, "replace", DISGUISED_TEXT);
    const answer = await send({ ...valid, body: { content: JSON.stringify(body), type: "application/json" } });
    expect({ status: answer.status, succeeded: succeeded(answer.status) }).toEqual({
      status: answer.status,
      succeeded: true,
    });
    await row.restore?.(fill, answer.json);
    expect(await columnsMatching(DISGUISING_CHARACTERS)).toEqual([]);
  });
}
