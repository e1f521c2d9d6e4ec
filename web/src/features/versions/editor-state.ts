// Spec §2: the chapter editor (`/{slug}/videoeditor/{id}`) receives the version as history state.
declare module "@tanstack/history" {
  interface HistoryState {
    /** The version the chapter editor opens. */
    versionId?: string;
  }
}

/** The chapter editor's address (spec §2); the version goes with it as history state. */
export const chapterEditorPath = (slug: string, presentationId: number) => `/${slug}/videoeditor/${presentationId}`;
