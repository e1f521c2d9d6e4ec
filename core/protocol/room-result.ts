import type { ErrorCode } from "../errors";

/**
 * What a room answers the Worker's RPC calls on it (a join, an answer over HTTP, a reset): the
 * value, or the error code the API answers with its status. A refusal is a value: an error thrown
 * across RPC loses its type.
 */
export type RoomResult<T> = { ok: true; value: T } | { ok: false; code: ErrorCode };
