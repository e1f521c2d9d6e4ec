import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { asApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useSingleFlight } from "../../lib/use-single-flight";
import type { QuizPlayerSession } from "./player-session";
import { quizDeviceId } from "./player-storage";
import { joinQuizAsMember } from "./quiz-api";
import "./quiz-join-form.css";

const NICKNAME_MAX = 30;

/**
 * A signed-in attendee joins the live quiz in one tap, under their profile name (which they may
 * change first): no join code to type, they are already a member of the event.
 */
export function MemberJoinForm({
  presentationId,
  profileName,
  access,
  onJoined,
}: {
  presentationId: number;
  profileName: string;
  access: { token: string; password: string | null };
  onJoined: (player: QuizPlayerSession) => void;
}) {
  const { t } = useTranslation("quiz");
  const errorText = useApiErrorText();
  const [name, setName] = useState(profileName.slice(0, NICKNAME_MAX));
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, run] = useSingleFlight();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setFailure(t("login.nickname-required"));
      return;
    }
    run(async () => {
      setFailure(null);
      try {
        const login = await joinQuizAsMember(presentationId, trimmed, quizDeviceId(), access);
        onJoined({
          token: login.token,
          playerId: login.id,
          name: login.user.name,
          presentationId: login.presentationId,
        });
      } catch (error) {
        setFailure(errorText(asApiError(error)));
      }
    });
  };
  return (
    <form className="quiz-join-card" onSubmit={submit} noValidate data-testid="quiz-member-join">
      <label className="quiz-join-field">
        <span className="quiz-join-label">{t("login.nickname")}</span>
        <input
          className="quiz-join-input"
          value={name}
          onChange={(change) => setName(change.target.value)}
          maxLength={NICKNAME_MAX}
          autoComplete="nickname"
          data-testid="quiz-member-name"
        />
      </label>
      {failure ? (
        <p className="quiz-join-failure" role="alert" data-testid="quiz-member-join-error">
          {failure}
        </p>
      ) : null}
      <Button type="submit" stage size="large" isDisabled={pending} data-testid="quiz-member-join-submit">
        {t("player.play")}
      </Button>
    </form>
  );
}
