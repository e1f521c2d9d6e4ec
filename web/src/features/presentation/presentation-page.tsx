import type { PublicPresentation } from "@core/schedule/public-schedule";
import { createContext, type ReactNode, useContext } from "react";
import { PresentationHeader } from "./presentation-header";
import styles from "./presentation-header.module.css";
import { PresentationTabs } from "./presentation-tabs";

/** The presentation of the page being viewed, for the module pages under `/$slug/$presentationId`. */
export const PresentationContext = createContext<PublicPresentation | null>(null);

export function useCurrentPresentation(): PublicPresentation {
  const presentation = useContext(PresentationContext);
  if (!presentation) throw new Error("useCurrentPresentation is used outside the presentation route");
  return presentation;
}

/**
 * A presentation's header, the quiz top bar with the page's own `actions` (the editor's Save),
 * then what the page is about (the forum, a module).
 */
export function PresentationPage({
  slug,
  presentation,
  details,
  viewmode,
  actions,
  children,
}: {
  slug: string;
  presentation: PublicPresentation;
  details: boolean;
  viewmode: "virtual" | "videolanding" | undefined;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <PresentationHeader
        slug={slug}
        presentation={presentation}
        details={details}
        showDates={viewmode !== "virtual"}
        showBackLink={viewmode !== "videolanding"}
      />
      <PresentationTabs slug={slug} presentation={presentation} actions={actions} />
      {children}
    </div>
  );
}
