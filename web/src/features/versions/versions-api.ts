import type { VersionOption } from "@core/versions/options";
import * as v from "valibot";
import { ApiError, apiRequest } from "../../lib/api";
import { type SpeakerPresentation, SpeakerPresentationSchema, type Version, VersionListSchema } from "./version-schema";

/** An answer checked against its schema: one of another shape is a failed call, never trusted. */
function checked<Schema extends v.GenericSchema>(schema: Schema, answer: unknown): v.InferOutput<Schema> {
  const parsed = v.safeParse(schema, answer);
  if (!parsed.success) throw new ApiError(200, "network", `unexpected answer: ${v.summarize(parsed.issues)}`);
  return parsed.output;
}

const base = (presentationId: number) => `/api/speaker-data/${presentationId}`;

export async function fetchSpeakerPresentation(
  presentationId: number,
  token: string,
  signal?: AbortSignal,
): Promise<SpeakerPresentation> {
  const answer = await apiRequest("GET", `/api/speaker-data/presentation/${presentationId}`, {
    token,
    signal,
  });
  return checked(SpeakerPresentationSchema, answer).data;
}

/** The uploads a new version takes, by tus upload id (contract B). */
export interface NewVersion {
  option: VersionOption;
  fileName?: string;
  video?: string;
  webcam?: string;
  slides?: string;
}

export async function createVersion(presentationId: number, version: NewVersion, token: string): Promise<Version[]> {
  const { option, fileName, video, webcam, slides } = version;
  const body = {
    option,
    ...(fileName ? { fileName } : {}),
    ...(video ? { video: { id: video } } : {}),
    ...(webcam ? { webcam: { id: webcam } } : {}),
    ...(slides ? { slides: { id: slides } } : {}),
  };
  const answer = await apiRequest("PATCH", `${base(presentationId)}/versions`, { token, body });
  return checked(VersionListSchema, answer).data;
}

export async function setVersionOnline(
  presentationId: number,
  versionId: string,
  online: boolean,
  token: string,
): Promise<Version[]> {
  const path = `${base(presentationId)}/version/${encodeURIComponent(versionId)}/online-status`;
  const answer = await apiRequest("PATCH", path, { token, body: { online } });
  return checked(VersionListSchema, answer).data;
}

export async function deleteVersion(presentationId: number, versionId: string, token: string): Promise<Version[]> {
  const path = `${base(presentationId)}/version/${encodeURIComponent(versionId)}`;
  const answer = await apiRequest("DELETE", path, { token });
  return checked(VersionListSchema, answer).data;
}

/** Spec §4 option two: a webcam video added to an existing version, which is then processed again. */
export async function addWebcam(
  presentationId: number,
  versionId: string,
  webcamUploadId: string,
  token: string,
): Promise<Version[]> {
  const body = { versionId, presentationId, webcam: { id: webcamUploadId } };
  const answer = await apiRequest("PATCH", "/api/speaker-data/update-version", { token, body });
  return checked(VersionListSchema, answer).data;
}

const VersionPlaysSchema = v.object({
  data: v.array(v.object({ versionId: v.string(), online: v.boolean(), plays: v.number() })),
});

/** Spec §7 version-plays: each version's plays (the speaker's own figures), by version id. */
export async function fetchVersionPlays(
  presentationId: number,
  token: string,
  signal?: AbortSignal,
): Promise<ReadonlyMap<string, number>> {
  const answer = await apiRequest("GET", `/api/presentation/${presentationId}/version-plays`, { token, signal });
  return new Map(checked(VersionPlaysSchema, answer).data.map(({ versionId, plays }) => [versionId, plays]));
}
