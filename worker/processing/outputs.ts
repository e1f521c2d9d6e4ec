/**
 * A processor's outputs in R2, under `versions/{versionId}/` (the prefix a version's deletion
 * removes): streamed in one PUT up to 64 MiB, or as an R2 multipart upload for a larger video.
 */

import { DomainError, ErrorCode } from "@core/errors";
import { MAX_OUTPUT_PUT_BYTES } from "@core/processing/protocol";
import { InvalidInput } from "../invalid-input";
import { versionOutputPrefix } from "../versions/version-files";

export const outputKey = (versionId: string, name: string) => `${versionOutputPrefix(versionId)}${name}`;

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  pdf: "application/pdf",
  mp4: "video/mp4",
  json: "application/json",
};
const contentTypeOf = (name: string) => CONTENT_TYPES[name.split(".").pop() ?? ""] ?? "application/octet-stream";

/**
 * The declared length of a body streamed to R2, which needs it up front: a body without one,
 * empty or over the PUT limit is refused before anything is stored.
 */
function declaredLength(request: Request): number {
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  if (!Number.isInteger(length) || length <= 0 || !request.body) {
    throw new InvalidInput([{ path: "body", message: "a non-empty body with a Content-Length is required" }]);
  }
  if (length > MAX_OUTPUT_PUT_BYTES) throw new DomainError(ErrorCode.PayloadTooLarge);
  return length;
}

/** The body as a stream of exactly its declared length, which R2 accepts without buffering. */
function fixedLengthBody(request: Request): ReadableStream {
  const length = declaredLength(request);
  const fixed = new FixedLengthStream(length);
  request.body?.pipeTo(fixed.writable).catch(() => undefined);
  return fixed.readable;
}

export async function putOutput(bucket: R2Bucket, versionId: string, name: string, request: Request): Promise<void> {
  await bucket.put(outputKey(versionId, name), fixedLengthBody(request), {
    httpMetadata: { contentType: contentTypeOf(name) },
  });
}

export async function startMultipartOutput(bucket: R2Bucket, versionId: string, name: string): Promise<string> {
  const upload = await bucket.createMultipartUpload(outputKey(versionId, name), {
    httpMetadata: { contentType: contentTypeOf(name) },
  });
  return upload.uploadId;
}

/** R2 refuses an unknown upload id and parts it cannot assemble: the caller's mistakes, not ours. */
async function multipartStep<T>(
  bucket: R2Bucket,
  key: string,
  uploadId: string,
  step: (upload: R2MultipartUpload) => Promise<T>,
): Promise<T> {
  try {
    return await step(bucket.resumeMultipartUpload(key, uploadId));
  } catch (error) {
    if (error instanceof DomainError) throw error;
    console.warn("output upload step refused by R2", error instanceof Error ? error.message : error);
    throw new InvalidInput([
      { path: "params.uploadId", message: "no such upload in progress, or parts that do not fit" },
    ]);
  }
}

export function putOutputPart(
  bucket: R2Bucket,
  target: { versionId: string; name: string; uploadId: string; partNumber: number },
  request: Request,
): Promise<string> {
  const body = fixedLengthBody(request);
  return multipartStep(bucket, outputKey(target.versionId, target.name), target.uploadId, async (upload) => {
    const part = await upload.uploadPart(target.partNumber, body);
    return part.etag;
  });
}

export async function completeMultipartOutput(
  bucket: R2Bucket,
  target: { versionId: string; name: string; uploadId: string; parts: R2UploadedPart[] },
): Promise<void> {
  await multipartStep(bucket, outputKey(target.versionId, target.name), target.uploadId, (upload) =>
    upload.complete(target.parts),
  );
}

/** The names among `names` with no stored file under the version's prefix. */
export async function missingOutputs(bucket: R2Bucket, versionId: string, names: Iterable<string>): Promise<string[]> {
  const prefix = versionOutputPrefix(versionId);
  const stored = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    for (const object of page.objects) stored.add(object.key.slice(prefix.length));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return [...new Set(names)].filter((name) => !stored.has(name));
}
