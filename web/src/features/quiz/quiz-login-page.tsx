import { ErrorCode } from "@core/errors";
import type { PublicEvent } from "@core/schedule/public-schedule";
import { useRouter } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { eventPasswordAtom } from "../../app-state/event-password";
import { useSession } from "../../app-state/session";
import { AppLink } from "../../components/app-link";
import { Button } from "../../components/button";
import { asApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useSingleFlight } from "../../lib/use-single-flight";
import { useQuizPlayer } from "./player-session";
import { quizDeviceId } from "./player-storage";
import { logIntoQuiz } from "./quiz-api";
import "./quiz-join-form.css";
import { QuizStage } from "./quiz-stage";

const NICKNAME_MAX = 30;
const CODE_LENGTH = 6;

/**
 * Spec §2 attendee login (`/{slug}/quiz-live`): the join code (prefilled from the big screen's
 * link) and a nickname, then Enter; a second submit waits for the first. Spec §5/§8: a refusal
 * reads 'Invalid Invite Code', except a nickname already taken, which says so.
 */
export function QuizLoginPage({ slug, event, initialCode }: { slug: string; event: PublicEvent; initialCode: string }) {
  const { t } = useTranslation("quiz");
  const errorText = useApiErrorText();
  const router = useRouter();
  const [player, setPlayer] = useQuizPlayer(slug);
  const password = useAtomValue(eventPasswordAtom(slug));
  const [session] = useSession(slug);
  const [code, setCode] = useState(initialCode);
  const [name, setName] = useState("");
  const [missing, setMissing] = useState<{ code: boolean; name: boolean }>({ code: false, name: false });
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, run] = useSingleFlight();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedCode = code.replace(/\s+/g, "");
    const trimmedName = name.trim();
    setMissing({ code: trimmedCode === "", name: trimmedName === "" });
    if (!trimmedCode || !trimmedName) return;
    run(async () => {
      setFailure(null);
      try {
        const login = await logIntoQuiz(slug, trimmedCode, trimmedName, quizDeviceId(), {
          password,
          memberToken: session?.token ?? null,
        });
        setPlayer({
          token: login.token,
          playerId: login.id,
          name: login.user.name,
          presentationId: login.presentationId,
        });
        await router.navigate({ href: `/${slug}/${login.presentationId}/quiz-intro`, replace: true });
      } catch (error) {
        const apiError = asApiError(error);
        setFailure(
          apiError.code === ErrorCode.NicknameTaken || apiError.code === "network"
            ? errorText(apiError)
            : t("login.invalid-code"),
        );
      }
    });
  };

  return (
    <QuizStage event={event} title={t("login.title")} subtitle={event.name} size="phone" testId="quiz-login">
      <div className="quiz-join-wrap">
        <form className="quiz-join-card" onSubmit={submit} noValidate>
          <p className="quiz-join-lead">{t("login.lead")}</p>
          <label className="quiz-join-field">
            <span className="quiz-join-label">{t("login.code")}</span>
            <input
              className="quiz-join-code"
              value={code}
              onChange={(change) => setCode(change.target.value.replace(/[^\d\s]/g, ""))}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CODE_LENGTH + 1}
              placeholder="123456"
              aria-invalid={missing.code || undefined}
              data-testid="quiz-login-code"
            />
            {missing.code ? <span className="quiz-join-problem">{t("login.code-required")}</span> : null}
          </label>
          <label className="quiz-join-field">
            <span className="quiz-join-label">{t("login.nickname")}</span>
            <input
              className="quiz-join-input"
              value={name}
              onChange={(change) => setName(change.target.value)}
              maxLength={NICKNAME_MAX}
              autoComplete="nickname"
              aria-invalid={missing.name || undefined}
              data-testid="quiz-login-name"
            />
            {missing.name ? <span className="quiz-join-problem">{t("login.nickname-required")}</span> : null}
          </label>
          {failure ? (
            <p className="quiz-join-failure" role="alert" data-testid="quiz-login-error">
              <strong>{t("login.error-title")}</strong> {failure}
            </p>
          ) : null}
          <Button type="submit" stage size="large" isDisabled={pending} data-testid="quiz-login-submit">
            {t("login.enter")}
          </Button>
        </form>
        {player ? (
          <AppLink
            className="quiz-join-resume"
            href={`/${slug}/${player.presentationId}/quiz-intro`}
            data-testid="quiz-login-resume"
          >
            {t("login.resume", { name: player.name })}
          </AppLink>
        ) : null}
      </div>
    </QuizStage>
  );
}
