import { createServer } from "node:net";
import type { StepDeps } from "./deps";

/**
 * What is wrong with `run`'s sandbox, tried for real: a command in it must start, must not reach
 * a listener on this machine's loopback, and must not read a file its step did not name (this
 * one). An empty list: the sandbox holds. The service checks this before leasing any job.
 */
export async function sandboxProblems(run: StepDeps["run"]): Promise<string[]> {
  let reached = false;
  const server = createServer((socket) => {
    reached = true;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as { port: number };
    const hostFile = import.meta.filename;
    const result = await run(
      "bash",
      [
        "-c",
        `echo started; (exec 3<>/dev/tcp/127.0.0.1/${port}) && echo connected; test -r '${hostFile}' && echo read`,
      ],
      { timeoutMs: 30_000 },
    );
    const out = result.stdout.toString();
    if (!out.includes("started")) return [`a sandboxed command does not start: ${result.stderr.slice(0, 500)}`];
    const problems: string[] = [];
    if (reached || out.includes("connected")) problems.push(`a sandboxed command reached 127.0.0.1:${port}`);
    if (out.includes("read")) problems.push(`a sandboxed command can read ${hostFile}`);
    return problems;
  } finally {
    server.close();
  }
}
