// npm start: migrate, seed when empty, build the SPA and serve everything on one port.
// npm run dev: the same app through Vite with hot reload.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { PROCESSOR_PACKAGES } from "../processor/system-packages";
import { ensureDemoVersion } from "./demo-version/demo-version";
import { AdminClient } from "./lib/admin-client";
import { buildSpa } from "./lib/build-spa";
import { ensureDevVars } from "./lib/dev-vars";
import { startLocalProcessor } from "./lib/local-processor";
import {
  applyLocalMigrations,
  isPortFree,
  type LocalServer,
  ROOT,
  startLocalServer,
  waitForHealth,
} from "./lib/local-server";
import { ensureDebianPackages } from "./lib/system-packages";
import { DEMO_ACCOUNTS, DEMO_EVENT_PASSWORD, DEMO_PASSWORD, demoExists, seedDemo } from "./seed";

const { values } = parseArgs({ options: { dev: { type: "boolean", default: false } } });
const port = Number(process.env.PORT ?? (values.dev ? 5173 : 8787));

if (!(await isPortFree(port))) {
  console.error(`Port ${port} is already in use. Stop what runs there, or choose another: PORT=8788 npm start`);
  process.exit(1);
}

ensureDebianPackages(PROCESSOR_PACKAGES);

// Mailed links point at this run's own URL (npm run dev reads it from .dev.vars through Vite).
const publicUrl = `http://localhost:${port}`;
const { adminToken, processorToken } = ensureDevVars({ publicUrl });
console.log("Applying database migrations…");
await applyLocalMigrations();

async function startVite(): Promise<LocalServer> {
  const url = publicUrl;
  const child = spawn(join(ROOT, "node_modules", ".bin", "vite"), ["--port", String(port), "--strictPort"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  await waitForHealth(url, 90_000, child);
  return { url, stop: async () => void child.kill("SIGTERM") };
}

let server: LocalServer;
if (values.dev) server = await startVite();
else {
  buildSpa();
  console.log("Starting the Worker…");
  server = await startLocalServer({ port, publicUrl });
}

if (!(await demoExists(server.url))) {
  console.log("Empty database: loading the demo events…");
  await seedDemo(new AdminClient(server.url, adminToken), server.url);
}

// One media processor beside the Worker, as production runs N of them (docs/operations.md).
const processor = startLocalProcessor({ api: server.url, token: processorToken });
// The demo talk's version, made by that processor at first start, in the background: the site
// is usable meanwhile, and the version shows on the schedule once online.
void ensureDemoVersion(server.url, { email: "speaker@demo.test", password: DEMO_PASSWORD }).then(
  (made) => made && console.log("Demo version processed and online: /demo (Agents autonomes…)"),
  (error: Error) => console.error(`The demo version could not be made: ${error.message}`),
);

console.log(`
Ready: http://localhost:${port}/demo
  Demo event:      http://localhost:${port}/demo
  Private event:   http://localhost:${port}/demo-private  (event password: ${DEMO_EVENT_PASSWORD})
  Accounts (password ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map((account) => `    ${account.email.padEnd(22)} ${account.role}`).join("\n")}
  Import a schedule: npm run import -- schedule.json --slug my-event
Press Ctrl+C to stop.`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void Promise.all([processor.stop(), server.stop()]).then(() => process.exit(0));
  });
}
