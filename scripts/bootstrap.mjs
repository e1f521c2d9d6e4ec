// Entry point of `npm start`, `npm run dev` and `npm test` on a fresh clone: installs the npm
// packages when they are missing or older than the lock file, then hands over to the
// TypeScript script named on the command line. Plain JavaScript: it runs before tsx exists.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const [script, ...args] = process.argv.slice(2);

function packagesAreCurrent() {
  const installed = `${root}/node_modules/.package-lock.json`;
  if (!existsSync(installed)) return false;
  const lock = `${root}/package-lock.json`;
  return !existsSync(lock) || statSync(lock).mtimeMs <= statSync(installed).mtimeMs;
}

// `npm install`, not `npm ci`: it follows the lock file just the same, but tolerates the
// other platforms' optional packages (biome's, esbuild's) that a registry mirror may not carry.
if (!packagesAreCurrent()) {
  console.log("Installing npm packages (npm install)…");
  const result = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const tsx = `${root}/node_modules/.bin/tsx`;
const child = spawnSync(tsx, [`${root}/${script}`, ...args], { cwd: root, stdio: "inherit" });
process.exit(child.status ?? 1);
