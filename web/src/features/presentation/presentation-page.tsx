import { createContext, type ReactNode, useContext } from "react";
import type { PublicPresentation } from "../../../../core/schedule/public-schedule";
import { PresentationHeader } from "./presentation-header";
import styles from "./presentation-header.module.css";

/** The presentation of the page being viewed, for the module pages under `/$slug/$presentationId`. */
export const PresentationContext = createContext<PublicPresentation | null>(null);

export function useCurrentPresentation(): PublicPresentation {
  const presentation = useContext(PresentationContext);
  if (!presentation) throw new Error("useCurrentPresentation is used outside the presentation route");
  return presentation;
}

/** A presentation's header, then what the page is about (the forum, a module). */
export function PresentationPage({
  slug,
  presentation,
  details,
  viewmode,
  children,
}: {
  slug: string;
  presentation: PublicPresentation;
  details: boolean;
  viewmode: "virtual" | "videolanding" | undefined;
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
      {children}
    </div>
  );
}
