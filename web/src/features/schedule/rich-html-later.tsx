import { lazy, Suspense } from "react";

// DOMPurify (about 12 KB compressed) cleans organisers' HTML, which no first paint of the schedule
// or the synopsis shows (a card's details, the sidebar's ads): its code loads when some is shown.
const RichHtml = lazy(() => import("../../components/rich-html").then((module) => ({ default: module.RichHtml })));

/** Organisers' HTML, shown once its cleaner has loaded (nothing in its place meanwhile). */
export function RichHtmlLater({ html }: { html: string }) {
  return (
    <Suspense fallback={null}>
      <RichHtml html={html} />
    </Suspense>
  );
}
