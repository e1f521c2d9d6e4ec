import type { QaChange, QaQuestion, QaSettings } from "@core/qa/changes";
import {
  applyQaChange,
  emptyQaState,
  type QaState,
  qaStateFromList,
  withOwnQuestion,
  withOwnVote,
} from "@core/qa/qa-state";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type ApiError, asApiError } from "../../lib/api";
import {
  askQuestion,
  decideQuestion,
  featureQuestion,
  fetchQa,
  type QaAccess,
  type QaList,
  rewordQuestion,
  saveQaSettings,
  setVote,
} from "./qa-api";
import { connectQaRoom } from "./qa-room-socket";

/** Several queue signals in a row read the list once. */
const STALE_READ_DELAY_MS = 300;

type Load = { status: "loading" } | { status: "ready" } | { status: "failed"; error: ApiError };

export interface QaAlert {
  id: number;
  key: "alert.vote" | "alert.moderate" | "alert.settings" | "alert.load";
  error: ApiError;
}

/**
 * A talk's Q&A as the reader sees it: read through the API on every (re)connection to its forum
 * room, then every change of the room applied by id; those who see the queue read it again when
 * the room says it changed. `canRead` false connects nowhere.
 */
export function useQa(presentationId: number, access: QaAccess, canRead: boolean) {
  const [state, setState] = useState<QaState>(emptyQaState);
  const [list, setList] = useState<QaList | null>(null);
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [live, setLive] = useState(false);
  const [alert, setAlert] = useState<QaAlert | null>(null);
  const seesQueue = useRef(false);
  // Changes received while the list is read are applied again on top of it: it may predate them.
  const reading = useRef<{ count: number; changes: QaChange[] }>({ count: 0, changes: [] });
  const staleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { token, password } = access;
  const stableAccess = useMemo(() => ({ token, password }), [token, password]);

  const read = useCallback(async () => {
    const tracker = reading.current;
    tracker.count++;
    try {
      const answer = await fetchQa(stableAccess, presentationId);
      seesQueue.current = answer.sees_queue;
      const caughtUp = tracker.changes.reduce(
        (folded, change) => applyQaChange(folded, change, false),
        qaStateFromList(answer),
      );
      setList(answer);
      setState(caughtUp);
      setLoad({ status: "ready" });
    } catch (error) {
      setLoad({ status: "failed", error: asApiError(error) });
    } finally {
      tracker.count--;
      if (tracker.count === 0) tracker.changes = [];
    }
  }, [presentationId, stableAccess]);

  useEffect(() => {
    if (!canRead) return;
    const close = connectQaRoom(presentationId, stableAccess, {
      onHello: () => {
        setLive(true);
        void read();
      },
      onReset: () => void read(),
      onChanges: (changes) => {
        if (changes.length === 0) return;
        if (reading.current.count > 0) reading.current.changes.push(...changes);
        setState((current) => {
          const next = changes.reduce((folded, change) => applyQaChange(folded, change, seesQueue.current), current);
          if (next.stale && !current.stale) {
            clearTimeout(staleTimer.current);
            staleTimer.current = setTimeout(() => void read(), STALE_READ_DELAY_MS);
          }
          return next;
        });
      },
      onClose: () => setLive(false),
    });
    return () => {
      clearTimeout(staleTimer.current);
      close();
    };
  }, [canRead, presentationId, stableAccess, read]);

  const raise = useCallback((key: QaAlert["key"], error: unknown) => {
    setAlert((previous) => ({ id: (previous?.id ?? 0) + 1, key, error: asApiError(error) }));
  }, []);

  const actions = useMemo(
    () => ({
      /** Answers the server's refusal, or null once asked. */
      ask: async (text: string, anonymous: boolean): Promise<ApiError | null> => {
        try {
          const question = await askQuestion(stableAccess, presentationId, text, anonymous);
          // The answer says the question is the reader's, even when the room's push came first; a
          // pending one shows to its asker alone, and who sees the queue reads it again.
          setState((current) => withOwnQuestion(current, question));
          if (question.status === "pending" && seesQueue.current) void read();
          return null;
        } catch (error) {
          return asApiError(error);
        }
      },
      /** Answers the server's refusal (409 `qa-question-locked` once voted for, answered or hidden), or null once reworded. */
      reword: async (question: QaQuestion, text: string): Promise<ApiError | null> => {
        try {
          const reworded = await rewordQuestion(stableAccess, question.id, text);
          setState((current) => withOwnQuestion(current, reworded));
          // A queued one is also in the list read for who sees the queue.
          if (reworded.status === "pending" && seesQueue.current) void read();
          return null;
        } catch (error) {
          return asApiError(error);
        }
      },
      vote: async (question: QaQuestion) => {
        try {
          const answer = await setVote(stableAccess, question.id, !question.voted_by_user);
          setState((current) => withOwnVote(current, answer.id, answer.votes, answer.voted_by_user));
        } catch (error) {
          raise("alert.vote", error);
        }
      },
      decide: async (question: QaQuestion, decision: { status?: "open" | "answered"; hidden?: boolean }) => {
        try {
          await decideQuestion(stableAccess, question.id, decision);
          await read();
        } catch (error) {
          raise("alert.moderate", error);
        }
      },
      feature: async (questionId: number | null) => {
        try {
          await featureQuestion(stableAccess, presentationId, questionId);
          setState((current) => ({ ...current, featuredId: questionId }));
        } catch (error) {
          raise("alert.moderate", error);
        }
      },
      saveSettings: async (settings: QaSettings) => {
        try {
          await saveQaSettings(stableAccess, presentationId, settings);
          setState((current) => ({ ...current, settings }));
        } catch (error) {
          raise("alert.settings", error);
        }
      },
    }),
    [presentationId, stableAccess, read, raise],
  );

  return {
    state,
    list,
    load,
    live,
    alert,
    actions,
    retry: read,
    dismissAlert: useCallback(() => setAlert(null), []),
  };
}
