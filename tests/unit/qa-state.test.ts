import { type QaChange, type QaQuestion, sharedQuestion } from "@core/qa/changes";
import {
  answeredQuestions,
  applyQaChange,
  emptyQaState,
  openQuestions,
  ownPendingQuestions,
  qaStateFromList,
  withOwnQuestion,
  withOwnVote,
} from "@core/qa/qa-state";
import { initialStatus, mayAskAnonymously, mayReword, sortQuestions } from "@core/qa/rules";
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
  asked_by_user: false,
});

const asked = (q: QaQuestion): QaChange => ({ type: "qa_question", data: { question: sharedQuestion(q) } });
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

  it("keeps the reader's own question theirs as the room pushes it again (reworded, voted, answered)", () => {
    const own = { ...question(1), author: null, asked_by_user: true };
    const state = withOwnQuestion(fold([]), own);
    const changes: QaChange[] = [
      asked({ ...own, question: "Reworded?" }),
      { type: "qa_votes", data: { id: 1, votes: 2 } },
      asked({ ...own, votes: 2, status: "answered" }),
    ];
    const after = changes.reduce((folded, change) => applyQaChange(folded, change, false), state);
    expect(after.questions[1]).toMatchObject({ asked_by_user: true, votes: 2, status: "answered" });
  });

  it("never makes a question the reader's from what the room pushes, which is the same for every reader", () => {
    const own = { ...question(2), asked_by_user: true, voted_by_user: true };
    expect(sharedQuestion(own)).not.toHaveProperty("asked_by_user");
    expect(sharedQuestion(own).voted_by_user).toBe(false);
    // Even a push that carried the flag (an older server) does not make it the reader's.
    const pushed = applyQaChange(emptyQaState, { type: "qa_question", data: { question: own } }, false);
    expect(pushed.questions[2]).toMatchObject({ asked_by_user: false, voted_by_user: false });
  });

  it("makes the asker's new question theirs even when the room's push arrived before the API's answer", () => {
    const pushedFirst = fold([asked(question(3))]);
    expect(pushedFirst.questions[3]?.asked_by_user).toBe(false);
    const answered = withOwnQuestion(pushedFirst, { ...question(3), asked_by_user: true });
    expect(answered.questions[3]?.asked_by_user).toBe(true);
    // The push that follows the answer keeps it so.
    expect(applyQaChange(answered, asked(question(3)), false).questions[3]?.asked_by_user).toBe(true);
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

  it("shows the asker their pending question until approved (merged, once) or hidden", () => {
    const pending: QaQuestion = { ...question(5), status: "pending", asked_by_user: true };
    const read = qaStateFromList({
      questions: [question(1)],
      answered: [],
      // Someone else's in the list (as a moderator's would be) never becomes the reader's own.
      queue: [pending, { ...question(6), status: "pending" }],
      settings: { requireApproval: true, allowAnonymous: false },
      featured_id: null,
    });
    expect(ownPendingQuestions(read).map((q) => q.id)).toEqual([5]);
    expect(openQuestions(read, "votes").map((q) => q.id)).toEqual([1]);
    // Asked just now: the API's answer alone puts it in the state (the room only signals the queue).
    const asking = withOwnQuestion(emptyQaState, pending);
    expect(applyQaChange(asking, { type: "qa_queue", data: { id: 5 } }, false)).toBe(asking);
    // Approved: the room pushes it open to everyone, and the asker's copy becomes it, still theirs.
    const approved = applyQaChange(asking, asked({ ...pending, status: "open" }), false);
    expect(ownPendingQuestions(approved)).toEqual([]);
    expect(openQuestions(approved, "votes")).toEqual([{ ...pending, status: "open", asked_by_user: true }]);
    // Hidden (rejected): the room says it is removed, and it goes.
    const hidden = applyQaChange(asking, { type: "qa_removed", data: { id: 5 } }, false);
    expect(ownPendingQuestions(hidden)).toEqual([]);
    expect(Object.keys(hidden.questions)).toEqual([]);
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

  it("lets the asker reword a question only while nobody voted for it and it is not answered or hidden", () => {
    expect(mayReword(question(1))).toBe(true);
    expect(mayReword({ ...question(1), status: "pending" })).toBe(true);
    expect(mayReword(question(1, 1))).toBe(false);
    expect(mayReword({ ...question(1), status: "answered" })).toBe(false);
    expect(mayReword({ ...question(1), hidden: true })).toBe(false);
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
