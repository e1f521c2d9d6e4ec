import type { QuizPlayer } from "@core/quiz/model";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { UsersIcon } from "../../components/quiz/quiz-icons";
import { JoinQrCode } from "./join-qr-code";
import styles from "./lobby-screen.module.css";
import { WaitingDots } from "./waiting-dots";

/** The quiz login page's address for a join code: `{origin}/{slug}/quiz-live?code=…`. */
function joinUrl(slug: string, code: string): string {
  return `${window.location.origin}/${slug}/quiz-live?code=${encodeURIComponent(code)}`;
}

/**
 * The join page's address as people type it from the back of a room: the host and the path,
 * without the scheme, a `www.` or the code, which is written just below it.
 */
function joinAddress(slug: string): string[] {
  return [window.location.host.replace(/^www\./, ""), slug, "quiz-live"];
}

/** `123456` as `123 456`, easier to read from the back of a room. */
const spacedCode = (code: string) => code.replace(/^(\d{3})(\d{3})$/, "$1 $2");

/**
 * Spec §2 big-screen lobby: how to join (link, QR code, join code) and the nicknames that
 * joined, as they arrive; `actions` holds Start quiz for whoever may start it.
 */
export function LobbyScreen({
  slug,
  code,
  players,
  connected,
  actions,
}: {
  slug: string;
  /** Null while it loads. */
  code: string | null;
  players: QuizPlayer[];
  connected: number;
  actions?: ReactNode;
}) {
  const { t } = useTranslation("quiz");
  const url = code ? joinUrl(slug, code) : null;
  const ordered = [...players].sort((a, b) => a.joinedAt - b.joinedAt);
  return (
    <div className={styles.lobby}>
      <section className={styles.join} aria-labelledby="quiz-join-title">
        <h2 id="quiz-join-title" className={styles.joinTitle}>
          {t("lobby.join")}
        </h2>
        <p className={styles.link} data-testid="quiz-join-link">
          {/* A long address wraps only after a slash, never inside a part (nor at its hyphens). */}
          {joinAddress(slug).map((part, index) => (
            <Fragment key={part}>
              {index > 0 ? (
                <>
                  /<wbr />
                </>
              ) : null}
              <span className={styles.linkPart}>{part}</span>
            </Fragment>
          ))}
        </p>
        <div className={styles.codeBox}>
          <span className={styles.codeLabel}>{t("lobby.code")}</span>
          <span className={styles.code} data-testid="quiz-join-code">
            {code ? spacedCode(code) : "··· ···"}
          </span>
        </div>
        <div className={styles.qr}>{url ? <JoinQrCode url={url} label={t("lobby.qr", { url })} /> : null}</div>
      </section>

      <section className={styles.players} aria-labelledby="quiz-players-title">
        <div className={styles.playersHead}>
          <h2 id="quiz-players-title" className={styles.count}>
            <UsersIcon width={34} height={34} />
            <span data-testid="quiz-player-count">{t("lobby.players", { count: ordered.length })}</span>
          </h2>
          <span className={styles.connected}>{t("lobby.connected", { count: connected })}</span>
        </div>
        {ordered.length === 0 ? (
          <p className={styles.waiting}>
            {t("lobby.waiting")}
            <WaitingDots />
          </p>
        ) : (
          <ul className={styles.names} aria-live="polite" data-testid="quiz-player-list">
            {ordered.map((player) => (
              <li key={player.id} className={styles.name} data-testid="quiz-player-name">
                {player.name}
              </li>
            ))}
          </ul>
        )}
      </section>

      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
