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
        "<ul>\n<li>Bring <strong>your questions and feedback</strong>. Send a message (<em>@tbsprs@chaos.social</em>) before.</li>\n" +
        '<li>Issues are in the <a href="https://github.com/EventFahrplan/EventFahrplan/issues">GitHub repository</a>.</li>\n</ul>\n' +
        "<h3>Languages</h3>\n<ul>\n<li>I am able to talk both English and German.</li>\n</ul>",
    );
  });

  it("keeps paragraphs and line breaks of a plain text written with \\r\\n, and links bare URLs", () => {
    const description =
      "**Comment se préparer ?**\r\n\r\nCréez un compte sur https://learn.nvidia.com/join.\r\n\r\n--- \r\n\r\n" +
      "Pré-requis :\r\n- Un ordinateur portable avec Python (pyenv recommandé).\r\n- `git` installé.";
    expect(descriptionHtml(description)).toBe(
      "<p><strong>Comment se préparer ?</strong></p>\n" +
        '<p>Créez un compte sur <a href="https://learn.nvidia.com/join">https://learn.nvidia.com/join</a>.</p>\n<hr>\n' +
        "<p>Pré-requis :</p>\n<ul>\n<li>Un ordinateur portable avec Python (pyenv recommandé).</li>\n<li><code>git</code> installé.</li>\n</ul>",
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

  it("reads a 39C3 workshop's rules, h5 headings and bold list items, and a 36C3 talk's • bullets", () => {
    const workshop =
      "---\n\n##### Material Costs\n€20 - €30\n\n---\n\n##### Workshop Itinerary\n" +
      "- **Welcome + Electronics and Soldering Info** We will show you how to solder.";
    expect(descriptionHtml(workshop)).toBe(
      "<hr>\n<h6>Material Costs</h6>\n<p>€20 - €30</p>\n<hr>\n<h6>Workshop Itinerary</h6>\n" +
        "<ul>\n<li><strong>Welcome + Electronics and Soldering Info</strong> We will show you how to solder.</li>\n</ul>",
    );
    const bullets =
      "Höchste Zeit für einen Betriebsrat!\r\n\r\n• Um zu erfahren, dass man gemeinsam stark sein kann.\r\n" +
      "•\tUm der Gechäftsleitung klarzumachen, was geht. \r\n";
    expect(descriptionHtml(bullets)).toBe(
      "<p>Höchste Zeit für einen Betriebsrat!</p>\n<ul>\n<li>Um zu erfahren, dass man gemeinsam stark sein kann.</li>\n" +
        "<li>Um der Gechäftsleitung klarzumachen, was geht.</li>\n</ul>",
    );
  });

  it("leaves German gender stars and fediverse handles as written, and a list item far from its marker a list", () => {
    expect(
      descriptionHtml("Datenschützer*innen und Fußballfans, jede*r und *alle*: schreibt an @tbsprs@chaos.social."),
    ).toBe("<p>Datenschützer*innen und Fußballfans, jede*r und <em>alle</em>: schreibt an @tbsprs@chaos.social.</p>");
    expect(descriptionHtml("Outline\r\n\r\n2.       SD-WAN attack surface")).toBe(
      '<p>Outline</p>\n<ol start="2">\n<li>SD-WAN attack surface</li>\n</ol>',
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

  it("numbers an ordered list and indents its • items, and lists the items of an HTML abstract", () => {
    const outline =
      "Ablauf des Workshops\n1. Begrüßung & Einführung \n   •\tVorstellung der Artists\n" +
      "   •\tMotivation und Ziel des Workshops\n2. Theorie & Orientierung im Kabeldschungel";
    expect(abstractText(outline)).toBe(
      "Ablauf des Workshops\n\n1. Begrüßung & Einführung\n  - Vorstellung der Artists\n" +
        "  - Motivation und Ziel des Workshops\n2. Theorie & Orientierung im Kabeldschungel",
    );
    expect(abstractText("<p>We&#39;ll cover:</p><ul><li>JIT &amp; GC</li><li>Sandbox&#x20;escapes</li></ul>")).toBe(
      "We'll cover:\n\n- JIT & GC\n- Sandbox escapes",
    );
  });

  it("leaves plain text alone and gives null when blank", () => {
    expect(abstractText("If a<b and c>d, 5 * 3 * 2.")).toBe("If a<b and c>d, 5 * 3 * 2.");
    expect(abstractText(" \r\n ")).toBeNull();
  });
});
