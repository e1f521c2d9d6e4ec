import { ensureDevVars } from "./dev-vars";
import { applyLocalMigrations, freePort, type LocalServer, startLocalServer, waitForHealth } from "./local-server";

/**
 * The running local server (`npm start`) when there is one; otherwise a temporary one on the
 * same local state, stopped by `release()`. Writes always go through the Worker, so the
 * running app sees them at once.
 */
export async function serverForAdmin(
  explicitUrl?: string,
): Promise<{ url: string; token: string; release(): Promise<void> }> {
  const { adminToken } = ensureDevVars();
  const url = explicitUrl ?? `http://127.0.0.1:${process.env.PORT ?? 8787}`;
  try {
    await waitForHealth(url, explicitUrl ? 10_000 : 1_000);
    return { url, token: process.env.ADMIN_TOKEN ?? adminToken, release: async () => {} };
  } catch (error) {
    if (explicitUrl) throw error;
  }
  console.log("No local server is running; starting a temporary one…");
  await applyLocalMigrations();
  const server: LocalServer = await startLocalServer({ port: await freePort(), quiet: true });
  return { url: server.url, token: adminToken, release: server.stop };
}
