import { afterEach, describe, expect, it, vi } from "vitest";
import { PROCESSOR_PACKAGES } from "../../processor/system-packages";
import { ensureDebianPackages } from "../../scripts/lib/system-packages";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the processor's Debian packages", () => {
  it("names ffmpeg, poppler, bubblewrap, LibreOffice Impress and the Carlito and Caladea fonts", () => {
    expect(PROCESSOR_PACKAGES.map((p) => p.packageName)).toEqual([
      "ffmpeg",
      "poppler-utils",
      "bubblewrap",
      "libreoffice-impress-nogui",
      "fonts-crosextra-carlito",
      "fonts-crosextra-caladea",
    ]);
  });

  it("when not root, prints one apt-get command for every missing package and stops", () => {
    vi.spyOn(process, "getuid").mockReturnValue(1000);
    const printed = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(process, "exit").mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    expect(() =>
      ensureDebianPackages([
        { path: "/nonexistent/ffmpeg", packageName: "ffmpeg" },
        { path: "/nonexistent/pdftoppm", packageName: "poppler-utils" },
        { path: "/nonexistent/pdftotext", packageName: "poppler-utils" },
      ]),
    ).toThrow("exit 1");
    expect(printed.mock.calls[0]?.[0]).toContain("sudo apt-get update && sudo apt-get install -y ffmpeg poppler-utils");
  });

  it("does nothing when every package's file is present", () => {
    const exit = vi.spyOn(process, "exit");
    ensureDebianPackages([{ path: "/bin/sh", packageName: "dash" }]);
    expect(exit).not.toHaveBeenCalled();
  });
});
