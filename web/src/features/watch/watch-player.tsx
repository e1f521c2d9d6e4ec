import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { KeyboardHelp } from "../../components/video/keyboard-help";
import { KeyboardIcon } from "../../components/video/player-icons";
import { SlideStrip } from "../../components/video/slide-strip";
import { SyncedPlayer, type SyncedPlayerHandle } from "../../components/video/synced-player";
import { usePlayerKeyboard } from "../../components/video/use-player-keyboard";
import type { WatchVideo } from "./watch-api";
import styles from "./watch-page.module.css";

/**
 * A watch page's video: the synced player, the slide strip under it (a click seeks and plays),
 * the keyboard shortcuts and their `?` help.
 */
export function WatchPlayer({
  video,
  visibleSlides,
  chaptersTrackSrc,
  startAt,
  onFirstPlay,
  onError,
}: {
  video: WatchVideo & { video: string };
  visibleSlides: number;
  chaptersTrackSrc?: string;
  startAt?: number;
  onFirstPlay?: () => void;
  onError: () => void;
}) {
  const { t } = useTranslation("watch");
  const player = useRef<SyncedPlayerHandle>(null);
  const [time, setTime] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  usePlayerKeyboard(player, video.thumbnails, () => setHelpOpen((open) => !open));

  return (
    <div className={styles.playerColumn}>
      <SyncedPlayer
        ref={player}
        mainSrc={video.video}
        webcamSrc={video.webcam}
        chaptersTrackSrc={chaptersTrackSrc}
        startAt={startAt}
        knownDuration={video.duration}
        onTime={setTime}
        onFirstPlay={onFirstPlay}
        onError={onError}
      />
      <Button
        variant="ghost"
        className={styles.shortcuts}
        onPress={() => setHelpOpen(true)}
        keyShortcuts="?"
        icon={<KeyboardIcon />}
        data-testid="shortcuts-help"
      >
        {t("player.shortcuts")}
      </Button>
      <SlideStrip
        chapters={video.thumbnails}
        time={time}
        visibleCount={visibleSlides}
        onSelect={(seconds) => {
          player.current?.seek(seconds);
          player.current?.play();
        }}
      />
      {helpOpen ? <KeyboardHelp onClose={() => setHelpOpen(false)} /> : null}
    </div>
  );
}
