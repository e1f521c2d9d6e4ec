/** The tabs of the quiz top bar. */
export type PresentationTab = "quiz-results" | "quiz" | "manage-quiz" | "forum" | "questions" | "watch";

/** Pages of the live quiz reached from Manage quiz: the tab stays lit while the moderator runs it. */
const MANAGE_MODULES = new Set(["quiz-moderator", "quiz-user-list", "quiz-questions", "podium", "final-podium"]);

/** Which tab the page at `pathname` belongs to, under the presentation's `base` path. */
export function activeTab(pathname: string, base: string): PresentationTab | null {
  const rest = pathname.replace(/\/+$/, "");
  if (rest === base) return "watch";
  if (!rest.startsWith(`${base}/`)) return null;
  const module = rest.slice(base.length + 1).split("/")[0] ?? "";
  if (module === "quiz-results") return "quiz-results";
  if (module === "quiz" || module === "quiz-intro") return "quiz";
  if (module === "forum") return "forum";
  if (module === "questions" || module === "qa-presenter") return "questions";
  if (MANAGE_MODULES.has(module)) return "manage-quiz";
  return null;
}
