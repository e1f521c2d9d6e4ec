import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** A Debian package and a file it installs, whose presence says it is installed. */
export interface DebianPackage {
  path: string;
  packageName: string;
}

/**
 * Makes sure Debian packages are present: installs the missing ones with one apt-get update
 * and one apt-get install when running as root, otherwise stops with the exact command to run.
 */
export function ensureDebianPackages(packages: readonly DebianPackage[]): void {
  const missing = packages.filter(({ path }) => !existsSync(path));
  if (missing.length === 0) return;
  const names = [...new Set(missing.map(({ packageName }) => packageName))];
  if (process.getuid?.() !== 0) {
    console.error(
      `${missing.map(({ path }) => path).join(", ")} missing. Install with:\n  sudo apt-get update && sudo apt-get install -y ${names.join(" ")}`,
    );
    process.exit(1);
  }
  console.log(`Installing ${names.join(", ")} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", ...names],
  ]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(" ")} failed (exit ${result.status}).`);
      process.exit(1);
    }
  }
}

/** Makes sure one Debian package's binary is present; see ensureDebianPackages. */
export function ensureDebianPackage(binary: string, packageName: string): void {
  ensureDebianPackages([{ path: binary, packageName }]);
}
