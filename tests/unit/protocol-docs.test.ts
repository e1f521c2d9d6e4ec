import { readFileSync } from "node:fs";
import { ErrorCode } from "@core/errors";
import { QuizClientMessage, QuizEventSchema, QuizServerMessageSchema, StoredEventSchema } from "@core/protocol/quiz";
import { VersionStreamClientMessage, VersionStreamServerMessage } from "@core/protocol/version-stream";
import type { QuizCommand, QuizContext } from "@core/quiz/commands";
import { decide } from "@core/quiz/decide";
import { evolve } from "@core/quiz/evolve";
import { initialQuizState, type QuizQuestion } from "@core/quiz/model";
import * as v from "valibot";
import { describe, expect, it } from "vitest";

const doc = readFileSync(new URL("../../docs/protocol.md", import.meta.url), "utf8");
const section = doc.slice(doc.indexOf("## Live quiz: `quiz-room`"), doc.indexOf("## Active quizzes"));

/** Every word inside a code span of the section's prose and tables (examples left out). */
const prose = section.replace(/```[\s\S]*?```/g, "");
const documented = new Set([...prose.matchAll(/`([^`]+)`/g)].flatMap(([, span]) => span?.match(/[\w.-]+/g) ?? []));

/** The JSON examples of one kind (```json quiz-client …). */
const examples = (kind: string) =>
  [...section.matchAll(new RegExp(`\`\`\`json ${kind}\\n([\\s\\S]*?)\`\`\``, "g"))].map(([, json]) =>
    JSON.parse(json ?? ""),
  );

type Node = Record<string, unknown>;
const errorCodes = new Set<unknown>(Object.values(ErrorCode));

/** Message types and field names a schema names: object keys, literals and picklist options. */
function namesOf(schema: unknown, names = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== "object") return names;
  const node = schema as Node;
  if (node.entries && typeof node.entries === "object") {
    for (const [key, entry] of Object.entries(node.entries as Node)) {
      names.add(key);
      namesOf(entry, names);
    }
  }
  if (node.type === "literal" && typeof node.literal === "string") names.add(node.literal);
  if (Array.isArray(node.options)) {
    // The error codes are api.md's and errors.json's vocabulary, not this page's.
    const isErrorCodes = node.options.every((option) => errorCodes.has(option));
    for (const option of node.options) {
      if (typeof option === "string" && !isErrorCodes) names.add(option);
      else namesOf(option, names);
    }
  }
  for (const key of ["wrapped", "item", "value"]) namesOf(node[key], names);
  return names;
}

describe("docs/protocol.md and the quiz room's schemas", () => {
  it.each([
    ["client → server", QuizClientMessage],
    ["server → client", QuizServerMessageSchema],
    ["events", QuizEventSchema],
  ])("names every message type and field of the %s schemas", (_, schema) => {
    const missing = [...namesOf(schema)].filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });

  it("has examples that parse with the schemas, for every message type", () => {
    const client = examples("quiz-client");
    const server = examples("quiz-server");
    const events = examples("quiz-event");
    for (const example of client) expect(v.safeParse(QuizClientMessage, example).issues).toBeUndefined();
    for (const example of server) expect(v.safeParse(QuizServerMessageSchema, example).issues).toBeUndefined();
    for (const example of events) {
      expect(v.safeParse(StoredEventSchema, example).issues).toBeUndefined();
      expect(v.safeParse(QuizEventSchema, example).issues).toBeUndefined();
    }
    expect(new Set(client.map((example) => example.type))).toEqual(new Set(["command", "answer", "count_in", "sync"]));
    expect(new Set(server.map((example) => example.type))).toEqual(
      new Set(QuizServerMessageSchema.options.map((option) => option.entries.type.literal)),
    );
  });

  it("describes every event the kernel logs in a whole quiz, reset included", () => {
    const questions: QuizQuestion[] = [
      { id: 1, isSurvey: false, optionIds: [11, 12], correctOptionIds: [12], limitMs: 10_000 },
      { id: 2, isSurvey: true, optionIds: [21, 22], correctOptionIds: [], limitMs: 10_000 },
    ];
    const moderator: QuizContext = { now: 0, actor: { role: "moderator" } };
    const player: QuizContext = { now: 0, actor: { role: "player", playerId: "p1" } };
    const steps: [QuizCommand, QuizContext][] = [
      [
        { type: "add_player", data: { playerId: "p1", name: "Ana" } },
        { now: 0, actor: { role: "system" } },
      ],
      [{ type: "start_quiz", data: { questions } }, moderator],
      [{ type: "answer_count_in", data: { questionId: 1 } }, player],
      [{ type: "answer_count_out", data: { questionId: 1 } }, player],
      [{ type: "timer_stop" }, moderator],
      [{ type: "timer_start" }, moderator],
      [{ type: "submit_answer", data: { questionId: 1, optionIds: [12] } }, player],
      [{ type: "show_result" }, moderator],
      [{ type: "hide_result" }, moderator],
      [{ type: "show_podium" }, moderator],
      [{ type: "back" }, moderator],
      [{ type: "next_question" }, moderator],
      [{ type: "back_question" }, moderator],
      [{ type: "final" }, moderator],
      [{ type: "reset_quiz" }, moderator],
    ];
    let state = initialQuizState;
    const types = new Set<string>();
    for (const [command, context] of steps) {
      for (const event of decide(command, state, context)) {
        expect(v.safeParse(QuizEventSchema, event).issues).toBeUndefined();
        types.add(event.type);
        state = evolve(state, event);
      }
    }
    expect([...types].filter((type) => !documented.has(type))).toEqual([]);
    // The walk logged every kind the schema knows.
    const kinds = QuizEventSchema.options.flatMap((option) => {
      const type = option.entries.type as { literal?: string; options?: string[] };
      return type.options ?? (type.literal ? [type.literal] : []);
    });
    expect([...types].sort()).toEqual([...kinds].sort());
  });
});

describe("docs/protocol.md and the version-stream room's schemas", () => {
  const versionSection = doc.slice(doc.indexOf("## Version processing: `version-stream-room`"));
  const spans = new Set(
    [...versionSection.replace(/```[\s\S]*?```/g, "").matchAll(/`([^`]+)`/g)].flatMap(
      ([, span]) => span?.match(/[\w.-]+/g) ?? [],
    ),
  );

  it("names every message, field and status of both directions", () => {
    const names = new Set([...namesOf(VersionStreamServerMessage), ...namesOf(VersionStreamClientMessage)]);
    expect([...names].filter((name) => !spans.has(name))).toEqual([]);
  });

  it("has an example whose lines are server messages", () => {
    const example = versionSection.match(/```text\n([\s\S]*?)```/)?.[1] ?? "";
    const lines = example.trim().split("\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      const message = line === "empty" ? line : JSON.parse(line.replaceAll("9f2c…", "9f2c"));
      expect(v.safeParse(VersionStreamServerMessage, message).issues).toBeUndefined();
    }
  });
});
