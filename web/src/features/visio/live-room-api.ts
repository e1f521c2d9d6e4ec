import * as v from "valibot";
import { ApiError, apiRequest } from "../../lib/api";

const LiveRoomSchema = v.object({
  data: v.object({
    presentationId: v.number(),
    name: v.string(),
    date: v.string(),
    eventSlug: v.string(),
    room: v.nullable(v.object({ id: v.number(), name: v.string(), visioEnabled: v.boolean() })),
    url: v.nullable(v.pipe(v.string(), v.regex(/^https?:\/\//))),
  }),
});

export type LiveRoom = v.InferOutput<typeof LiveRoomSchema>["data"];

/** The talk's live room as the server fills it for this user (docs/recording-and-live.md). */
export async function fetchLiveRoom(presentationId: number, token: string, signal?: AbortSignal): Promise<LiveRoom> {
  const answer = await apiRequest("GET", `/api/visio/presentation/${presentationId}`, { token, signal });
  const parsed = v.safeParse(LiveRoomSchema, answer);
  if (!parsed.success) throw new ApiError(200, "network", "unexpected answer");
  return parsed.output.data;
}
