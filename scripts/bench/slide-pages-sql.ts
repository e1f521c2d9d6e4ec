/**
 * The slide pages of a large event for bench:schedule's search mode, as SQL for the local D1: one
 * online version per talk and `pagesPerTalk` pages of folded text (as the Worker stores it),
 * about 60 words each, drawn from French slide vocabulary (accents and plurals, folded), from
 * 20,000 rarer terms, and from short words, so the index has common, rare and absent words.
 */
import { slideIndexText } from "@core/schedule/slide-search";

const COMMON = [
  "sécurité",
  "réseau",
  "réseaux",
  "données",
  "donnée",
  "élections",
  "architecture",
  "système",
  "systèmes",
  "énergie",
  "modèle",
  "modèles",
  "agent",
  "agents",
  "mémoire",
  "journal",
  "journaux",
  "validation",
  "humaine",
  "performance",
  "qualité",
  "déploiement",
  "base",
  "requête",
  "requêtes",
  "cryptographie",
  "clé",
  "clés",
  "protocole",
  "protocoles",
  "serveur",
  "serveurs",
  "client",
  "clients",
  "latence",
  "débit",
  "stockage",
  "éthique",
  "société",
  "santé",
  "école",
  "université",
  "recherche",
  "résultat",
  "résultats",
  "méthode",
  "méthodes",
  "expérience",
  "expériences",
  "conclusion",
  "questions",
  "merci",
];
const SHORT = ["de", "la", "le", "les", "des", "et", "en", "un", "une", "du", "au", "pour", "sur", "avec"];
const RARE_TERMS = 20_000;
const WORDS_PER_PAGE = 60;
/** Rows per INSERT: D1 refuses a statement over 100 KB (a page row is about 450 bytes). */
const ROWS_PER_INSERT = 150;

/** A small deterministic generator (mulberry32), so every run indexes the same text. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pageText(next: () => number): string {
  const words: string[] = [];
  for (let i = 0; i < WORDS_PER_PAGE; i++) {
    const roll = next();
    if (roll < 0.45) words.push(SHORT[Math.floor(next() * SHORT.length)] as string);
    else if (roll < 0.8) words.push(COMMON[Math.floor(next() * COMMON.length)] as string);
    else words.push(`terme${Math.floor(next() * RARE_TERMS)}`);
  }
  return slideIndexText(words.join(" "));
}

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The statements that give each talk an online version with its pages. */
export function slidePagesSql(presentationIds: readonly number[], pagesPerTalk: number): string {
  const next = random(2026);
  const statements: string[] = [];
  const versions = presentationIds.map(
    (id) => `(${quoted(`bench${String(id).padStart(27, "0")}`)}, ${id}, 'two', 'success', 100, 1)`,
  );
  for (let i = 0; i < versions.length; i += ROWS_PER_INSERT) {
    statements.push(
      `INSERT INTO versions (id, presentation_id, option, status, percent, online) VALUES ${versions.slice(i, i + ROWS_PER_INSERT).join(", ")};`,
    );
  }
  let rows: string[] = [];
  // Each page's event as the Worker writes it (worker/processing/jobs.ts): its version's talk's.
  const flush = () => {
    if (rows.length > 0)
      statements.push(
        `INSERT INTO slide_pages (version_id, event_id, page, text, seconds) SELECT v.column1, p.event_id, v.column2, v.column3, v.column4 FROM (VALUES ${rows.join(", ")}) AS v JOIN versions ON versions.id = v.column1 JOIN presentations p ON p.id = versions.presentation_id;`,
      );
    rows = [];
  };
  for (const id of presentationIds) {
    const version = quoted(`bench${String(id).padStart(27, "0")}`);
    for (let page = 1; page <= pagesPerTalk; page++) {
      rows.push(`(${version}, ${page}, ${quoted(pageText(next))}, '[${(page - 1) * 45}]')`);
      if (rows.length === ROWS_PER_INSERT) flush();
    }
  }
  flush();
  return statements.join("\n");
}
