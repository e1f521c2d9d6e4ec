import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCommand } from "../../processor/node-deps";

/** Running, as opposed to gone or a zombie left for a container's init to reap. */
function isRunning(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
    return state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

describe("running a step's command", () => {
  it("a timeout kills the whole process group, children included", async () => {
    const started = Date.now();
    // The shell starts a child and prints its pid, then waits: both must die at the timeout.
    const result = await runCommand("sh", ["-c", "sleep 30 & echo $!; wait"], {
      timeoutMs: 300,
    });
    expect(result.timedOut).toBe(true);
    expect(result.code).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
    const child = Number(result.stdout.toString().trim());
    expect(child).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isRunning(child)).toBe(false);
  });

  it("returns the exit code, stdout bytes and stderr lines split on \\n and \\r", async () => {
    const lines: string[] = [];
    const result = await runCommand("sh", ["-c", "printf 'a\\rb\\nc\\n' >&2; printf 'out'; exit 3"], {
      timeoutMs: 5_000,
      onStderrLine: (line) => lines.push(line),
    });
    expect(result).toMatchObject({ code: 3, timedOut: false, stderr: "a\nb\nc" });
    expect(result.stdout.toString()).toBe("out");
    expect(lines).toEqual(["a", "b", "c"]);
  });

  it("a program that does not exist is a failure, not a crash", async () => {
    const result = await runCommand("/nonexistent/program", [], { timeoutMs: 1_000 });
    expect(result.code).toBeNull();
    expect(result.timedOut).toBe(false);
  });
});
