import { DomainError, ErrorCode } from "@core/errors";
import type { UploadKind } from "@core/uploads/limits";
import type { Database } from "../db/client";
import { findUpload } from "../db/queries/uploads";

/** A finished upload as another resource (a version, a quiz question) takes it. */
export interface TakenUpload {
  r2Key: string;
  contentType: string;
  fileName: string;
}

/**
 * The finished upload `uploadId` for the caller's own use in `presentationId` as a `kind` file,
 * or a DomainError: `foreign-id` when it is not the caller's or not that talk's (the same answer
 * either way, so an id reveals nothing), `unsupported-file-type` when it was uploaded as another
 * kind, `upload-incomplete` while bytes are missing, `upload-in-use` when a version took it.
 * The caller marks it taken (`uploads.version_id`) in the batch that stores what uses it.
 */
export async function takeCompleteUpload(
  db: Database,
  wanted: { uploadId: string; ownerUserId: number; presentationId: number; kind: UploadKind },
): Promise<TakenUpload> {
  const upload = await findUpload(db, wanted.uploadId);
  if (!upload || upload.ownerUserId !== wanted.ownerUserId || upload.presentationId !== wanted.presentationId)
    throw new DomainError(ErrorCode.ForeignId, "upload: not one of yours for this presentation");
  if (upload.kind !== wanted.kind) throw new DomainError(ErrorCode.UnsupportedFileType, `upload: not a ${wanted.kind}`);
  if (upload.status !== "complete" || upload.contentType === null) throw new DomainError(ErrorCode.UploadIncomplete);
  if (upload.versionId !== null) throw new DomainError(ErrorCode.UploadInUse);
  return { r2Key: upload.r2Key, contentType: upload.contentType, fileName: upload.fileName };
}
