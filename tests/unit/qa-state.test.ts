import type { QaChange, QaQuestion } from "@core/qa/changes";
import { answeredQuestions, applyQaChange, emptyQaState, openQuestions, withOwnVote } from "@core/qa/qa-state";
import { initialStatus, mayAskAnonymously, sortQuestions } from "@core/qa/rules";
import { namedQuestionIds, qaChangeForReader } from "@core/qa/tombstones";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const question = (id: number, votes = 0, created_at = id * 1000): QaQuestion => ({
  id,
  question: `Question ${id}`,
  created_at,
  votes,
  status: "open",
  hidden: false,
  author: "Ana",
  voted_by_user: false,
});

const asked = (q: QaQuestion): QaChange => ({ type: "qa_question", data: { question: q } });
const fold = (changes: QaChange[]) =>
  changes.reduce((state, change) => applyQaChange(state, change, false), emptyQaState);

describe("the order of a talk's questions", () => {
  it("puts the most voted first, ties by the older question, or the newest first", () => {
    const list = [question(1, 2), question(2, 5), question(3, 2), question(4, 0)];
    expect(sortQuestions(list, "votes").map((q) => q.id)).toEqual([2, 1, 3, 4]);
    expect(sortQuestions(list, "newest").map((q) => q.id)).toEqual([4, 3, 2, 1]);
  });

  it("re-sorts a question as its votes arrive", () => {
    const state = fold([asked(question(1)), asked(question(2)), { type: "qa_votes", data: { id: 2, votes: 3 } }]);
    expect(openQuestions(state, "votes").map((q) => q.id)).toEqual([2, 1]);
  });

  it("is the same for every client that holds the same questions, in whatever order they arrived", () => {
    const questions = fc.uniqueArray(
      fc.record({ id: fc.integer({ min: 1, max: 1000 }), votes: fc.nat(5), created_at: fc.nat(3) }),
      { selector: (q) => q.id, maxLength: 30 },
    );
    fc.assert(
      fc.property(questions, fc.func(fc.integer()), (raw, key) => {
        const held = raw.map((q) => question(q.id, q.votes, q.created_at));
        // Another client received them in another order: equal votes and times must not decide.
        const shuffled = [...held].sort((a, b) => key(a.id) - key(b.id));
        for (const sort of ["votes", "newest"] as const) {
          expect(sortQuestions(shuffled, sort).map((q) => q.id)).toEqual(sortQuestions(held, sort).map((q) => q.id));
        }
      }),
    );
  });
});

describe("applying changes", () => {
  it("keeps the reader's own vote when the room pushes a question again", () => {
    const voted = withOwnVote(fold([asked(question(1))]), 1, 1, true);
    const again = applyQaChange(voted, asked({ ...question(1), votes: 1 }), false);
    expect(again.questions[1]?.voted_by_user).toBe(true);
  });

  it("moves an answered question to the answered list and drops a removed one", () => {
    const state = fold([
      asked(question(1)),
      asked(question(2)),
      asked({ ...question(1), status: "answered" }),
      { type: "qa_removed", data: { id: 2 } },
    ]);
    expect(openQuestions(state, "votes")).toEqual([]);
    expect(answeredQuestions(state).map((q) => q.id)).toEqual([1]);
  });

  it("asks those who watch the queue to read it again, and nobody else", () => {
    const signal: QaChange = { type: "qa_queue", data: { id: 9 } };
    expect(applyQaChange(emptyQaState, signal, true).stale).toBe(true);
    expect(applyQaChange(emptyQaState, signal, false)).toBe(emptyQaState);
  });
});

describe("the rules", () => {
  it("lets members ask anonymously where the event is open or the talk allows it", () => {
    expect(mayAskAnonymously({ allowAnonymousAccess: true }, { requireApproval: false, allowAnonymous: false })).toBe(
      true,
    );
    expect(mayAskAnonymously({ allowAnonymousAccess: false }, { requireApproval: false, allowAnonymous: true })).toBe(
      true,
    );
    expect(mayAskAnonymously({ allowAnonymousAccess: false }, { requireApproval: false, allowAnonymous: false })).toBe(
      false,
    );
  });

  it("queues a question for approval unless a moderator asks it", () => {
    const settings = { requireApproval: true, allowAnonymous: false };
    expect(initialStatus(settings, { isModerator: false })).toBe("pending");
    expect(initialStatus(settings, { isModerator: true })).toBe("open");
  });
});

describe("what the room sends of a logged question", () => {
  it("sends its text while everyone may see it, a tombstone otherwise", () => {
    const change = asked(question(4));
    expect(namedQuestionIds([change, { type: "qa_votes", data: { id: 5, votes: 1 } }])).toEqual([4]);
    expect(qaChangeForReader(change, new Set([4]))).toEqual(change);
    expect(qaChangeForReader(change, new Set())).toEqual({ type: "qa_removed", data: { id: 4 } });
  });
});
