import {
  BASE_CONTAINER_HEIGHT_PX,
  clampZoomIndex,
  DEFAULT_ZOOM_INDEX,
  SYNOPSIS_HOURS,
  ZOOM_CONTAINER_HEIGHTS_PX,
  ZOOM_LEVELS,
  ZOOM_MIN_CARD_HEIGHTS_PX,
  zoomLabel,
  zoomShowsDetails,
} from "@core/schedule/synopsis-constants";
import { MOBILE_NAME_CUT, MOBILE_NAME_LIMIT, truncateName } from "@core/schedule/truncate";
import { describe, expect, it } from "vitest";

describe("synopsis zoom", () => {
  it("zoom level 1 is shown as 0 and the others as themselves", () => {
    expect(ZOOM_LEVELS.map(zoomLabel)).toEqual([0, 25, 50, 75, 100]);
  });

  it("the synopsis opens at 50 % with the base container height", () => {
    expect(ZOOM_LEVELS[DEFAULT_ZOOM_INDEX]).toBe(50);
    expect(ZOOM_CONTAINER_HEIGHTS_PX[DEFAULT_ZOOM_INDEX]).toBe(BASE_CONTAINER_HEIGHT_PX);
  });

  it("every zoom level has a container height and a least card height, both growing with the zoom", () => {
    expect(ZOOM_CONTAINER_HEIGHTS_PX).toHaveLength(ZOOM_LEVELS.length);
    expect(ZOOM_MIN_CARD_HEIGHTS_PX).toHaveLength(ZOOM_LEVELS.length);
    expect([...ZOOM_CONTAINER_HEIGHTS_PX]).toEqual([...ZOOM_CONTAINER_HEIGHTS_PX].sort((a, b) => a - b));
    expect([...ZOOM_MIN_CARD_HEIGHTS_PX]).toEqual([...ZOOM_MIN_CARD_HEIGHTS_PX].sort((a, b) => a - b));
  });

  it("a slider value outside the zoom tables is brought back into them", () => {
    expect([-3, 0, 1.4, 2.6, 4, 9, Number.NaN].map(clampZoomIndex)).toEqual([0, 0, 1, 3, 4, 4, DEFAULT_ZOOM_INDEX]);
  });

  it("cards show details from 50 % up", () => {
    expect(([0, 1, 2, 3, 4] as const).map(zoomShowsDetails)).toEqual([false, false, true, true, true]);
  });

  it("the rail has hours 1 to 24", () => {
    expect(SYNOPSIS_HOURS[0]).toBe(1);
    expect(SYNOPSIS_HOURS.at(-1)).toBe(24);
    expect(SYNOPSIS_HOURS).toHaveLength(24);
  });
});

describe("mobile name truncation", () => {
  it("a name of 72 characters is left whole", () => {
    const name = "a".repeat(MOBILE_NAME_LIMIT);
    expect(truncateName(name)).toBe(name);
  });

  it("a name of 73 characters is cut to 70 plus an ellipsis", () => {
    expect(truncateName(`${"b".repeat(MOBILE_NAME_CUT)}xyz`)).toBe(`${"b".repeat(MOBILE_NAME_CUT)}…`);
  });

  it("counts characters, so an emoji is never split", () => {
    const name = "🎤".repeat(73);
    expect(Array.from(truncateName(name))).toHaveLength(MOBILE_NAME_CUT + 1);
    expect(truncateName("🎤".repeat(72))).toBe("🎤".repeat(72));
  });

  it("takes another limit and cut", () => {
    expect(truncateName("Conference2026", 10, 8)).toBe("Conferen…");
  });
});
