import { useRouter, useSearch } from "@tanstack/react-router";
import { type AnchorHTMLAttributes, useCallback } from "react";

/** The query parameters that say how pages are shown (spec §2) and follow the visitor from page to page. */
const PAGE_MODE_PARAMS = ["viewmode", "iframe"] as const;

/**
 * Builds in-app addresses that keep the current page mode (`viewmode`, `iframe`); one-shot
 * parameters such as `login` or a reset token are not carried over.
 */
export function useHrefKeepingMode(): (path: string) => string {
  const search = useSearch({ from: "__root__" });
  return useCallback(
    (path: string) => {
      const params = new URLSearchParams();
      for (const name of PAGE_MODE_PARAMS) {
        const value = search[name];
        if (value !== undefined) params.set(name, value);
      }
      const query = params.toString();
      return query ? `${path}?${query}` : path;
    },
    [search],
  );
}

/**
 * A link to a page of this app given as a built address (`/demo/12/forum?iframe=1`), followed
 * without reloading the page. Pages owned by other features are reached this way, so a link does
 * not depend on how their routes are declared.
 */
export function AppLink({ href, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const router = useRouter();
  return (
    <a
      href={href}
      {...props}
      onClick={(click) => {
        onClick?.(click);
        // A modified click (new tab, new window, download) keeps its browser meaning.
        const modified = click.metaKey || click.ctrlKey || click.shiftKey || click.altKey || click.button !== 0;
        if (click.defaultPrevented || modified || props.target) return;
        click.preventDefault();
        void router.navigate({ href });
      }}
    />
  );
}
