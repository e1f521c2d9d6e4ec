import { baseWidthOf, DEFAULT_CHAPTER_WIDTH_SECONDS } from "@core/chapters/constants";
import { createEditorState, editChapters } from "@core/chapters/editor";
import { chapterEnd, isModified } from "@core/chapters/model";
import { useCallback, useReducer, useRef, useState } from "react";
import { asApiError } from "../../lib/api";
import { type EditableVersion, fetchEditableVersion, saveChapters } from "./chapter-editor-api";

export type SaveOutcome = "saved" | "refused" | "failed" | "conflict" | "not-ready";

const durationMsOf = (version: EditableVersion) => {
  const last = version.thumbnails[version.thumbnails.length - 1]?.time ?? 0;
  // Without a measured duration the last chapter gets the spec's default width of 60 s.
  return version.duration !== null ? Math.round(version.duration * 1000) : last + DEFAULT_CHAPTER_WIDTH_SECONDS * 1000;
};

const withOneChapter = (version: EditableVersion) =>
  version.thumbnails.length > 0 ? version.thumbnails : [{ id: "", time: 0, title: "", description: "", width: null }];

/**
 * The editor's state (core/chapters/editor.ts) and its save: the revision the edits started from
 * goes with it, so a save from another tab in between is a conflict instead of a silent overwrite.
 */
export function useChapterEditor(presentationId: number, version: EditableVersion, token: string) {
  const [state, dispatch] = useReducer(editChapters, version, (opened) =>
    createEditorState(withOneChapter(opened), durationMsOf(opened)),
  );
  const revision = useRef(version.revision);
  const [saving, setSaving] = useState(false);
  const [newer, setNewer] = useState<EditableVersion | null>(null);

  const save = useCallback(async (): Promise<SaveOutcome> => {
    const chapters = state.chapters;
    const widths = chapters.map((_, index) => baseWidthOf(chapterEnd(state, index) - (chapters[index]?.time ?? 0)));
    setSaving(true);
    try {
      const saved = await saveChapters(presentationId, version.versionId, chapters, widths, revision.current, token);
      revision.current = saved.revision;
      dispatch({ type: "saved" });
      return "saved";
    } catch (error) {
      const failure = asApiError(error);
      if (failure.code === "conflict") {
        setNewer(await fetchEditableVersion(presentationId, version.versionId, token).catch(() => null));
        return "conflict";
      }
      if (failure.code === "version-not-ready") return "not-ready";
      return failure.code === "network" ? "failed" : "refused";
    } finally {
      setSaving(false);
    }
  }, [state, presentationId, version.versionId, token]);

  /** Drops the edits for the chapters another tab saved. */
  const takeNewer = useCallback(() => {
    if (!newer) return;
    revision.current = newer.revision;
    dispatch({
      type: "load",
      chapters: withOneChapter(newer).map((chapter, index) => ({
        key: `c${index}`,
        image: chapter.id,
        time: chapter.time,
        title: chapter.title ?? "",
        description: chapter.description ?? "",
      })),
      durationMs: durationMsOf(newer),
    });
    setNewer(null);
  }, [newer]);

  return { state, dispatch, modified: isModified(state), saving, save, newer, takeNewer };
}
