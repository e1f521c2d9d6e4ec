import { SEEK_STEP_SECONDS, ZOOM_STEP } from "@core/chapters/constants";
import { selectedRange } from "@core/chapters/editor";
import { chaptersToWebVtt, chaptersToYouTubeDescription } from "@core/chapters/export";
import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHrefKeepingMode } from "../../components/app-link";
import { Button, ButtonLink, IconButton } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { ModalDialog } from "../../components/dialog";
import {
  ArrowLeftIcon,
  DownloadIcon,
  MergeIcon,
  RedoIcon,
  ScissorsIcon,
  StepBackIcon,
  StepForwardIcon,
  UndoIcon,
} from "../../components/icons";
import { LocaleSwitcher } from "../../components/locale-switcher";
import { formatPlayTime } from "../../components/video/play-time";
import { PauseIcon, PlayIcon } from "../../components/video/player-icons";
import { SyncedPlayer } from "../../components/video/synced-player";
import { saveFile } from "../../lib/save-file";
import styles from "./chapter-editor.module.css";
import type { EditableVersion } from "./chapter-editor-api";
import { ChapterList } from "./chapter-list";
import { ChapterTimeline } from "./chapter-timeline";
import { SaveBar } from "./save-bar";
import { type SaveOutcome, useChapterEditor } from "./use-chapter-editor";
import { useEditorShortcuts } from "./use-editor-shortcuts";
import { useLeaveGuard } from "./use-leave-guard";
import { useSyncedPlayers } from "./use-synced-players";
import { useWaveform } from "./use-waveform";
import { ZoomControl } from "./zoom-control";

const SHORTCUTS = ["space", "b", "m", "delete", "arrows", "up-down", "zoom", "undo", "redo", "help"] as const;

/**
 * Spec 2 chapter editor: the video and its webcam, the zoom, the chapters' timeline and list,
 * undo/redo, export and the save bar. Edits live in the page until saved; leaving asks first.
 */
export function ChapterEditorPage({
  slug,
  presentationId,
  version,
  token,
}: {
  slug: string;
  presentationId: number;
  version: EditableVersion;
  token: string;
}) {
  const { t } = useTranslation("versions");
  const href = useHrefKeepingMode();
  const zoomId = useId();
  const editor = useChapterEditor(presentationId, version, token);
  const { state, dispatch } = editor;
  const players = useSyncedPlayers();
  const waveform = useWaveform(version.waveform);
  const [helpOpen, setHelpOpen] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: SaveOutcome; seq: number } | null>(null);
  const blocker = useLeaveGuard(editor.modified);
  const range = selectedRange(state);
  const backPath = href(`/${slug}/my-presentations/${presentationId}/videos`);

  const { seek: seekPlayers, timeMs } = players;
  useEffect(() => {
    dispatch({ type: "set-playhead", ms: timeMs });
  }, [timeMs, dispatch]);
  // The playhead moves with the click or key that asked, so a B pressed right after cuts there.
  const seek = useCallback(
    (ms: number) => {
      const target = Math.min(state.durationMs, Math.max(0, ms));
      dispatch({ type: "set-playhead", ms: target });
      seekPlayers(target);
    },
    [seekPlayers, state.durationMs, dispatch],
  );

  // A message belongs to the last action: a new edit's message replaces the save's, a save the edit's.
  const noticeSeq = state.notice?.seq;
  useEffect(() => {
    if (noticeSeq !== undefined) setOutcome(null);
  }, [noticeSeq]);
  const save = async () => {
    if (state.notice) dispatch({ type: "dismiss-notice", seq: state.notice.seq });
    setOutcome(null);
    const kind = await editor.save();
    setOutcome((previous) => ({ kind, seq: (previous?.seq ?? 0) + 1 }));
  };
  const noticeFaded = useCallback((seq: number) => dispatch({ type: "dismiss-notice", seq }), [dispatch]);
  const outcomeFaded = useCallback(
    (seq: number) => setOutcome((current) => (current?.seq === seq ? null : current)),
    [],
  );
  const zoomTo = (zoom: number) => dispatch({ type: "set-zoom", zoom });
  const fallbackTitle = (n: number) => t("editor.export.untitled", { n });
  const exportVtt = () =>
    saveFile(
      new Blob([chaptersToWebVtt(state.chapters, state.durationMs, fallbackTitle)], { type: "text/vtt" }),
      "chapters.vtt",
    );
  const exportYouTube = () =>
    saveFile(
      new Blob([chaptersToYouTubeDescription(state.chapters, fallbackTitle)], { type: "text/plain" }),
      "youtube-chapters.txt",
    );
  const step = (direction: -1 | 1) => seek(state.playheadMs + direction * SEEK_STEP_SECONDS * 1000);
  const cut = () => dispatch({ type: "cut", at: state.playheadMs });
  const merge = () => dispatch({ type: "merge" });
  const undo = () => dispatch({ type: "undo" });
  const redo = () => dispatch({ type: "redo" });

  useEditorShortcuts(
    {
      togglePlay: players.togglePlay,
      cut,
      merge,
      mergeIntoPrevious: () => {
        const first = range && state.chapters[range[0]];
        if (first) dispatch({ type: "merge-into-previous", key: first.key });
        else dispatch({ type: "notify", tone: "error", key: "merge.too-few" });
      },
      step,
      selectNeighbour: (direction) => {
        const index = range ? (direction < 0 ? range[0] - 1 : range[1] + 1) : 0;
        const chapter = state.chapters[Math.min(state.chapters.length - 1, Math.max(0, index))];
        if (!chapter) return;
        dispatch({ type: "select", key: chapter.key });
        seek(chapter.time);
      },
      zoom: (direction) => zoomTo(state.zoom + direction * ZOOM_STEP),
      undo,
      redo,
      help: () => setHelpOpen(true),
    },
    !helpOpen && blocker.status !== "blocked",
  );

  return (
    <div className={styles.page} data-testid="chapter-editor">
      <header className={styles.header}>
        <ButtonLink
          variant="secondary"
          href={backPath}
          icon={<ArrowLeftIcon />}
          aria-label={t("editor.back")}
          data-testid="editor-back"
        >
          <span className={styles.collapsible}>{t("editor.back")}</span>
        </ButtonLink>
        <h1 className={styles.title}>{t("editor.title")}</h1>
        <Button
          variant="secondary"
          className={styles.shortcutsButton}
          onPress={() => setHelpOpen(true)}
          keyShortcuts="?"
        >
          ?<span className={styles.collapsible}>{t("editor.shortcuts.open")}</span>
        </Button>
        <LocaleSwitcher />
      </header>

      <div className={styles.players}>
        {version.video ? (
          <SyncedPlayer
            ref={players.player}
            mainSrc={version.video.url}
            webcamSrc={version.webcam?.url ?? null}
            knownDuration={version.duration}
            onTime={players.onTime}
            onPlayingChange={players.onPlayingChange}
          />
        ) : null}
      </div>

      <ChapterTimeline
        chapters={state.chapters}
        durationMs={state.durationMs}
        zoom={state.zoom}
        playheadMs={state.playheadMs}
        selected={range}
        dispatch={dispatch}
        onSeek={seek}
        storyboard={version.storyboard}
        waveform={waveform}
      />

      <section className={styles.tools} aria-label={t("editor.tools")} data-testid="editor-tools">
        <div className={styles.toolGroup}>
          <Button
            variant="secondary"
            className={styles.tool}
            icon={<StepBackIcon />}
            onPress={() => step(-1)}
            keyShortcuts="ArrowLeft"
            data-testid="editor-previous"
          >
            {t("editor.previous")}
          </Button>
          <IconButton
            className={styles.toolIcon}
            icon={players.playing ? <PauseIcon /> : <PlayIcon />}
            label={players.playing ? t("editor.pause") : t("editor.play")}
            onPress={players.togglePlay}
            keyShortcuts="Space"
            data-testid="editor-play"
          />
          <Button
            variant="secondary"
            className={styles.tool}
            onPress={() => step(1)}
            keyShortcuts="ArrowRight"
            data-testid="editor-next"
          >
            {t("editor.next")}
            <StepForwardIcon />
          </Button>
          <span className={styles.clock} data-testid="editor-clock">
            {formatPlayTime(state.playheadMs / 1000)} / {formatPlayTime(state.durationMs / 1000)}
          </span>
        </div>
        <div className={styles.toolGroup}>
          <Button
            variant="secondary"
            className={styles.tool}
            icon={<ScissorsIcon />}
            title={t("editor.shortcut.b")}
            onPress={cut}
            keyShortcuts="B"
            data-testid="editor-cut"
          >
            {t("editor.cut")}
          </Button>
          <Button
            variant="secondary"
            className={styles.tool}
            icon={<MergeIcon />}
            title={t("editor.shortcut.m")}
            onPress={merge}
            keyShortcuts="M"
            data-testid="editor-merge"
          >
            {t("editor.merge")}
          </Button>
          <IconButton
            className={styles.toolIcon}
            icon={<UndoIcon />}
            label={t("editor.undo")}
            onPress={undo}
            isDisabled={state.past.length === 0}
            keyShortcuts="Control+Z"
            data-testid="editor-undo"
          />
          <IconButton
            className={styles.toolIcon}
            icon={<RedoIcon />}
            label={t("editor.redo")}
            onPress={redo}
            isDisabled={state.future.length === 0}
            keyShortcuts="Control+Shift+Z"
            data-testid="editor-redo"
          />
        </div>
        <ZoomControl zoom={state.zoom} onZoom={zoomTo} />
        {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a border and a legend's layout to a toolbar group */}
        <div className={styles.toolGroup} role="group" aria-label={t("editor.export")}>
          <Button
            variant="secondary"
            className={styles.tool}
            icon={<DownloadIcon />}
            aria-label={t("editor.export.vtt")}
            title={t("editor.export.vtt")}
            onPress={exportVtt}
          >
            WebVTT
          </Button>
          <Button
            variant="secondary"
            className={styles.tool}
            icon={<DownloadIcon />}
            aria-label={t("editor.export.youtube")}
            title={t("editor.export.youtube")}
            onPress={exportYouTube}
          >
            YouTube
          </Button>
        </div>
      </section>

      <div className={styles.listArea}>
        <ChapterList
          chapters={state.chapters}
          durationMs={state.durationMs}
          selected={range}
          dispatch={dispatch}
          onSeek={seek}
        />
      </div>

      <SaveBar
        modified={editor.modified}
        saving={editor.saving}
        notice={state.notice}
        outcome={outcome}
        conflict={editor.newer !== null}
        onSave={save}
        onTakeNewer={editor.takeNewer}
        onNoticeFaded={noticeFaded}
        onOutcomeFaded={outcomeFaded}
      />
      {helpOpen ? (
        <ModalDialog
          labelledBy={`${zoomId}-help`}
          onDismiss={() => setHelpOpen(false)}
          className={styles.help}
          testId="shortcuts-help"
        >
          <h2 id={`${zoomId}-help`}>{t("editor.shortcuts.title")}</h2>
          <dl className={styles.shortcuts}>
            {SHORTCUTS.map((name) => (
              <div key={name}>
                <dt>{t(`editor.shortcut.${name}.keys`)}</dt>
                <dd>{t(`editor.shortcut.${name}`)}</dd>
              </div>
            ))}
          </dl>
          <Button variant="secondary" onPress={() => setHelpOpen(false)}>
            {t("editor.shortcuts.close")}
          </Button>
        </ModalDialog>
      ) : null}

      {blocker.status === "blocked" ? (
        <ConfirmDialog
          question={t("editor.leave.question")}
          yesLabel={t("editor.leave.yes")}
          noLabel={t("editor.leave.no")}
          onYes={() => blocker.proceed()}
          onNo={() => blocker.reset()}
          testId="editor-leave"
        />
      ) : null}
    </div>
  );
}
