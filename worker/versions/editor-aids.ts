import { STORYBOARD_OUTPUT, Storyboard, WAVEFORM_OUTPUT } from "@core/processing/protocol";
import * as v from "valibot";
import { fileUrl } from "../files/pictures";
import { outputKey } from "../processing/outputs";

/**
 * What the chapter editor draws under the chapters, when the processor made them
 * (docs/processor.md): the storyboard's description with its sheets as URLs, and the URL of the
 * waveform's peaks. A version processed before they existed, or a silent video, has null.
 */
export async function editorAids(bucket: R2Bucket, versionId: string) {
  const [description, waveform] = await Promise.all([
    bucket.get(outputKey(versionId, STORYBOARD_OUTPUT)),
    bucket.head(outputKey(versionId, WAVEFORM_OUTPUT)),
  ]);
  const parsed = description ? v.safeParse(Storyboard, await description.json().catch(() => null)) : null;
  const storyboard = parsed?.success
    ? { ...parsed.output, sheets: parsed.output.sheets.map((name) => fileUrl(outputKey(versionId, name))) }
    : null;
  return { storyboard, waveform: waveform ? fileUrl(outputKey(versionId, WAVEFORM_OUTPUT)) : null };
}
