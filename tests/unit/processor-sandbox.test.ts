// The sandbox every processor command runs in (processor/sandbox.ts), tried with small commands:
// what a program there can reach of the network and of this machine's files. Needs bubblewrap
// (npm test installs it as root).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeStepDeps, runCommand } from "../../processor/node-deps";
import { SANDBOX_FILE_BYTES, SANDBOX_MEMORY_BYTES, sandboxArguments } from "../../processor/sandbox";
import { sandboxProblems } from "../../processor/sandbox-check";

let directory: string;
let server: Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "processor-sandbox-"));
  server = createServer((socket) => {
    connections++;
    socket.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(() => {
  server?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

const sandboxed = (script: string, paths?: { read?: string[]; write?: string[] }) =>
  nodeStepDeps().run("bash", ["-c", script], { timeoutMs: 10_000, paths });

describe("the processor's sandbox", () => {
  it("a command cannot connect to a service listening on the machine's loopback", async () => {
    const connect = `exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected`;
    // Outside the sandbox the same command connects: the listener would see it.
    const outside = await runCommand("bash", ["-c", connect], { timeoutMs: 10_000 });
    expect(outside.stdout.toString()).toContain("connected");
    const before = connections;
    const inside = await sandboxed(connect);
    expect(inside.code).not.toBe(0);
    expect(inside.stdout.toString()).not.toContain("connected");
    expect(connections).toBe(before);
  });

  it("a command reads only the paths its step names, and writes only into the directories it names", async () => {
    const secret = join(directory, "secret.txt");
    writeFileSync(secret, "canary-5e1f0c");
    const denied = await sandboxed(`cat ${secret}; ls ${directory}; cat /etc/hostname /root/.bashrc`);
    expect(denied.code).not.toBe(0);
    expect(denied.stdout.toString()).toBe("");
    const allowed = await sandboxed(`cat ${secret}`, { read: [secret] });
    expect(allowed.stdout.toString()).toBe("canary-5e1f0c");

    const output = join(directory, "output");
    const readOnly = await sandboxed(`echo x > ${secret}.copy; echo x > ${output}`, { read: [directory] });
    expect(readOnly.code).not.toBe(0);
    expect(existsSync(`${secret}.copy`) || existsSync(output)).toBe(false);
    const writable = await sandboxed(`echo x > ${output}`, { write: [directory] });
    expect(writable.code).toBe(0);
    expect(existsSync(output)).toBe(true);
  });

  it("a command gets a clean environment, no capabilities, and the memory and file size limits", async () => {
    process.env.PROCESSOR_TOKEN_PROBE = "token-7d3a";
    try {
      const result = await sandboxed("env; grep CapEff /proc/self/status; cat /proc/self/limits");
      const out = result.stdout.toString();
      expect(out).not.toContain("token-7d3a");
      expect(out).toMatch(/CapEff:\s+0+\n/);
      expect(out).toMatch(new RegExp(`Max data size\\s+${SANDBOX_MEMORY_BYTES}\\s+${SANDBOX_MEMORY_BYTES}`));
      expect(out).toMatch(new RegExp(`Max file size\\s+${SANDBOX_FILE_BYTES}\\s+${SANDBOX_FILE_BYTES}`));
    } finally {
      delete process.env.PROCESSOR_TOKEN_PROBE;
    }
  });

  it("runs the command through bwrap with no network, its own namespaces and the step's paths only", () => {
    const args = sandboxArguments("pdftoppm", ["/job/a.pdf", "/job/pages/page"], {
      timeoutMs: 1_000,
      paths: { read: ["/job/a.pdf"], write: ["/job/pages"] },
    });
    expect(args.slice(0, 5)).toEqual(["--unshare-all", "--unshare-user", "--disable-userns", "--cap-drop", "ALL"]);
    expect(args).not.toContain("--share-net");
    expect(args.join(" ")).toContain("--ro-bind /job/a.pdf /job/a.pdf --bind /job/pages /job/pages");
    expect(args.join(" ")).not.toMatch(/--(?:ro-)?bind(?:-try)? \/(?:job|home|root|tmp|work|etc|var) /);
    expect(args.slice(args.indexOf("--") + 1).slice(-3)).toEqual(["pdftoppm", "/job/a.pdf", "/job/pages/page"]);
  });
});

describe("the sandbox check run before any job", () => {
  it("finds no problem in the processor's sandbox, and both leaks in a command run without it", async () => {
    expect(await sandboxProblems(nodeStepDeps().run)).toEqual([]);
    const problems = await sandboxProblems(runCommand);
    expect(problems).toHaveLength(2);
    expect(problems.join("\n")).toMatch(/reached 127\.0\.0\.1.*\n.*can read/);
  });
});
