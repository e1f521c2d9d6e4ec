import type { Chapter } from "@core/chapters/model";
import { Storyboard, Waveform } from "@core/processing/protocol";
import * as v from "valibot";
import { ApiError, apiRequest } from "../../lib/api";

const VideoSchema = v.nullable(v.object({ id: v.string(), url: v.string() }));

const ChaptersSchema = v.object({
  thumbnails: v.array(
    v.object({
      id: v.string(),
      time: v.number(),
      title: v.nullable(v.string()),
      description: v.nullable(v.string()),
      width: v.nullable(v.number()),
    }),
  ),
  duration: v.nullable(v.number()),
  revision: v.number(),
});

const EditableVersionSchema = v.object({
  data: v.object({
    ...ChaptersSchema.entries,
    versionId: v.string(),
    status: v.string(),
    video: VideoSchema,
    webcam: VideoSchema,
    /** The filmstrip's sheets (URLs) and the waveform's peaks (URL), when the processor made them. */
    storyboard: v.optional(v.nullable(v.object({ ...Storyboard.entries, sheets: v.array(v.string()) })), null),
    waveform: v.optional(v.nullable(v.string()), null),
  }),
});

export type EditableVersion = v.InferOutput<typeof EditableVersionSchema>["data"];
export type EditorStoryboard = NonNullable<EditableVersion["storyboard"]>;
export type SavedChapters = v.InferOutput<typeof ChaptersSchema>;

function checked<Schema extends v.GenericSchema>(schema: Schema, answer: unknown): v.InferOutput<Schema> {
  const parsed = v.safeParse(schema, answer);
  if (!parsed.success) throw new ApiError(200, "network", `unexpected answer: ${v.summarize(parsed.issues)}`);
  return parsed.output;
}

const editPath = (presentationId: number, versionId: string) =>
  `/api/presentation/asspeaker/${presentationId}/version/${encodeURIComponent(versionId)}/chapter-edit`;

/** The version the editor opens: its videos, chapters (with descriptions) and chapters revision. */
export async function fetchEditableVersion(presentationId: number, versionId: string, token: string) {
  const answer = await apiRequest("GET", editPath(presentationId, versionId), { token });
  return checked(EditableVersionSchema, answer).data;
}

/** Saves the chapters whole; a 409 `conflict` means another tab saved first (read them again). */
export async function saveChapters(
  presentationId: number,
  versionId: string,
  chapters: readonly Chapter[],
  widths: readonly number[],
  revision: number,
  token: string,
) {
  const body = {
    thumbnails: chapters.map((chapter, index) => ({
      id: chapter.image,
      time: chapter.time,
      title: chapter.title,
      description: chapter.description,
      width: widths[index] ?? 0,
    })),
    date: new Date().toISOString(),
    revision,
  };
  const answer = await apiRequest("PATCH", `${editPath(presentationId, versionId)}-update`, { token, body });
  return checked(v.object({ data: ChaptersSchema }), answer).data;
}

/** The waveform's peaks (a stored file, read as any other); null when it cannot be read. */
export async function fetchWaveform(url: string): Promise<Waveform | null> {
  const answer = await fetch(url).then((response) => (response.ok ? response.json() : null));
  const parsed = v.safeParse(Waveform, answer);
  return parsed.success ? parsed.output : null;
}
