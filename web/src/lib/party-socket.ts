import PartySocket, { type PartySocketOptions } from "partysocket";
import * as v from "valibot";

/** A socket to one of this site's rooms (`/parties/<party>/<room>`) that reconnects by itself. */
export function openPartySocket(options: Omit<PartySocketOptions, "host" | "protocol">): PartySocket {
  return new PartySocket({
    host: window.location.host,
    protocol: window.location.protocol === "https:" ? "wss" : "ws",
    ...options,
  });
}

/** A frame from a room as a checked message: null for binary data, bad JSON or an unknown shape. */
export function parseRoomFrame<Schema extends v.GenericSchema>(
  schema: Schema,
  data: unknown,
): v.InferOutput<Schema> | null {
  if (typeof data !== "string") return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const message = v.safeParse(schema, json);
  return message.success ? message.output : null;
}
