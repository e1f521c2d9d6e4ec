/**
 * Bad input for any route, as fast-check arbitraries of spoilings: each spoiling is plain data
 * (printed by fast-check when a property fails) that `spoil` applies to a valid request.
 */
import fc from "fast-check";
import type { RequestSpec } from "./route-request";

/** Control, bidi, invisible and unpaired characters, markup and paths. */
const ODD_TEXT = [
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF",
  "x\uD83D",
  "\u202E",
  "\u2066evil\u2069",
  "\u200F",
  "\uFEFF",
  "\u200B",
  "\r",
  "\r\n",
  "\u0085",
  "\u2028",
  "𝕏𝕐",
  "e\u0301",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "../../etc/passwd",
  "' OR 1=1 --",
  "__proto__",
  "constructor",
];
/** Strings that look like numbers to a careless parser, or like nothing. */
const NUMBER_LIKE = [
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "0",
  "-0",
  "1e308",
  "1e999",
  "0x10",
  "1.5",
  " 1",
  "١٢٣",
  "99999999999999999999999",
  "",
  " ",
];
const NUMBERS = [-1, 0, -0, 1.5, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 5e-324];

/** 10 KB to about 1 MB of one character. */
const hugeString = fc
  .tuple(fc.integer({ min: 10_000, max: 1_000_000 }), fc.constantFrom("a", "é", "\u0000", "\u202E", "𝕏"))
  .map(([bytes, character]) => character.repeat(Math.ceil(bytes / new TextEncoder().encode(character).length)));

/** 1 to 6 KB for a URL: a long id or query value, as a URL-length probe sends. */
const longUrlText = fc.integer({ min: 1_000, max: 6_000 }).map((length) => "a".repeat(length));

const shortOddString = fc.oneof(
  fc.constantFrom(...ODD_TEXT, ...NUMBER_LIKE),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.tuple(fc.constantFrom(...ODD_TEXT), fc.string({ maxLength: 20 })).map(([odd, text]) => `${text}${odd}${text}`),
);

const oddString = fc.oneof({ arbitrary: shortOddString, weight: 6 }, { arbitrary: hugeString, weight: 1 });

/** A value where another was expected. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, [null], { "": null }, ...NUMBERS),
  oddString,
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer(),
  fc.array(fc.integer({ min: -5, max: 2 ** 31 }), { maxLength: 30 }),
);

export type JsonPath = (string | number)[];

function pathsOf(value: unknown, prefix: JsonPath = []): JsonPath[] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))];
  if (value !== null && typeof value === "object") {
    return [prefix, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
  }
  return [prefix];
}

type JsonChange = "remove" | "replace" | "wrap" | "extra";

export function changeAt(example: unknown, path: JsonPath, change: JsonChange, value: unknown): unknown {
  const changed = (current: unknown): unknown => {
    if (change === "replace") return value;
    if (change === "wrap") return [current];
    if (change === "extra" && current !== null && typeof current === "object" && !Array.isArray(current)) {
      const extra: Record<string, unknown> = { ...current, unexpected: value };
      // An own `__proto__` key, as JSON.parse makes one from a body, not the object's prototype.
      Object.defineProperty(extra, "__proto__", { value, enumerable: true, writable: true, configurable: true });
      return extra;
    }
    return value;
  };
  if (path.length === 0) return change === "remove" ? undefined : changed(example);
  const copy = structuredClone(example) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (change === "remove") {
    if (Array.isArray(parent) && typeof last === "number") parent.splice(last, 1);
    else delete parent[last];
  } else {
    parent[last] = changed(parent[last]);
  }
  return copy;
}

/** JSON text for a value, `undefined` as no body at all. */
const jsonText = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));

const MALFORMED_JSON = [
  "{",
  '{"a":1',
  "[1,,2]",
  "nul",
  '{"a":1}}',
  "\u0000",
  "",
  "'single'",
  '{"__proto__":{"isModerator":true}}',
  `${"[".repeat(10_000)}${"]".repeat(10_000)}`,
  '{"a":"\\ud800"}',
];

const CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=utf-16",
  "image/png",
  "application/octet-stream",
];

/** A spoiling of one request: plain data, so a failure prints it. */
export type Spoiling =
  | { kind: "body"; text: string | undefined; type: string | undefined }
  | { kind: "bytes"; bytes: Uint8Array; type: string }
  | { kind: "param"; name: string; value: string; raw: boolean }
  | { kind: "query"; name: string; value: string | undefined; repeat: boolean }
  | { kind: "token"; value: string };

/** Header-safe garbage and forged tokens. */
const badToken = fc.oneof(
  fc.constantFrom(
    "x",
    "a.b.c",
    "eyJhbGciOiJub25lIn0.eyJ1c2VySWQiOjEsImV2ZW50SWQiOjEsInZlcnNpb24iOjB9.",
    "eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOi0xfQ.AAAA",
    "test-admin-token",
  ),
  fc.stringMatching(/^[\x21-\x7e]{1,300}$/),
);

const RAW_PARAMS = ["%00", "%FF", "%ED%A0%80", "..", "%2e%2e", "1%2F2", "%", "%zz", "1;2", "1?x=2"];

const badParam = fc.oneof(
  fc.constantFrom(...NUMBER_LIKE.filter((text) => text !== ""), "2147483648", "9007199254740993"),
  longUrlText.map((text) => text.replaceAll("a", "9")),
  shortOddString.filter((text) => text !== ""),
  fc.integer({ min: -1_000_000_000, max: -1 }).map(String),
  fc.nat().map(String),
);

/** Every spoiling that fits the request: its body, params, query and credential. */
export function spoilings(valid: RequestSpec, validJson: unknown): fc.Arbitrary<Spoiling> {
  const cases: fc.Arbitrary<Spoiling>[] = [
    badToken.map((value) => ({ kind: "token" as const, value })),
    fc
      .record({
        name: fc.constantFrom(...valid.query.map(([name]) => name), "password", "unexpected", "__proto__"),
        value: fc.option(fc.oneof({ arbitrary: shortOddString, weight: 5 }, { arbitrary: longUrlText, weight: 1 })),
        repeat: fc.boolean(),
      })
      .map(({ name, value, repeat }) => ({ kind: "query" as const, name, value: value ?? undefined, repeat })),
  ];
  const params = Object.keys(valid.params);
  if (params.length > 0) {
    cases.push(
      fc
        .record({ name: fc.constantFrom(...params), value: badParam, raw: fc.constant(false) })
        .map((param) => ({ kind: "param" as const, ...param })),
      fc
        .record({ name: fc.constantFrom(...params), value: fc.constantFrom(...RAW_PARAMS), raw: fc.constant(true) })
        .map((param) => ({ kind: "param" as const, ...param })),
    );
  }
  if (!valid.upgrade && valid.method !== "GET") {
    const type = valid.body?.type ?? "application/json";
    const json = (text: string | undefined) => ({ kind: "body" as const, text, type: "application/json" });
    cases.push(
      fc.jsonValue().map((value) => json(jsonText(value))),
      fc.oneof(fc.constantFrom(...MALFORMED_JSON), fc.string()).map(json),
      hugeString.map((text) => json(JSON.stringify(text))),
      fc
        .uint8Array({ maxLength: 2_000 })
        .chain((bytes) => fc.constantFrom(type, ...CONTENT_TYPES).map((bytesType) => ({ bytes, bytesType })))
        .map(({ bytes, bytesType }) => ({ kind: "bytes" as const, bytes, type: bytesType })),
    );
    if (validJson !== undefined) {
      const text = JSON.stringify(validJson);
      cases.push(
        fc
          .record({
            path: fc.constantFrom(...pathsOf(validJson)),
            change: fc.constantFrom<JsonChange>("remove", "replace", "wrap", "extra"),
            value: badValue,
          })
          .map(({ path, change, value }) => json(jsonText(changeAt(validJson, path, change, value)))),
        fc
          .constantFrom(...CONTENT_TYPES, undefined)
          .map((wrongType) => ({ kind: "body" as const, text, type: wrongType })),
      );
    }
  }
  return fc.oneof(...cases);
}

/** The valid request with one spoiling applied. */
export function spoil(valid: RequestSpec, spoiling: Spoiling): RequestSpec {
  const spec: RequestSpec = { ...valid, params: { ...valid.params }, query: [...valid.query] };
  switch (spoiling.kind) {
    case "body":
      if (spoiling.text === undefined) delete spec.body;
      else spec.body = { content: spoiling.text, type: spoiling.type };
      break;
    case "bytes":
      spec.body = { content: spoiling.bytes, type: spoiling.type };
      break;
    case "param":
      if (spoiling.raw) spec.rawParams = { [spoiling.name]: spoiling.value };
      else spec.params[spoiling.name] = spoiling.value;
      break;
    case "query": {
      const kept = spoiling.repeat ? spec.query : spec.query.filter(([name]) => name !== spoiling.name);
      spec.query = spoiling.value === undefined ? kept : [...kept, [spoiling.name, spoiling.value]];
      break;
    }
    case "token":
      spec.token = spoiling.value;
      break;
  }
  return spec;
}
