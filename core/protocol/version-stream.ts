/**
 * Messages of the version-stream room (docs/protocol.md, "Version-stream room"): one room per
 * presentation pushes the processing progress of its versions to the talk's speaker and the
 * event's moderators. The shapes are the spec's (§7): a bare `{ versionId, percent, status }`
 * object per version, the text `empty` when none of the talk's versions is pending or
 * processing, and from the client the bare versionId text acknowledging a terminal status.
 */
import * as v from "valibot";
import { VERSION_STATUSES } from "../versions/status";

/** A versionId: lowercase hex, at most 64 characters (the API makes them hex SHA-256, docs/versions.md). */
export const VersionId = v.pipe(v.string(), v.regex(/^[0-9a-f]{1,64}$/));

export const VersionProgress = v.object({
  versionId: VersionId,
  percent: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
  status: v.picklist(VERSION_STATUSES),
});
export type VersionProgress = v.InferOutput<typeof VersionProgress>;

/** Sent when none of the talk's versions is pending or processing. */
export const EMPTY_MESSAGE = "empty";

/** Server → client: a version's state (JSON text), `empty`, or an error for a frame it refused. */
export const VersionStreamServerMessage = v.union([
  VersionProgress,
  v.literal(EMPTY_MESSAGE),
  v.object({ type: v.literal("error"), code: v.string() }),
]);
export type VersionStreamServerMessage = v.InferOutput<typeof VersionStreamServerMessage>;

/** Client → server: the versionId whose terminal status (success, failed, convert-failed) it has shown. */
export const VersionStreamClientMessage = VersionId;
export type VersionStreamClientMessage = v.InferOutput<typeof VersionStreamClientMessage>;
