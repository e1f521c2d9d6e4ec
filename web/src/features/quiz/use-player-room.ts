import { ErrorCode } from "@core/errors";
import type { PlayerView } from "@core/protocol/quiz";
import { useCallback, useEffect, useRef, useState } from "react";
import { type ApiErrorCode, asApiError } from "../../lib/api";
import { fetchPlayerView, submitAnswerOverHttp } from "./quiz-api";
import type { QuizServerMessage } from "./quiz-messages";
import { connectQuizRoom, type QuizRoomConnection } from "./quiz-room-socket";

/** An answer sent on the socket falls back to HTTP when no acknowledgement came within this time. */
const ACK_TIMEOUT_MS = 4_000;
/** Spec §7/§9: the question page polls every 8 s while the socket is down; the waiting page every 10 s. */
const QUESTION_POLL_MS = 8_000;
const INTRO_POLL_MS = 10_000;

export interface PlayerRoom {
  status: "connecting" | "open" | "reconnecting";
  view: PlayerView | null;
  /** This browser's time when `view` arrived: its `remainingMs` counts from then. */
  receivedAt: number;
  /** The quiz token was refused: the nickname has to join again. */
  expired: boolean;
  /** Null once the room took the answer, else why not. */
  answer(questionId: number, optionIds: number[]): Promise<ApiErrorCode | null>;
  /** Spec §4 answer_count_in / answer_count_out: the player started or stopped choosing. */
  count(type: "count_in" | "count_out", questionId: number): void;
}

type Pending = (code: ApiErrorCode | null) => void;

/**
 * A player's connection to the quiz room: their view over the socket; `get-user-action` polled
 * every 8 s while the socket is down, and every 10 s on the waiting page whatever the socket
 * (spec §7); answers with an HTTP fallback.
 */
export function usePlayerRoom(presentationId: number, token: string): PlayerRoom {
  const [status, setStatus] = useState<PlayerRoom["status"]>("connecting");
  const [received, setReceived] = useState<{ view: PlayerView | null; at: number }>({ view: null, at: 0 });
  const [expired, setExpired] = useState(false);
  const connection = useRef<QuizRoomConnection | null>(null);
  const pending = useRef(new Map<string, Pending>());

  const showView = useCallback((view: PlayerView) => setReceived({ view, at: Date.now() }), []);

  useEffect(() => {
    const waiting = pending.current;
    const onMessage = (message: QuizServerMessage) => {
      if (message.type === "player_view") showView(message.view);
      else if ((message.type === "answer_ack" || message.type === "error") && message.requestId) {
        waiting.get(message.requestId)?.(message.type === "answer_ack" ? null : (message.code as ErrorCode));
        waiting.delete(message.requestId);
      }
    };
    connection.current = connectQuizRoom(
      presentationId,
      { role: "player", token },
      { onMessage, onOpen: () => setStatus("open"), onClose: () => setStatus("reconnecting") },
    );
    return () => {
      connection.current?.close();
      connection.current = null;
      waiting.clear();
    };
  }, [presentationId, token, showView]);

  const waitingPage = received.view === null || received.view.phase === "lobby";
  const polling = waitingPage || status !== "open";
  const everyMs = waitingPage ? INTRO_POLL_MS : QUESTION_POLL_MS;
  useEffect(() => {
    if (!polling || expired) return;
    const timer = setInterval(() => {
      fetchPlayerView(presentationId, token)
        .then(showView)
        .catch((error) => {
          if (asApiError(error).code === ErrorCode.Unauthorized) setExpired(true);
        });
    }, everyMs);
    return () => clearInterval(timer);
  }, [polling, expired, presentationId, token, everyMs, showView]);

  const answer = useCallback(
    async (questionId: number, optionIds: number[]): Promise<ApiErrorCode | null> => {
      const markAnswered = () =>
        setReceived((current) =>
          current.view?.question?.id === questionId && !current.view.myAnswer
            ? { ...current, view: { ...current.view, myAnswer: { optionIds, correct: null, points: 0 } } }
            : current,
        );
      const requestId = `a${questionId}-${Date.now().toString(36)}`;
      // Null: acknowledged; a code: refused; "unsent": no socket or no acknowledgement in time.
      const overSocket = await new Promise<ApiErrorCode | null | "unsent">((resolve) => {
        if (!connection.current?.send({ type: "answer", questionId, optionIds, requestId })) {
          resolve("unsent");
          return;
        }
        const timer = setTimeout(() => resolve("unsent"), ACK_TIMEOUT_MS);
        pending.current.set(requestId, (code) => {
          clearTimeout(timer);
          resolve(code);
        });
      });
      if (overSocket === null || overSocket === ErrorCode.AlreadyAnswered) {
        markAnswered();
        return null;
      }
      if (overSocket !== "unsent") return overSocket;
      pending.current.delete(requestId);
      try {
        showView(await submitAnswerOverHttp(presentationId, token, questionId, optionIds));
        return null;
      } catch (error) {
        const code = asApiError(error).code;
        // The socket's answer may have landed before its acknowledgement was lost.
        return code === ErrorCode.AlreadyAnswered ? null : code;
      }
    },
    [presentationId, token, showView],
  );

  const count = useCallback((type: "count_in" | "count_out", questionId: number) => {
    connection.current?.send({ type, questionId });
  }, []);

  return { status, view: received.view, receivedAt: received.at, expired, answer, count };
}
