/**
 * R2 files of versions. A version owns the uploads it took and everything the processor wrote
 * under `versions/{versionId}/` (docs/versions.md); deleting it deletes them.
 */

/** Where the processor's outputs of a version live. */
export const versionOutputPrefix = (versionId: string) => `versions/${versionId}/`;

/** R2 deletes at most 1,000 keys per call. */
const DELETE_BATCH = 1000;

/** Deletes the given files and every output of the version. */
export async function deleteVersionFiles(bucket: R2Bucket, versionId: string, uploadKeys: string[]): Promise<void> {
  if (uploadKeys.length > 0) await bucket.delete(uploadKeys);
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ prefix: versionOutputPrefix(versionId), cursor, limit: DELETE_BATCH });
    if (listed.objects.length > 0) await bucket.delete(listed.objects.map((object) => object.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
}
