import type { VersionProgress } from "@core/protocol/version-stream";
import { getServerByName } from "partyserver";
import type { Env } from "../env";

/**
 * Pushes a version's new state to its presentation's version-stream room. The state is already
 * in D1, so a failure here loses nothing the API cannot tell again: it is logged, never thrown
 * into the caller (a processor's progress report must not fail because a room did).
 */
export async function reportVersionProgress(
  env: Env,
  presentationId: number,
  progress: VersionProgress,
): Promise<void> {
  try {
    const room = await getServerByName(env.VersionStreamRoom, String(presentationId));
    await room.report({ versionId: progress.versionId, percent: progress.percent, status: progress.status });
  } catch (error) {
    console.error("version progress not pushed", presentationId, progress.versionId, errorText(error));
  }
}

/** Tells the room a version is gone, so it neither repeats it nor counts it as under way. */
export async function forgetVersionProgress(env: Env, presentationId: number, versionId: string): Promise<void> {
  try {
    const room = await getServerByName(env.VersionStreamRoom, String(presentationId));
    await room.forget(versionId);
  } catch (error) {
    console.error("deleted version not pushed", presentationId, versionId, errorText(error));
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : error);
