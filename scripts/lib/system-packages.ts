import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Makes sure a Debian package's binary is present: installs it with apt-get when running as
 * root, otherwise stops with the exact command to run.
 */
export function ensureDebianPackage(binary: string, packageName: string): void {
  if (existsSync(binary)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `${binary} is missing. Install it with:\n  sudo apt-get update && sudo apt-get install -y ${packageName}`,
    );
    process.exit(1);
  }
  console.log(`Installing ${packageName} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", packageName],
  ]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(" ")} failed (exit ${result.status}).`);
      process.exit(1);
    }
  }
}
