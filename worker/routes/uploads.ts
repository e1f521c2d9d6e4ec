import { DomainError, ErrorCode } from "@core/errors";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { requireSession, type SessionEnv } from "../auth/session";
import { isDevelopment } from "../deploy-config";
import {
  assertTusVersion,
  byteCountHeader,
  httpDate,
  OFFSET_OCTET_STREAM,
  parseUploadMetadata,
  TUS_EXTENSIONS,
  TUS_VERSION,
} from "../uploads/tus-headers";
import { appendPart, createUpload, openOwnUpload, openUploadToEnd, terminateUpload } from "../uploads/tus-upload";
import { uploadConfig } from "../uploads/upload-config";
import { UploadId } from "../uploads/upload-id";
import { valid } from "../validation";

type Env = AppEnv & SessionEnv;

/** The last segment of an upload URL. */
const UploadParams = v.object({ uploadId: UploadId });

/**
 * Resumable uploads, tus 1.0.0 with the creation, termination and expiration extensions
 * (docs/uploads.md): every PATCH is one R2 multipart part of the announced `Upload-Part-Size`.
 */
export const uploadRoutes = new Hono<Env>()
  // tus: every answer names the protocol version, refusals included; none may be cached.
  .use("/uploads/*", async (c, next) => {
    c.header("Tus-Resumable", TUS_VERSION);
    c.header("Cache-Control", "no-store");
    await next();
  })
  .options("/uploads", (c) => {
    const config = uploadConfig(c.env);
    c.header("Tus-Version", TUS_VERSION);
    c.header("Tus-Extension", TUS_EXTENSIONS);
    c.header("Tus-Max-Size", String(config.maxBytes.video));
    c.header("Upload-Part-Size", String(config.partBytes));
    return c.body(null, 204);
  })
  .post("/uploads", requireSession, async (c) => {
    assertTusVersion(c.req.header("tus-resumable"));
    const config = uploadConfig(c.env);
    const upload = await createUpload(c.var.db, c.env.FILES, c.var.session, config, {
      length: byteCountHeader("Upload-Length", c.req.header("upload-length")),
      metadata: parseUploadMetadata(c.req.header("upload-metadata")),
    });
    c.header("Location", `/api/uploads/${upload.id}`);
    c.header("Upload-Expires", httpDate(upload.expiresAt));
    c.header("Upload-Part-Size", String(upload.partSize));
    c.header("Upload-Offset", "0");
    return c.body(null, 201);
  })
  // HEAD (Hono answers a HEAD with its GET route, without the body): where the upload stands.
  .get("/uploads/:uploadId", requireSession, valid("param", UploadParams), async (c) => {
    assertTusVersion(c.req.header("tus-resumable"));
    const upload = await openOwnUpload(c.var.db, c.env.FILES, c.var.session, c.req.valid("param").uploadId);
    c.header("Upload-Offset", String(upload.offset));
    c.header("Upload-Length", String(upload.length));
    c.header("Upload-Part-Size", String(upload.partSize));
    if (upload.status === "uploading") c.header("Upload-Expires", httpDate(upload.expiresAt));
    return c.body(null, 200);
  })
  .patch("/uploads/:uploadId", requireSession, valid("param", UploadParams), async (c) => {
    assertTusVersion(c.req.header("tus-resumable"));
    if (c.req.header("content-type") !== OFFSET_OCTET_STREAM) throw new DomainError(ErrorCode.UploadContentType);
    const offset = byteCountHeader("Upload-Offset", c.req.header("upload-offset"));
    const declared = c.req.header("content-length");
    const upload = await openOwnUpload(c.var.db, c.env.FILES, c.var.session, c.req.valid("param").uploadId);
    const newOffset = await appendPart(c.var.db, c.env.FILES, upload, {
      offset,
      declaredLength: declared === undefined ? undefined : byteCountHeader("Content-Length", declared),
      stream: c.req.raw.body,
    });
    c.header("Upload-Offset", String(newOffset));
    if (newOffset < upload.length) c.header("Upload-Expires", httpDate(upload.expiresAt));
    return c.body(null, 204);
  })
  // Development only (404 elsewhere, before any token check, so production does not reveal it): the
  // same bytes in one plain streamed R2 put, the baseline `npm run bench:upload` measures tus against.
  // The object is deleted at once: only the time to store it counts.
  .put(
    "/dev/upload-baseline",
    async (c, next) => {
      if (!isDevelopment(c.env)) throw new DomainError(ErrorCode.NotFound);
      await next();
    },
    requireSession,
    async (c) => {
      const length = byteCountHeader("Content-Length", c.req.header("content-length"));
      const body = c.req.raw.body;
      if (!body || length < 1) throw new DomainError(ErrorCode.ValidationFailed, "a body with a Content-Length");
      const key = `dev/upload-baseline/${crypto.randomUUID()}`;
      const stored = await c.env.FILES.put(key, body);
      await c.env.FILES.delete(key);
      return c.json({ data: { size: stored?.size ?? 0 } }, 200);
    },
  )
  .delete("/uploads/:uploadId", requireSession, valid("param", UploadParams), async (c) => {
    assertTusVersion(c.req.header("tus-resumable"));
    const upload = await openUploadToEnd(c.var.db, c.env.FILES, c.var.session, c.req.valid("param").uploadId);
    await terminateUpload(c.var.db, c.env.FILES, upload);
    return c.body(null, 204);
  });
