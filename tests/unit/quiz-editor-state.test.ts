import { MAX_OPTIONS } from "@core/quiz/authoring";
import { describe, expect, it } from "vitest";
import {
  type EditorAction,
  type EditorState,
  editorReducer,
  emptyEditor,
  type SavedQuestion,
  toQuestionsBody,
} from "../../web/src/features/quiz-editor/editor-state";
import { checkQuestions, problemsFromIssues } from "../../web/src/features/quiz-editor/question-problems";

const saved = (id: number, text: string, overrides: Partial<SavedQuestion> = {}): SavedQuestion => ({
  id,
  question: text,
  image: null,
  video_key: null,
  active_media: "",
  is_survey: false,
  visible: true,
  order: id,
  options: [
    { id: id * 10 + 1, option: "A", correct: true, order: 1 },
    { id: id * 10 + 2, option: "B", correct: false, order: 2 },
  ],
  ...overrides,
});

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const loaded = (...questions: SavedQuestion[]) => run(emptyEditor, { type: "loaded", questions });
const texts = (state: EditorState) => state.questions.map((question) => question.question);
const keyOf = (state: EditorState, index: number) => state.questions[index]?.key ?? "";

describe("question editor state", () => {
  it("a loaded list is unchanged until edited; any edit marks it unsaved", () => {
    const state = loaded(saved(1, "Un"), saved(2, "Deux"));
    expect(texts(state)).toEqual(["Un", "Deux"]);
    expect(state.dirty).toBe(false);
    expect(run(state, { type: "set-text", key: keyOf(state, 0), question: "Un !" }).dirty).toBe(true);
  });

  it("adds a question at the end with two empty answers, and removes the one asked", () => {
    const state = run(loaded(saved(1, "Un")), { type: "add-question" });
    expect(state.questions).toHaveLength(2);
    expect(state.questions[1]?.id).toBeUndefined();
    expect(state.questions[1]).toMatchObject({ question: "", active_media: "", is_survey: false });
    expect(state.questions[1]?.options.map((option) => option.option)).toEqual(["", ""]);
    const removed = run(state, { type: "remove-question", key: keyOf(state, 0) });
    expect(removed.questions.map((question) => question.id)).toEqual([undefined]);
  });

  it("keys stay unique across additions, so cards and rows never mix up", () => {
    const state = run(loaded(saved(1, "Un")), { type: "add-question" }, { type: "add-question" });
    const keys = state.questions.flatMap((question) => [question.key, ...question.options.map((option) => option.key)]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("moves a question to another place, clamped to the list", () => {
    const state = loaded(saved(1, "Un"), saved(2, "Deux"), saved(3, "Trois"));
    expect(texts(run(state, { type: "move-question", key: keyOf(state, 2), to: 0 }))).toEqual(["Trois", "Un", "Deux"]);
    expect(texts(run(state, { type: "move-question", key: keyOf(state, 0), to: 1 }))).toEqual(["Deux", "Un", "Trois"]);
    expect(texts(run(state, { type: "move-question", key: keyOf(state, 0), to: 99 }))).toEqual(["Deux", "Trois", "Un"]);
    expect(run(state, { type: "move-question", key: keyOf(state, 1), to: 1 })).toBe(state);
  });

  it("only one medium is active; switching keeps the other file to switch back", () => {
    const state = loaded(saved(1, "Un"));
    const key = keyOf(state, 0);
    const withImage = run(state, { type: "set-image", key, image: "/api/files/quiz/1/images/a.jpg" });
    expect(withImage.questions[0]?.active_media).toBe("image");
    const withVideo = run(withImage, { type: "set-video", key, videoKey: "quiz/1/videos/b.mp4" });
    expect(withVideo.questions[0]).toMatchObject({
      active_media: "video",
      image: "/api/files/quiz/1/images/a.jpg",
      video_key: "quiz/1/videos/b.mp4",
    });
    expect(run(withVideo, { type: "set-active-media", key, media: "image" }).questions[0]?.active_media).toBe("image");
    expect(run(withVideo, { type: "set-active-media", key, media: "" }).questions[0]?.active_media).toBe("");
  });

  it("a survey has no correct answer: its flags cannot be ticked and are sent false, and come back when it is a quiz again", () => {
    const state = loaded(saved(1, "Un"));
    const key = keyOf(state, 0);
    const survey = run(state, { type: "set-survey", key, isSurvey: true });
    const optionB = survey.questions[0]?.options[1]?.key ?? "";
    expect(run(survey, { type: "set-correct", key, optionKey: optionB, correct: true })).toBe(survey);
    expect(toQuestionsBody(survey).questions[0]?.options.map((option) => option.correct)).toEqual([false, false]);
    const quizAgain = run(survey, { type: "set-survey", key, isSurvey: false });
    expect(toQuestionsBody(quizAgain).questions[0]?.options.map((option) => option.correct)).toEqual([true, false]);
  });

  it("ticks several correct answers, adds answers up to the limit and keeps at least one", () => {
    const state = loaded(saved(1, "Un"));
    const key = keyOf(state, 0);
    const optionB = state.questions[0]?.options[1]?.key ?? "";
    const both = run(state, { type: "set-correct", key, optionKey: optionB, correct: true });
    expect(both.questions[0]?.options.map((option) => option.correct)).toEqual([true, true]);
    let full = state;
    for (let i = 0; i < MAX_OPTIONS + 3; i++) full = run(full, { type: "add-option", key });
    expect(full.questions[0]?.options).toHaveLength(MAX_OPTIONS);
    let one = state;
    for (const option of state.questions[0]?.options ?? [])
      one = run(one, { type: "remove-option", key, optionKey: option.key });
    expect(one.questions[0]?.options.map((option) => option.option)).toEqual(["B"]);
  });

  it("maps to the PUT body in the order shown, with ids only for what is saved", () => {
    const state = loaded(saved(1, "Un"), saved(2, "Deux"));
    const edited = run(
      state,
      { type: "add-question" },
      { type: "move-question", key: keyOf(state, 1), to: 0 },
      { type: "set-visible", key: keyOf(state, 0), visible: false },
    );
    const newKey = keyOf(edited, 2);
    const newOption = edited.questions[2]?.options[0]?.key ?? "";
    const body = toQuestionsBody(
      run(
        edited,
        { type: "set-text", key: newKey, question: "Trois" },
        { type: "set-option-text", key: newKey, optionKey: newOption, option: "Oui" },
        { type: "set-correct", key: newKey, optionKey: newOption, correct: true },
      ),
    );
    expect(body.questions.map((question) => [question.id, question.question, question.visible])).toEqual([
      [2, "Deux", true],
      [1, "Un", false],
      [undefined, "Trois", true],
    ]);
    expect("id" in (body.questions[2] ?? {})).toBe(false);
    expect(body.questions[2]?.options).toEqual([
      { option: "Oui", correct: true },
      { option: "", correct: false },
    ]);
    expect(body.questions[0]?.options[0]).toEqual({ id: 21, option: "A", correct: true });
  });

  it("after a save, cards keep their keys and take the ids the server gave", () => {
    const state = run(loaded(saved(1, "Un")), { type: "add-question" });
    const keys = state.questions.map((question) => question.key);
    const after = run(state, { type: "saved", questions: [saved(1, "Un"), saved(7, "Nouvelle")] });
    expect(after.questions.map((question) => [question.key, question.id])).toEqual([
      [keys[0], 1],
      [keys[1], 7],
    ]);
    expect(after.dirty).toBe(false);
  });
});

describe("question problems", () => {
  it("a new empty question is refused before sending, each problem on its part of the card", () => {
    const state = run(loaded(saved(1, "Un")), { type: "add-question" });
    const problems = checkQuestions(toQuestionsBody(state));
    expect([...problems.keys()]).toEqual([1]);
    expect(problems.get(1)).toEqual({
      question: "problem.question-required",
      optionTexts: { 0: "problem.option-required", 1: "problem.option-required" },
      options: "problem.correct-required",
    });
  });

  it("a quiz question without a correct answer, or an active medium without its file, is refused", () => {
    const state = run(loaded(saved(1, "Un", { options: [{ id: 11, option: "A", correct: false, order: 1 }] })), {
      type: "set-active-media",
      key: "q1",
      media: "video",
    });
    expect(checkQuestions(toQuestionsBody(state)).get(0)).toEqual({
      options: "problem.correct-required",
      media: "problem.video-required",
    });
    expect(checkQuestions(toQuestionsBody(loaded(saved(1, "Un")))).size).toBe(0);
  });

  it("a server refusal is placed on the question it names", () => {
    const problems = problemsFromIssues([
      { path: "body.questions.2.question", message: "required" },
      { path: "body.questions.0.id", message: "not a question of this quiz" },
      { path: "body.questions.1.image", message: "not an image of this quiz" },
      { path: "params.id", message: "not a question of this quiz" },
    ]);
    expect(problems.get(2)).toEqual({ question: "problem.question-required" });
    expect(problems.get(0)).toEqual({ other: "problem.invalid" });
    expect(problems.get(1)).toEqual({ media: "problem.media-invalid" });
    expect(problemsFromIssues([]).size).toBe(0);
  });
});
