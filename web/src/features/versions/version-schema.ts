import { VERSION_OPTIONS } from "@core/versions/options";
import { VERSION_STATUSES } from "@core/versions/status";
import * as v from "valibot";

const FileRefSchema = v.nullable(v.object({ id: v.string(), url: v.string() }));

/** One version of a talk as the versions API answers it (contract B, spec §3 Version). */
export const VersionSchema = v.object({
  versionId: v.string(),
  /** ISO instant of its creation. */
  date: v.string(),
  online: v.boolean(),
  status: v.picklist(VERSION_STATUSES),
  percent: v.number(),
  option: v.picklist(VERSION_OPTIONS),
  video: v.nullish(FileRefSchema, null),
  webcam: v.nullish(FileRefSchema, null),
  pptUrl: v.nullish(v.string(), null),
  pdfUrl: v.nullish(v.string(), null),
  fileName: v.nullish(v.string(), null),
  /** Seconds; null until the processor has probed the video. */
  duration: v.nullish(v.number(), null),
  thumbnails: v.optional(
    v.array(v.object({ id: v.string(), time: v.number(), title: v.nullish(v.string(), null) })),
    [],
  ),
});
export type Version = v.InferOutput<typeof VersionSchema>;

export const VersionListSchema = v.object({ data: v.array(VersionSchema) });

/** `GET /api/speaker-data/presentation/{id}`: the talk with its versions, newest first. */
export const SpeakerPresentationSchema = v.object({
  data: v.object({
    _id: v.number(),
    name: v.string(),
    date: v.string(),
    time: v.number(),
    end_time: v.number(),
    room_info: v.nullish(
      v.object({ _id: v.number(), name: v.string(), visioEnabled: v.optional(v.boolean(), false) }),
      null,
    ),
    versions: v.array(VersionSchema),
  }),
});
export type SpeakerPresentation = v.InferOutput<typeof SpeakerPresentationSchema>["data"];
