import { parseFrabSchedule } from "@core/schedule/frab";
import { abstractText, descriptionHtml } from "@core/schedule/frab-description";
import { describe, expect, it } from "vitest";

// Descriptions trimmed from real exports: pretalx (39C3, PyConFR) write Markdown, frab (camp 2019)
// Markdown with inline links, a c3voc wiki export (Winterchaos 2022) HTML line breaks.

describe("a talk's description becomes HTML", () => {
  it("renders a pretalx Markdown description: headings, lists, bold, italics and links", () => {
    const description =
      "# About\n- Bring **your questions and feedback**. Send a message (*@tbsprs@chaos.social*) before.\n" +
      "- Issues are in the [GitHub repository](https://github.com/EventFahrplan/EventFahrplan/issues).\n\n" +
      "# Languages\n- I am able to talk both English and German.\n";
    expect(descriptionHtml(description)).toBe(
      "<h3>About</h3>\n" +
        "<ul><li>Bring <strong>your questions and feedback</strong>. Send a message (<em>@tbsprs@chaos.social</em>) before.</li>" +
        '<li>Issues are in the <a href="https://github.com/EventFahrplan/EventFahrplan/issues">GitHub repository</a>.</li></ul>\n' +
        "<h3>Languages</h3>\n<ul><li>I am able to talk both English and German.</li></ul>",
    );
  });

  it("keeps paragraphs and line breaks of a plain text written with \\r\\n, and links bare URLs", () => {
    const description =
      "**Comment se préparer ?**\r\n\r\nCréez un compte sur https://learn.nvidia.com/join.\r\n\r\n--- \r\n\r\n" +
      "Pré-requis :\r\n- Un ordinateur portable avec Python (pyenv recommandé).\r\n- `git` installé.";
    expect(descriptionHtml(description)).toBe(
      "<p><strong>Comment se préparer ?</strong></p>\n" +
        '<p>Créez un compte sur <a href="https://learn.nvidia.com/join">https://learn.nvidia.com/join</a>.</p>\n<hr>\n' +
        "<p>Pré-requis :</p>\n<ul><li>Un ordinateur portable avec Python (pyenv recommandé).</li><li><code>git</code> installé.</li></ul>",
    );
  });

  it("keeps inline HTML of a frab description and escapes the text's own < > &", () => {
    const description =
      'Since 2013, the <a href="https://datatracker.ietf.org/wg/dprive/">DPRIVE group</a> works &amp; talks.\r\n\r\n' +
      "If a<b and c>d, then R&D.\nTwo lines.";
    expect(descriptionHtml(description)).toBe(
      '<p>Since 2013, the <a href="https://datatracker.ietf.org/wg/dprive/">DPRIVE group</a> works &amp; talks.</p>\n' +
        "<p>If a&lt;b and c&gt;d, then R&amp;D.<br>Two lines.</p>",
    );
  });

  it("keeps a description laid out in HTML blocks as written", () => {
    const description = "Dieser Talk zeigt Basics.<br /><br />* Einführung ins Active Directory<br />";
    expect(descriptionHtml(description)).toBe(description);
  });

  it("gives null for an empty description and a parsed talk its HTML", () => {
    expect(descriptionHtml("  \r\n ")).toBeNull();
    const result = parseFrabSchedule(
      {
        schedule: {
          conference: {
            title: "PyConFR",
            days: [
              {
                date: "2025-11-01",
                rooms: {
                  B003: [
                    {
                      id: 1,
                      date: "2025-11-01T10:30:00+01:00",
                      start: "10:30",
                      duration: "00:25",
                      title: "Documenter son projet avec Sphinx",
                      description: "Sphinx est *très* utilisé.\r\n\r\nLa présentation explique comment démarrer.",
                    },
                  ],
                },
              },
            ],
          },
        },
      },
      "pyconfr",
    );
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    expect(result.schedule.presentations[0]?.information).toBe(
      "<p>Sphinx est <em>très</em> utilisé.</p>\n<p>La présentation explique comment démarrer.</p>",
    );
  });
});

describe("a talk's abstract becomes the plain text the app shows", () => {
  it("drops the Markdown marks of a 36C3 and a camp 2019 abstract, keeping its lines", () => {
    expect(abstractText("##### Motivation\r\nIn the digital age **privacy** has become\r\nan important matter.")).toBe(
      "Motivation\nIn the digital age privacy has become\nan important matter.",
    );
    expect(abstractText("Präsentation von [Userli](https://systemli.github.io/userli/), einer Webapplikation.")).toBe(
      "Präsentation von Userli, einer Webapplikation.",
    );
  });

  it("turns the HTML of a 35C3 abstract into text with its paragraphs and line breaks", () => {
    expect(abstractText("<p>Jailbreaking &amp; iOS.</p><p>Then <b>now</b><br/>and later</p>")).toBe(
      "Jailbreaking & iOS.\n\nThen now\nand later",
    );
  });

  it("leaves plain text alone and gives null when blank", () => {
    expect(abstractText("If a<b and c>d, 5 * 3 * 2.")).toBe("If a<b and c>d, 5 * 3 * 2.");
    expect(abstractText(" \r\n ")).toBeNull();
  });
});
