import { VERSION_FILES, type VersionFileRole, type VersionOption } from "@core/versions/options";

/** The files a version can take: `video` is the screen video in mode first, the only video otherwise. */
export type FileSlot = VersionFileRole;

/** The pickers' order on the page. */
const SLOT_ORDER: FileSlot[] = ["webcam", "video", "slides"];

export interface UploadForm {
  mode: VersionOption | null;
  files: Record<FileSlot, File | null>;
}

export const EMPTY_FILES: UploadForm["files"] = { webcam: null, video: null, slides: null };
export const EMPTY_FORM: UploadForm = { mode: null, files: EMPTY_FILES };

/**
 * Spec §4: clicking a mode toggles it; choosing mode two, three or four clears the chosen videos
 * and file. Mode first keeps them (its screen video and file take what was chosen); toggling a
 * mode off clears them too, since no picker shows them any more.
 */
export function chooseMode(form: UploadForm, mode: VersionOption): UploadForm {
  if (form.mode === mode) return EMPTY_FORM;
  return { mode, files: mode === "first" ? form.files : EMPTY_FILES };
}

/** The pickers of a mode, in order, and whether each must be filled before saving (core's rule). */
export function slotsOf(mode: VersionOption): { slot: FileSlot; required: boolean }[] {
  const { required, optional } = VERSION_FILES[mode];
  return SLOT_ORDER.filter((slot) => required.includes(slot) || optional.includes(slot)).map((slot) => ({
    slot,
    required: required.includes(slot),
  }));
}

/** The first required file the form lacks, or null when it can be saved. */
export function missingSlot(form: UploadForm): FileSlot | null {
  if (!form.mode) return null;
  return slotsOf(form.mode).find(({ slot, required }) => required && !form.files[slot])?.slot ?? null;
}

/** Spec §5: slides are .ppt, .pptx or .pdf (the server checks the content again). */
export const SLIDES_ACCEPT = ".ppt,.pptx,.pdf";
const SLIDES_NAME = /\.(pptx?|pdf)$/i;

/** Whether a picked file fits its slot, judged by what the browser knows (its name or type). */
export function fitsSlot(slot: FileSlot, file: File): boolean {
  return slot === "slides" ? SLIDES_NAME.test(file.name) : file.type.startsWith("video/");
}

export const hasFiles = (form: UploadForm) => Object.values(form.files).some((file) => file !== null);
