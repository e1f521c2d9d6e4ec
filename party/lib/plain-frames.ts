/**
 * The header that answers a socket's upgrade with plain frames (no permessage-deflate). The
 * runtime compresses a socket whose client offers it (browsers always do) unless the answer to
 * the upgrade names a configuration it cannot agree to; the room's answer goes through the Worker
 * unchanged, so the room decides for its own sockets (measured with workerd: docs/benchmarks.md).
 *
 * Rooms that send the same small frame to many sockets answer this way: the runtime deflates each
 * frame once per socket, one socket after the other, and keeps a compression context for every
 * open socket, while a frame of a few hundred bytes to a couple of kilobytes gains little.
 * Runtime-free, so the rooms' choices are tested in Node.
 */

/** Names no compression the runtime can agree to: the socket's frames go plain. */
export const PLAIN_FRAMES: Readonly<Record<string, string>> = { "Sec-WebSocket-Extensions": "none" };
