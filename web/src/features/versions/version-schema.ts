import { VERSION_OPTIONS } from "@core/versions/options";
import { FAILURE_REASONS, VERSION_STATUSES } from "@core/versions/status";
import type { VersionView } from "@core/versions/view";
import * as v from "valibot";

const VideoSchema = v.nullable(v.object({ id: v.string(), url: v.string() }));

/** One version of a talk as the versions API answers it (core/versions/view.ts, spec §3 Version). */
export const VersionSchema: v.GenericSchema<unknown, VersionView> = v.object({
  versionId: v.string(),
  date: v.string(),
  online: v.boolean(),
  status: v.picklist(VERSION_STATUSES),
  failureReason: v.optional(v.nullable(v.picklist(FAILURE_REASONS)), null),
  percent: v.number(),
  option: v.picklist(VERSION_OPTIONS),
  video: VideoSchema,
  webcam: VideoSchema,
  pptUrl: v.nullable(v.string()),
  pdfUrl: v.nullable(v.string()),
  fileName: v.nullable(v.string()),
  duration: v.nullable(v.number()),
  pageCount: v.optional(v.nullable(v.number()), null),
  thumbnails: v.array(
    v.object({
      id: v.string(),
      time: v.number(),
      title: v.nullable(v.string()),
      page: v.optional(v.nullable(v.number()), null),
    }),
  ),
  waitingForProcessor: v.optional(v.boolean(), false),
});
export type Version = VersionView;

export const VersionListSchema = v.object({ data: v.array(VersionSchema) });

/** `GET /api/speaker-data/presentation/{id}`: the talk with its versions, newest first. */
export const SpeakerPresentationSchema = v.object({
  data: v.object({
    _id: v.number(),
    name: v.string(),
    date: v.string(),
    time: v.number(),
    end_time: v.number(),
    room_info: v.nullable(
      // The room's visio switch opens the Live stream tab; an API that does not say keeps it off.
      v.object({ _id: v.number(), name: v.string(), visioEnabled: v.optional(v.boolean(), false) }),
    ),
    versions: v.array(VersionSchema),
  }),
});
export type SpeakerPresentation = v.InferOutput<typeof SpeakerPresentationSchema>["data"];
