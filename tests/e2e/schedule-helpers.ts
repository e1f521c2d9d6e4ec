import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** A demo account's session as the web stores it (`session:<slug>` in local storage). */
export interface DemoSession {
  token: string;
  user: { id: number; name: string };
}

export async function logIn(baseUrl: string, email: string, slug = "demo"): Promise<DemoSession> {
  const response = await fetch(`${baseUrl}/api/event-engagement/${slug}/user-login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "demo-pass" }),
  });
  if (!response.ok) throw new Error(`login of ${email} failed: ${response.status}`);
  const { data } = (await response.json()) as { data: DemoSession };
  return { token: data.token, user: data.user };
}

/** Opens every page of `context` already logged in, as the login overlay would leave it. */
export async function storeSession(context: BrowserContext, session: DemoSession, slug = "demo"): Promise<void> {
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [`session:${slug}`, JSON.stringify(session)],
  );
}

/** Empties the user's personal schedule through the API, so each test starts from nothing. */
export async function clearMySchedule(baseUrl: string, session: DemoSession, slug = "demo"): Promise<void> {
  const auth = { authorization: `Bearer ${session.token}` };
  const mine = (await (await fetch(`${baseUrl}/api/me/schedule`, { headers: auth })).json()) as {
    data: { presentationIds: number[] };
  };
  const basics = (await (await fetch(`${baseUrl}/api/public/schedule-basic/${slug}`)).json()) as {
    data: { event: { _id: number } };
  };
  for (const id of mine.data.presentationIds) {
    await fetch(`${baseUrl}/api/speaker-data/${id}/my-schedule/${basics.data.event._id}/${session.user.id}`, {
      method: "DELETE",
      headers: auth,
    });
  }
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page and returns its serious and critical violations, each as
 * "rule (impact): help — selectors", so a failing assertion says what to fix. `targetSize` adds
 * WCAG 2.2's target size rule (2.5.8: 24 px, or room around), which axe leaves off by default.
 */
export async function seriousAccessibilityViolations(
  page: Page,
  { targetSize = false }: { targetSize?: boolean } = {},
): Promise<string[]> {
  // Evaluated through DevTools rather than added as a <script>: the app's CSP refuses inline scripts.
  await page.evaluate(readFileSync(AXE_SCRIPT, "utf8"));
  const violations = await page.evaluate(async (withTargetSize) => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    return (await axe.run(document, { rules: { "target-size": { enabled: withTargetSize } } })).violations;
  }, targetSize);
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
}
