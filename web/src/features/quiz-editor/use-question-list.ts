import { useCallback, useEffect, useReducer, useState } from "react";
import type { EventCaller } from "../../app-state/event-caller";
import { type ApiError, asApiError } from "../../lib/api";
import { useSingleFlight } from "../../lib/use-single-flight";
import { type EditorAction, type EditorState, editorReducer, emptyEditor, toQuestionsBody } from "./editor-state";
import {
  checkQuestions,
  type ProblemsByQuestion,
  problemsFromIssues,
  type QuestionProblems,
} from "./question-problems";
import { fetchQuestions, saveQuestions } from "./quiz-editor-api";

type LoadStatus = { state: "loading" } | { state: "ready" } | { state: "failed"; error: ApiError };

/** The last save's outcome, for the notice above the list. */
export type SaveOutcome =
  | { tone: "success" }
  | { tone: "danger"; kind: "invalid"; numbers: number[] }
  | { tone: "danger"; kind: "refused"; error: ApiError };

/** Problems by card key, so they follow their card when it moves. */
type ProblemsByKey = ReadonlyMap<string, QuestionProblems>;

function byKey(problems: ProblemsByQuestion, state: EditorState): Map<string, QuestionProblems> {
  const keyed = new Map<string, QuestionProblems>();
  for (const [index, found] of problems) {
    const key = state.questions[index]?.key;
    if (key) keyed.set(key, found);
  }
  return keyed;
}

/**
 * The question editor's data: loads the list, keeps the edits (editor-state.ts), and saves the
 * whole list once it passes the API's own checks. A card's problems go when it is edited.
 */
export function useQuestionList(presentationId: number, caller: EventCaller) {
  const [state, dispatch] = useReducer(editorReducer, emptyEditor);
  const [load, setLoad] = useState<LoadStatus>({ state: "loading" });
  const [problems, setProblems] = useState<ProblemsByKey>(new Map());
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [saving, run] = useSingleFlight();
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());

  const loadList = useCallback(
    (signal: AbortSignal) => {
      setLoad({ state: "loading" });
      fetchQuestions(presentationId, caller, signal)
        .then((questions) => {
          dispatch({ type: "loaded", questions });
          setLoad({ state: "ready" });
        })
        .catch((error) => {
          if (!signal.aborted) setLoad({ state: "failed", error: asApiError(error) });
        });
    },
    [presentationId, caller],
  );

  useEffect(() => {
    const controller = new AbortController();
    loadList(controller.signal);
    return () => controller.abort();
  }, [loadList]);

  const edit = useCallback((action: EditorAction) => {
    dispatch(action);
    setOutcome((shown) => (shown?.tone === "success" ? null : shown));
    if ("key" in action)
      setProblems((found) => {
        if (!found.has(action.key)) return found;
        const rest = new Map(found);
        rest.delete(action.key);
        return rest;
      });
  }, []);

  const setUploadBusy = useCallback((key: string, busy: boolean) => {
    setUploading((keys) => {
      if (keys.has(key) === busy) return keys;
      const next = new Set(keys);
      if (busy) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  /** Saves the list; false when it was not sent because a question is incomplete. */
  const save = useCallback((): boolean => {
    const sent = state;
    const body = toQuestionsBody(sent);
    const found = checkQuestions(body);
    setProblems(byKey(found, sent));
    if (found.size > 0) {
      setOutcome({ tone: "danger", kind: "invalid", numbers: [...found.keys()].map((index) => index + 1) });
      return false;
    }
    run(async () => {
      setOutcome(null);
      try {
        const saved = await saveQuestions(presentationId, caller, body);
        dispatch({ type: "saved", questions: saved });
        setOutcome({ tone: "success" });
      } catch (error) {
        const refusal = asApiError(error);
        setProblems(byKey(problemsFromIssues(refusal.issues), sent));
        setOutcome({ tone: "danger", kind: "refused", error: refusal });
      }
    });
    return true;
  }, [state, presentationId, caller, run]);

  return {
    state,
    load,
    retry: () => loadList(new AbortController().signal),
    edit,
    problems,
    outcome,
    saving,
    uploading: uploading.size > 0,
    setUploadBusy,
    save,
  };
}
