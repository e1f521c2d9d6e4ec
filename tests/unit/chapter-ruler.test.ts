import { pixelsPerSecond, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, zoomMultiplier } from "@core/chapters/constants";
import { MIN_LABEL_GAP_PX, rulerLabel, rulerSpacing, rulerTicks } from "@core/chapters/ruler";
import { describe, expect, it } from "vitest";

describe("the chapter editor's time ruler", () => {
  it("labels every 5 s at the base scale (18 px/s), every 2 s from zoom 20 (36 px/s) and every second at zoom 100 (90 px/s)", () => {
    expect(rulerSpacing(pixelsPerSecond(0))).toEqual({ majorMs: 5000, minorMs: 1000 });
    expect(rulerSpacing(pixelsPerSecond(10)).majorMs).toBe(5000);
    expect(rulerSpacing(pixelsPerSecond(20)).majorMs).toBe(2000);
    expect(rulerSpacing(pixelsPerSecond(100))).toEqual({ majorMs: 1000, minorMs: 200 });
  });

  it("spreads its labels further on a denser scale: 10 s, 30 s, a minute, an hour", () => {
    expect(rulerSpacing(8).majorMs).toBe(10_000);
    expect(rulerSpacing(3).majorMs).toBe(30_000);
    expect(rulerSpacing(1.5).majorMs).toBe(60_000);
    expect(rulerSpacing(0.001).majorMs).toBe(3_600_000);
  });

  it("at every zoom the labels are at least the minimum gap apart, and never more than needed (the next smaller step would crowd)", () => {
    for (let zoom = ZOOM_MIN; zoom <= ZOOM_MAX; zoom += ZOOM_STEP) {
      const pxPerSecond = pixelsPerSecond(zoom);
      const { majorMs, minorMs } = rulerSpacing(pxPerSecond);
      expect((majorMs / 1000) * pxPerSecond).toBeGreaterThanOrEqual(MIN_LABEL_GAP_PX);
      expect(majorMs % minorMs).toBe(0);
      expect(majorMs === 1000 || (majorMs / 2500) * pxPerSecond < MIN_LABEL_GAP_PX).toBe(true);
    }
  });

  it("gives the labelled ticks of a window, within the video only", () => {
    expect(rulerTicks(-3000, 12_000, 21_000, 5000)).toEqual([0, 5000, 10_000]);
    expect(rulerTicks(6000, 60_000, 21_000, 5000)).toEqual([10_000, 15_000, 20_000]);
    expect(rulerTicks(0, 10_000, 0, 1000)).toEqual([0]);
  });

  it("writes m:ss, then h:mm:ss from an hour on", () => {
    expect(rulerLabel(0)).toBe("0:00");
    expect(rulerLabel(65_000)).toBe("1:05");
    expect(rulerLabel(3_725_000)).toBe("1:02:05");
  });

  it("reads the zoom as a multiple of the base scale, ×1 to ×5", () => {
    expect(zoomMultiplier(ZOOM_MIN)).toBe(1);
    expect(zoomMultiplier(10)).toBeCloseTo(1.4);
    expect(zoomMultiplier(ZOOM_MAX)).toBe(5);
  });
});
