import { DomainError, ErrorCode } from "../errors";

/**
 * The four upload modes of a version (spec 1 §4): first = webcam plus screen videos, two = one
 * presentation video, three = one combined video, four = a presentation file only.
 */
export const VERSION_OPTIONS = ["first", "two", "three", "four"] as const;
export type VersionOption = (typeof VERSION_OPTIONS)[number];

/** The files a version may take, each an upload of the speaker's. */
export type VersionFileRole = "video" | "webcam" | "slides";

/** Which files each mode needs, and which it may also take (docs/versions.md). */
export const VERSION_FILES: Record<VersionOption, { required: VersionFileRole[]; optional: VersionFileRole[] }> = {
  first: { required: ["video", "webcam"], optional: ["slides"] },
  two: { required: ["video"], optional: ["slides"] },
  three: { required: ["video"], optional: ["slides"] },
  four: { required: ["slides"], optional: [] },
};

/**
 * The spec's 'Empty Ppt Not Allowed' rule, decided (docs/versions.md): the presentation file is
 * required in mode four only, the one whose whole content it is. The videos a mode needs are
 * checked by the request's schema.
 */
export function assertPresentationFile(option: VersionOption, files: { slides?: unknown }): void {
  if (VERSION_FILES[option].required.includes("slides") && !files.slides) {
    throw new DomainError(ErrorCode.EmptyPptNotAllowed);
  }
}

/** Only a two-mode version (one presentation video) takes a webcam video afterwards (spec 1 §4). */
export const takesWebcamLater = (option: VersionOption): boolean => option === "two";
