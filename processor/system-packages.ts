import type { DebianPackage } from "../scripts/lib/system-packages";

/**
 * What the processor's steps run, the sandbox they run in (bubblewrap; prlimit comes with
 * util-linux, which every Debian has), and the fonts metric-compatible with Calibri and Cambria so
 * converted PowerPoint slides keep their line breaks and layout.
 */
export const PROCESSOR_PACKAGES: readonly DebianPackage[] = [
  { path: "/usr/bin/ffmpeg", packageName: "ffmpeg" },
  { path: "/usr/bin/pdftoppm", packageName: "poppler-utils" },
  { path: "/usr/bin/bwrap", packageName: "bubblewrap" },
  {
    path: "/usr/lib/libreoffice/program/libwpftimpresslo.so",
    packageName: "libreoffice-impress-nogui",
  },
  {
    path: "/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf",
    packageName: "fonts-crosextra-carlito",
  },
  {
    path: "/usr/share/fonts/truetype/crosextra/Caladea-Regular.ttf",
    packageName: "fonts-crosextra-caladea",
  },
];
