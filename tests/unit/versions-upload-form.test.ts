import { describe, expect, it } from "vitest";
import {
  chooseMode,
  EMPTY_FORM,
  fitsSlot,
  missingSlot,
  slotsOf,
  type UploadForm,
} from "../../web/src/features/versions/upload-form";

const file = (name: string, type: string) => new File(["x"], name, { type });
const video = file("talk.mp4", "video/mp4");
const webcam = file("me.webm", "video/webm");
const slides = file("talk.pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation");

describe("the upload modes (spec §4)", () => {
  it("clicking a mode selects it, clicking it again toggles it off and clears the chosen files", () => {
    const chosen = chooseMode(EMPTY_FORM, "two");
    expect(chosen.mode).toBe("two");
    const filled: UploadForm = { ...chosen, files: { webcam: null, video, slides } };
    expect(chooseMode(filled, "two")).toEqual(EMPTY_FORM);
  });

  it("modes two to four clear the chosen videos and file; mode first keeps them", () => {
    const filled: UploadForm = { mode: "first", files: { webcam, video, slides } };
    for (const mode of ["two", "three", "four"] as const)
      expect(chooseMode(filled, mode)).toEqual({ mode, files: EMPTY_FORM.files });
    const fromTwo: UploadForm = { mode: "two", files: { webcam: null, video, slides } };
    expect(chooseMode(fromTwo, "first").files).toEqual(fromTwo.files);
  });

  it("each mode asks for its files, the presentation file being required in mode four only ('Empty Ppt Not Allowed')", () => {
    expect(slotsOf("first")).toEqual([
      { slot: "webcam", required: true },
      { slot: "video", required: true },
      { slot: "slides", required: false },
    ]);
    expect(slotsOf("three")).toEqual([
      { slot: "video", required: true },
      { slot: "slides", required: false },
    ]);
    expect(missingSlot({ mode: "four", files: EMPTY_FORM.files })).toBe("slides");
    expect(missingSlot({ mode: "two", files: { webcam: null, video: null, slides } })).toBe("video");
    expect(missingSlot({ mode: "two", files: { webcam: null, video, slides: null } })).toBeNull();
    expect(missingSlot({ mode: "first", files: { webcam: null, video, slides: null } })).toBe("webcam");
  });

  it("pickers take .ppt, .pptx and .pdf for the presentation file and video files for videos", () => {
    expect(fitsSlot("slides", slides)).toBe(true);
    expect(fitsSlot("slides", file("deck.PDF", ""))).toBe(true);
    expect(fitsSlot("slides", file("deck.key", ""))).toBe(false);
    expect(fitsSlot("video", video)).toBe(true);
    expect(fitsSlot("webcam", slides)).toBe(false);
  });
});
