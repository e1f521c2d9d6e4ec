import { SEEK_STEP_SECONDS, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from "@core/chapters/constants";
import { selectedRange } from "@core/chapters/editor";
import { chaptersToWebVtt, chaptersToYouTubeDescription } from "@core/chapters/export";
import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink, useHrefKeepingMode } from "../../components/app-link";
import buttons from "../../components/button.module.css";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { ArrowLeftIcon } from "../../components/icons";
import { ModalDialog } from "../../components/modal-dialog";
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

const SHORTCUTS = ["space", "b", "m", "delete", "arrows", "up-down", "undo", "redo", "help"] as const;

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

  const save = async () => {
    const kind = await editor.save();
    setOutcome((previous) => ({ kind, seq: (previous?.seq ?? 0) + 1 }));
  };
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

  const tools: { label: string; run: () => void; disabled?: boolean; keys?: string; testId?: string }[] = [
    { label: t("editor.previous"), run: () => seek(state.playheadMs - SEEK_STEP_SECONDS * 1000), keys: "ArrowLeft" },
    { label: t("editor.play"), run: players.togglePlay, keys: "Space" },
    { label: t("editor.next"), run: () => seek(state.playheadMs + SEEK_STEP_SECONDS * 1000), keys: "ArrowRight" },
    {
      label: t("editor.cut"),
      run: () => dispatch({ type: "cut", at: state.playheadMs }),
      keys: "B",
      testId: "editor-cut",
    },
    { label: t("editor.merge"), run: () => dispatch({ type: "merge" }), keys: "M", testId: "editor-merge" },
    {
      label: t("editor.undo"),
      run: () => dispatch({ type: "undo" }),
      disabled: state.past.length === 0,
      keys: "Control+Z",
      testId: "editor-undo",
    },
    {
      label: t("editor.redo"),
      run: () => dispatch({ type: "redo" }),
      disabled: state.future.length === 0,
      keys: "Control+Shift+Z",
      testId: "editor-redo",
    },
    { label: t("editor.export.vtt"), run: exportVtt },
    { label: t("editor.export.youtube"), run: exportYouTube },
  ];

  useEditorShortcuts(
    {
      togglePlay: players.togglePlay,
      cut: () => dispatch({ type: "cut", at: state.playheadMs }),
      merge: () => dispatch({ type: "merge" }),
      mergeIntoPrevious: () => {
        const first = range && state.chapters[range[0]];
        if (first) dispatch({ type: "merge-into-previous", key: first.key });
        else dispatch({ type: "notify", tone: "error", key: "merge.too-few" });
      },
      step: (direction) => seek(state.playheadMs + direction * SEEK_STEP_SECONDS * 1000),
      selectNeighbour: (direction) => {
        const index = range ? (direction < 0 ? range[0] - 1 : range[1] + 1) : 0;
        const chapter = state.chapters[Math.min(state.chapters.length - 1, Math.max(0, index))];
        if (!chapter) return;
        dispatch({ type: "select", key: chapter.key });
        seek(chapter.time);
      },
      undo: () => dispatch({ type: "undo" }),
      redo: () => dispatch({ type: "redo" }),
      help: () => setHelpOpen(true),
    },
    !helpOpen && blocker.status !== "blocked",
  );

  return (
    <div className={styles.page} data-testid="chapter-editor">
      <header className={styles.header}>
        <AppLink href={backPath} className={buttons.pill} aria-label={t("editor.back")} data-testid="editor-back">
          <ArrowLeftIcon />
          <span className={styles.collapsible}>{t("editor.back")}</span>
        </AppLink>
        <h1 className={styles.title}>{t("editor.title")}</h1>
        <button type="button" className={buttons.pill} onClick={() => setHelpOpen(true)} aria-keyshortcuts="?">
          ?<span className={styles.collapsible}>{t("editor.shortcuts.open")}</span>
        </button>
      </header>

      <div className={styles.stage}>
        <div className={styles.players}>
          {version.video ? (
            <SyncedPlayer
              ref={players.player}
              mainSrc={version.video.url}
              webcamSrc={version.webcam?.url ?? null}
              onTime={players.onTime}
            />
          ) : null}
        </div>
        <ChapterList
          chapters={state.chapters}
          durationMs={state.durationMs}
          selected={range}
          dispatch={dispatch}
          onSeek={seek}
        />
      </div>

      <div className={styles.toolbar}>
        {tools.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className={buttons.pill}
            onClick={tool.run}
            disabled={tool.disabled}
            aria-keyshortcuts={tool.keys}
            data-testid={tool.testId}
          >
            {tool.label}
          </button>
        ))}
        <label htmlFor={zoomId} className={styles.zoom}>
          {t("editor.zoom")}
          <input
            id={zoomId}
            type="range"
            min={ZOOM_MIN}
            max={ZOOM_MAX}
            step={ZOOM_STEP}
            value={state.zoom}
            onChange={(event) => dispatch({ type: "set-zoom", zoom: Number(event.currentTarget.value) })}
            data-testid="editor-zoom"
          />
        </label>
      </div>

      <ChapterTimeline
        chapters={state.chapters}
        durationMs={state.durationMs}
        zoom={state.zoom}
        playheadMs={state.playheadMs}
        selected={range}
        dispatch={dispatch}
        onSeek={seek}
      />

      <SaveBar
        modified={editor.modified}
        saving={editor.saving}
        notice={state.notice}
        outcome={outcome}
        conflict={editor.newer !== null}
        onSave={save}
        onTakeNewer={editor.takeNewer}
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
          <button type="button" className={buttons.pill} onClick={() => setHelpOpen(false)}>
            {t("editor.shortcuts.close")}
          </button>
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
