import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const LOCALES_DIR = join(import.meta.dirname, "../../locales");
const LOCALES = ["fr", "en"] as const;

function namespaces(locale: string): string[] {
  return readdirSync(join(LOCALES_DIR, locale)).filter((file) => file.endsWith(".json"));
}

function readNamespace(locale: string, file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(LOCALES_DIR, locale, file), "utf8"));
}

/** `{{name}}` placeholders of a message, sorted. */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\{\s*([\w.-]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1] ?? "").sort();
}

const allFiles = [...new Set(LOCALES.flatMap(namespaces))].sort();

describe("web locales", () => {
  it("every locale has the same namespace files", () => {
    for (const locale of LOCALES) expect(namespaces(locale).sort(), `files of ${locale}`).toEqual(allFiles);
  });

  describe.each(allFiles)("%s", (file) => {
    const messages = Object.fromEntries(LOCALES.map((locale) => [locale, readNamespace(locale, file)]));

    it.each(LOCALES)("%s has every key another locale has", (locale) => {
      const other = LOCALES.flatMap((candidate) =>
        candidate === locale ? [] : Object.keys(messages[candidate] ?? {}),
      );
      const missing = [...new Set(other)].filter((key) => !(key in (messages[locale] ?? {})));
      expect(missing, `keys missing from ${locale}/${file}`).toEqual([]);
    });

    it("keys are flat and every message is a non-empty string", () => {
      for (const locale of LOCALES) {
        for (const [key, message] of Object.entries(messages[locale] ?? {})) {
          expect(typeof message === "string" && message.trim() !== "", `${locale}/${file} "${key}"`).toBe(true);
        }
      }
    });

    it("a message has the same placeholders in every locale", () => {
      const [reference, ...others] = LOCALES;
      for (const [key, message] of Object.entries(messages[reference] ?? {})) {
        for (const locale of others) {
          const translated = messages[locale]?.[key];
          if (typeof message !== "string" || typeof translated !== "string") continue;
          expect(placeholders(translated), `${locale}/${file} "${key}"`).toEqual(placeholders(message));
        }
      }
    });
  });
});
