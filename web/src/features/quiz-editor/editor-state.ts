import { MAX_OPTIONS, MAX_QUESTIONS, type QuestionsInput } from "@core/quiz/authoring";
import type * as v from "valibot";

/** Which medium the question shows (spec §5: only one of image or video is active). */
export type ActiveMedia = "image" | "video" | "";

/** What the editor edits of a question besides its answers, as the server stores it. */
interface QuestionFields {
  question: string;
  image: string | null;
  video_key: string | null;
  active_media: ActiveMedia;
  is_survey: boolean;
  visible: boolean;
}

/** A question as `GET`/`PUT /api/quiz/:id/questions` answer it. */
export interface SavedQuestion extends QuestionFields {
  id: number;
  order: number;
  options: { id: number; option: string; correct: boolean; order: number }[];
}

/** `key` tells cards and rows apart for React and the editor's actions, saved or not. */
interface EditorOption {
  key: string;
  id?: number;
  option: string;
  correct: boolean;
}

export interface EditorQuestion extends QuestionFields {
  key: string;
  id?: number;
  options: EditorOption[];
}

export interface EditorState {
  questions: EditorQuestion[];
  /** Changed since the last load or save. */
  dirty: boolean;
  /** Keys are numbered here, so the reducer stays pure and deterministic. */
  nextKey: number;
}

export type EditorAction =
  | { type: "loaded"; questions: SavedQuestion[] }
  | { type: "saved"; questions: SavedQuestion[] }
  | { type: "add-question" }
  | { type: "remove-question"; key: string }
  | { type: "move-question"; key: string; to: number }
  | { type: "set-text"; key: string; question: string }
  | { type: "set-visible"; key: string; visible: boolean }
  | { type: "set-survey"; key: string; isSurvey: boolean }
  | { type: "set-active-media"; key: string; media: ActiveMedia }
  | { type: "set-image"; key: string; image: string }
  | { type: "set-video"; key: string; videoKey: string }
  | { type: "add-option"; key: string }
  | { type: "remove-option"; key: string; optionKey: string }
  | { type: "set-option-text"; key: string; optionKey: string; option: string }
  | { type: "set-correct"; key: string; optionKey: string; correct: boolean };

export type QuestionsBody = v.InferInput<typeof QuestionsInput>;

export const emptyEditor: EditorState = { questions: [], dirty: false, nextKey: 1 };

/** A new question starts with two empty answers, as most quiz questions have at least two. */
const NEW_QUESTION_OPTIONS = 2;

/** The question's own fields, without the ids, keys and answers each side numbers its own way. */
function questionFields(question: QuestionFields): QuestionFields {
  const { question: text, image, video_key, active_media, is_survey, visible } = question;
  return { question: text, image, video_key, active_media, is_survey, visible };
}

function fromSaved(saved: SavedQuestion[], keys: (index: number) => string, optionKey: () => string) {
  return saved.map(
    (question, index): EditorQuestion => ({
      key: keys(index),
      id: question.id,
      ...questionFields(question),
      options: question.options.map((option) => ({
        key: optionKey(),
        id: option.id,
        option: option.option,
        correct: option.correct,
      })),
    }),
  );
}

function updateQuestion(state: EditorState, key: string, change: (question: EditorQuestion) => EditorQuestion) {
  let changed = false;
  const questions = state.questions.map((question) => {
    if (question.key !== key) return question;
    const next = change(question);
    changed ||= next !== question;
    return next;
  });
  return changed ? { ...state, questions, dirty: true } : state;
}

function updateOption(
  state: EditorState,
  key: string,
  optionKey: string,
  change: (option: EditorOption) => EditorOption,
) {
  return updateQuestion(state, key, (question) => ({
    ...question,
    options: question.options.map((option) => (option.key === optionKey ? change(option) : option)),
  }));
}

/** The question editor's state: pure, so every rule below is tested without a browser. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "loaded": {
      let next = state.nextKey;
      const questions = fromSaved(
        action.questions,
        () => `q${next++}`,
        () => `o${next++}`,
      );
      return { questions, dirty: false, nextKey: next };
    }
    case "saved": {
      // The server answers the list in the order sent: cards keep their keys (and focus).
      let next = state.nextKey;
      const questions = fromSaved(
        action.questions,
        (index) => state.questions[index]?.key ?? `q${next++}`,
        () => `o${next++}`,
      ).map((question, index) => {
        const sent = state.questions[index]?.options ?? [];
        return {
          ...question,
          options: question.options.map((option, optionIndex) => ({
            ...option,
            key: sent[optionIndex]?.key ?? option.key,
          })),
        };
      });
      return { questions, dirty: false, nextKey: next };
    }
    case "add-question": {
      if (state.questions.length >= MAX_QUESTIONS) return state;
      let next = state.nextKey;
      const question: EditorQuestion = {
        key: `q${next++}`,
        question: "",
        image: null,
        video_key: null,
        active_media: "",
        is_survey: false,
        visible: true,
        options: Array.from({ length: NEW_QUESTION_OPTIONS }, () => ({
          key: `o${next++}`,
          option: "",
          correct: false,
        })),
      };
      return { questions: [...state.questions, question], dirty: true, nextKey: next };
    }
    case "remove-question": {
      const questions = state.questions.filter((question) => question.key !== action.key);
      return questions.length === state.questions.length ? state : { ...state, questions, dirty: true };
    }
    case "move-question": {
      const from = state.questions.findIndex((question) => question.key === action.key);
      const to = Math.max(0, Math.min(state.questions.length - 1, action.to));
      if (from < 0 || from === to) return state;
      const questions = [...state.questions];
      const [moved] = questions.splice(from, 1);
      if (moved) questions.splice(to, 0, moved);
      return { ...state, questions, dirty: true };
    }
    case "set-text":
      return updateQuestion(state, action.key, (question) => ({ ...question, question: action.question }));
    case "set-visible":
      return updateQuestion(state, action.key, (question) => ({ ...question, visible: action.visible }));
    case "set-survey":
      // The correct flags stay as they were: unticking "survey" gives them back.
      return updateQuestion(state, action.key, (question) => ({ ...question, is_survey: action.isSurvey }));
    case "set-active-media":
      // The other medium's file is kept, inactive, so switching back costs no new upload.
      return updateQuestion(state, action.key, (question) => ({ ...question, active_media: action.media }));
    case "set-image":
      return updateQuestion(state, action.key, (question) => ({
        ...question,
        image: action.image,
        active_media: "image",
      }));
    case "set-video":
      return updateQuestion(state, action.key, (question) => ({
        ...question,
        video_key: action.videoKey,
        active_media: "video",
      }));
    case "add-option": {
      const question = state.questions.find((candidate) => candidate.key === action.key);
      if (!question || question.options.length >= MAX_OPTIONS) return state;
      const option: EditorOption = { key: `o${state.nextKey}`, option: "", correct: false };
      return {
        ...updateQuestion(state, action.key, (current) => ({ ...current, options: [...current.options, option] })),
        nextKey: state.nextKey + 1,
      };
    }
    case "remove-option":
      // A question keeps at least one answer (the API refuses none).
      return updateQuestion(state, action.key, (question) =>
        question.options.length <= 1
          ? question
          : { ...question, options: question.options.filter((option) => option.key !== action.optionKey) },
      );
    case "set-option-text":
      return updateOption(state, action.key, action.optionKey, (option) => ({ ...option, option: action.option }));
    case "set-correct":
      // A survey has no correct answer: its flags cannot be ticked.
      if (state.questions.find((question) => question.key === action.key)?.is_survey) return state;
      return updateOption(state, action.key, action.optionKey, (option) => ({ ...option, correct: action.correct }));
    default: {
      const never: never = action;
      return never;
    }
  }
}

/**
 * The body of `PUT /api/quiz/:id/questions`: the whole list in the order shown (the server
 * numbers it from 1). A survey has no correct answer, whatever its hidden flags say.
 */
export function toQuestionsBody(state: EditorState): QuestionsBody {
  return {
    questions: state.questions.map((question) => ({
      ...(question.id === undefined ? {} : { id: question.id }),
      ...questionFields(question),
      options: question.options.map((option) => ({
        ...(option.id === undefined ? {} : { id: option.id }),
        option: option.option,
        correct: question.is_survey ? false : option.correct,
      })),
    })),
  };
}
