import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";

const ROOT = join(import.meta.dirname, "..", "..");

describe("a plain `wrangler deploy`", () => {
  it("is production: wrangler.toml's vars turn no development feature on", () => {
    const config = unstable_readConfig({ config: join(ROOT, "wrangler.toml") });
    // worker/deploy-config.ts: only "development" turns the dev mailbox on.
    expect(config.vars.ENVIRONMENT).toBe("production");
  });
});
