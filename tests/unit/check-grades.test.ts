import { describe, expect, it } from "vitest";
import {
  gradeAtLeast,
  gradeAtMost,
  median,
  THRESHOLDS,
  worstGrade,
} from "../../web/src/features/device-test/check-grades";

describe("the test screen's verdicts", () => {
  it("grade throughput from its thresholds: 5 Mbit/s down passes, 1.5 is worth checking, less fails", () => {
    expect(gradeAtLeast(5, THRESHOLDS.downloadMbps)).toBe("pass");
    expect(gradeAtLeast(4.9, THRESHOLDS.downloadMbps)).toBe("warn");
    expect(gradeAtLeast(1.5, THRESHOLDS.downloadMbps)).toBe("warn");
    expect(gradeAtLeast(1.4, THRESHOLDS.downloadMbps)).toBe("fail");
  });

  it("grade latency from its thresholds: 150 ms round trip passes, 400 is worth checking, more fails", () => {
    expect(gradeAtMost(150, THRESHOLDS.roundTripMs)).toBe("pass");
    expect(gradeAtMost(151, THRESHOLDS.roundTripMs)).toBe("warn");
    expect(gradeAtMost(400, THRESHOLDS.roundTripMs)).toBe("warn");
    expect(gradeAtMost(401, THRESHOLDS.roundTripMs)).toBe("fail");
  });

  it("pass a check only when all its parts pass, and read the median of the pings", () => {
    expect(worstGrade(["pass", "warn", "pass"])).toBe("warn");
    expect(worstGrade(["pass", "fail", "warn"])).toBe("fail");
    expect(worstGrade(["pass"])).toBe("pass");
    expect(median([30, 10, 20])).toBe(20);
    expect(median([10, 20, 30, 40])).toBe(25);
  });
});
