import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import {
  constants,
  createSecureServer,
  type IncomingHttpHeaders as Http2Headers,
  type ServerHttp2Stream,
} from "node:http2";
import { type AddressInfo, connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Headers of one hop that HTTP/2 forbids or that describe the local connection only. */
const HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "host"]);

/**
 * An HTTPS front speaking HTTP/2 (TLS 1.3, a throwaway self-signed certificate) before the local
 * server, which speaks HTTP/1.1 only. A deployed Worker is served over HTTP/2 or HTTP/3: one
 * connection carries every request at once. Over HTTP/1.1 a browser opens at most six connections
 * to a host, so with a 150 ms round trip a page of 60 files waits in line for about ten round
 * trips more than it would in production. Bytes and timing pass through unchanged.
 */
export async function startHttp2Front(upstream: string): Promise<{ url: string; close: () => Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), "bench-tls-"));
  const keyPath = join(directory, "key.pem");
  const certPath = join(directory, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-subj",
      "/CN=127.0.0.1",
    ].concat(["-days", "1", "-keyout", keyPath, "-out", certPath]),
    { stdio: "ignore" },
  );
  // HTTP/1.1 too, for the rooms' WebSockets (a browser opens those over HTTP/1.1 unless the server
  // offers WebSockets over HTTP/2, which the local server could not carry on anyway).
  const server = createSecureServer({ key: readFileSync(keyPath), cert: readFileSync(certPath), allowHTTP1: true });
  rmSync(directory, { recursive: true, force: true });
  const target = new URL(upstream);
  server.on("stream", (stream, headers) => forward(stream, headers, target));
  server.on("upgrade", (request: IncomingMessage, socket: Socket, head: Buffer) =>
    tunnel(request, socket, head, target),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function forward(stream: ServerHttp2Stream, headers: Http2Headers, target: URL) {
  const outgoing: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith(":") || HOP_HEADERS.has(name) || value === undefined) continue;
    outgoing[name] = value;
  }
  // The Worker builds addresses from the host it is asked on; it answers for the upstream's.
  outgoing.host = target.host;
  const upstream = httpRequest(
    {
      host: target.hostname,
      port: target.port,
      method: headers[constants.HTTP2_HEADER_METHOD] as string,
      path: headers[constants.HTTP2_HEADER_PATH] as string,
      headers: outgoing,
    },
    (response) => {
      if (stream.destroyed) return response.resume();
      stream.respond({ ":status": response.statusCode ?? 502, ...responseHeaders(response.headers) });
      response.pipe(stream);
    },
  );
  upstream.on("error", () => {
    if (!stream.headersSent && !stream.destroyed) stream.respond({ ":status": 502 });
    stream.end();
  });
  stream.on("error", () => upstream.destroy());
  stream.pipe(upstream);
}

function responseHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (HOP_HEADERS.has(name) || value === undefined) continue;
    kept[name] = value;
  }
  return kept;
}

/** A WebSocket upgrade, passed through byte for byte once its request is written upstream. */
function tunnel(request: IncomingMessage, socket: Socket, head: Buffer, target: URL) {
  const upstream = connect(Number(target.port), target.hostname, () => {
    const lines = [`${request.method} ${request.url} HTTP/1.1`, `host: ${target.host}`];
    for (let index = 0; index < request.rawHeaders.length; index += 2) {
      const name = request.rawHeaders[index] ?? "";
      if (name.toLowerCase() !== "host") lines.push(`${name}: ${request.rawHeaders[index + 1] ?? ""}`);
    }
    upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  const close = () => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on("error", close);
  socket.on("error", close);
}
