import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { asApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useSingleFlight } from "../../lib/use-single-flight";
import { ConfirmChoice } from "./confirm-choice";
import { fetchScreenLink, revokeScreenLink, screenLinkUrl } from "./screen-link-api";
import styles from "./screen-link-controls.module.css";

/**
 * The moderator's big-screen link: copied onto the projector's computer, it shows the quiz there
 * without logging in. Revoking (after a confirmation) refuses every screen opened with it.
 */
export function ScreenLinkControls({
  presentationId,
  token,
  password,
}: {
  presentationId: number;
  token: string;
  password: string | null;
}) {
  const { t } = useTranslation("quiz");
  const errorText = useApiErrorText();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useSingleFlight();
  const caller = { token, password };

  const show = (link: string, copy: boolean) => {
    const full = screenLinkUrl(link);
    setUrl(full);
    // The clipboard may be refused (plain http, permissions): the link is shown to copy by hand.
    if (copy)
      navigator.clipboard?.writeText(full).then(
        () => setCopied(true),
        () => setCopied(false),
      );
  };
  const copy = () =>
    run(async () => {
      setError(null);
      await fetchScreenLink(presentationId, caller)
        .then((link) => show(link, true))
        .catch((failure) => setError(errorText(asApiError(failure))));
    });
  const revoke = () =>
    run(async () => {
      setError(null);
      setCopied(false);
      await revokeScreenLink(presentationId, caller)
        .then((link) => show(link, false))
        .catch((failure) => setError(errorText(asApiError(failure))));
      setConfirming(false);
    });

  return (
    <div className={styles.panel} data-testid="quiz-screen-link">
      <div className={styles.row}>
        <Button stage variant="secondary" onPress={copy} isDisabled={busy} data-testid="quiz-screen-link-copy">
          {copied ? t("screen-link.copied") : t("screen-link.copy")}
        </Button>
        {confirming ? (
          <>
            <span className={styles.question}>{t("screen-link.revoke-confirm")}</span>
            <ConfirmChoice
              busy={busy}
              onCancel={() => setConfirming(false)}
              onConfirm={revoke}
              confirmLabel={t("screen-link.revoke")}
              confirmTestId="quiz-screen-link-revoke-yes"
            />
          </>
        ) : (
          <Button stage variant="secondary" onPress={() => setConfirming(true)} data-testid="quiz-screen-link-revoke">
            {t("screen-link.revoke")}
          </Button>
        )}
      </div>
      {url ? (
        <p className={styles.url}>
          <span>{t("screen-link.hint")}</span> <code data-testid="quiz-screen-link-url">{url}</code>
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
