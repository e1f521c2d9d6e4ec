import type { PublicEvent, PublicPresentation } from "@core/schedule/public-schedule";
import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { eventPasswordAtom } from "../../app-state/event-password";
import { useSession } from "../../app-state/session";
import { UsersIcon } from "../../components/quiz/quiz-icons";
import { type LiveQuizVariant, useFollowQuiz } from "../../lib/live-quiz-paths";
import styles from "./live-quiz-pages.module.css";
import type { QuizRoomAccess } from "./quiz-room-socket";
import { type QuizWatchSnapshot, useQuizWatch } from "./quiz-watch";
import { useLasting } from "./use-lasting";

/** What every live quiz page of the moderator or the big screen is given by its route. */
export interface LiveQuizPageProps {
  slug: string;
  event: PublicEvent;
  presentation: PublicPresentation;
  variant: LiveQuizVariant;
  /** The moderator's session token; the big screen's pages work without one. */
  token: string | null;
}

/**
 * The moderator enters as moderator; the big screen as a watcher, with the event's password, and
 * with the visitor's session when there is one (an event closed to anonymous visitors asks for it).
 */
export function useLiveQuiz({ slug, presentation, variant, token }: LiveQuizPageProps) {
  const password = useAtomValue(eventPasswordAtom(slug));
  const [session] = useSession(slug);
  const access: QuizRoomAccess =
    variant === "moderator" && token
      ? { role: "moderator", token, password }
      : { role: "screen", token: token ?? session?.token ?? null, password };
  const watch = useQuizWatch(presentation._id, access);
  useFollowQuiz(slug, presentation._id, watch.state, variant);
  return { watch, password };
}

/** A refusal of the room or of a call, shown for a few seconds over the stage. */
export function StageAlert({ message }: { message: string | null }) {
  const [shown, setShown] = useState(message);
  useEffect(() => {
    setShown(message);
    if (!message) return;
    const timer = setTimeout(() => setShown(null), 6_000);
    return () => clearTimeout(timer);
  }, [message]);
  return shown ? (
    <p className={styles.alert} role="alert" data-testid="quiz-alert">
      {shown}
    </p>
  ) : null;
}

export function useWatchAlert(watch: QuizWatchSnapshot): string | null {
  const { t } = useTranslation("errors");
  const [message, setMessage] = useState<string | null>(null);
  const errorId = watch.error?.id;
  const code = watch.error?.code;
  useEffect(() => {
    if (errorId !== undefined && code) setMessage(t(code as "internal"));
  }, [errorId, code, t]);
  return message;
}

export function ConnectionBadge({ status }: { status: QuizWatchSnapshot["status"] }) {
  const { t } = useTranslation("quiz");
  const shown = useLasting(status !== "open");
  if (!shown) return null;
  return (
    <span className={styles.badge} role="status" data-testid="quiz-connection">
      {status === "connecting" ? t("connection.connecting") : t("connection.reconnecting")}
    </span>
  );
}

export function Loading() {
  const { t } = useTranslation("quiz");
  return (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      {t("connection.connecting")}
    </div>
  );
}

export function PlayersAside({ watch }: { watch: QuizWatchSnapshot }) {
  const { t } = useTranslation("quiz");
  return (
    <>
      <ConnectionBadge status={watch.status} />
      {/* On a phone, the number alone beside the icon; the words stay for assistive technology. */}
      <span className={styles.counter} data-testid="quiz-connected-count">
        <UsersIcon />
        <span className={styles.counterNumber} aria-hidden="true">
          {watch.connected}
        </span>
        <span className={styles.counterText}>{t("counters.connected", { count: watch.connected })}</span>
      </span>
    </>
  );
}
