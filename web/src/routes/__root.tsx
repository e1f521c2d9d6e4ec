import { createRootRoute, Outlet } from "@tanstack/react-router";
import * as v from "valibot";
import { InvalidLinkScreen } from "../features/invalid-link/invalid-link-screen";
import { useLocaleSync } from "../lib/use-locale-sync";

/** An optional query value; one of the wrong shape is dropped rather than breaking the page. */
const optional = <Schema extends v.GenericSchema<string>>(schema: Schema) => v.fallback(v.optional(schema), undefined);

/** Query parameters of every page (spec §2); those not used yet are kept for the issues that need them. */
const SearchSchema = v.object({
  /** `virtual` hides day headers, dates and times; `videolanding` hides the video page's back button. */
  viewmode: optional(v.picklist(["virtual", "videolanding"])),
  /** Present (any value) for the compact embedded layout. */
  iframe: optional(v.string()),
  resettoken: optional(v.string()),
  resetcode: optional(v.string()),
  /** Asks for the login overlay. */
  login: optional(v.literal("true")),
});

export const Route = createRootRoute({
  validateSearch: SearchSchema,
  component: Root,
  notFoundComponent: InvalidLinkScreen,
});

function Root() {
  useLocaleSync();
  return <Outlet />;
}
