/**
 * The demo events, written as frab JSON with the `engagement` extension so that they go through
 * the importer's parser like any real conference:
 * - `demo`: "Salon de l'Innovation 2026", three days of which the middle one is today, 4 rooms;
 * - `demo-private`: a one-day partners' meeting today, protected by a password.
 * Pictures and logos are served from web/public/demo/.
 */
import type { ImportedEventSettings } from "@core/schedule/imported-schedule";
import { type FrabPersonDraft, type FrabTalkDraft, frabDocument, localDate } from "./frab-document";

const TIME_ZONE = "Europe/Paris";

/**
 * The speaker the demo account `speaker@demo.test` is linked to; they give 3 presentations. Demo
 * persons have an id and no guid or code, so the parser identifies them by `<id>:<public name>`.
 */
export const DEMO_SPEAKER_EXTERNAL_ID = "101:Émilie Durand";

const SPEAKERS: [name: string, biography: string][] = [
  [
    "Émilie Durand",
    "Directrice de l'innovation d'un groupe industriel lyonnais, elle pilote des projets d'IA depuis 2015.",
  ],
  ["Jean-Baptiste Lefèvre", "Ingénieur en apprentissage automatique, il conseille les PME sur l'IA générative."],
  ["Chloé Martin", "Responsable sécurité applicative, elle audite des API publiques et privées."],
  ["Noël Garnier", "Économiste, il étudie le coût environnemental du numérique."],
  ["Hélène Moreau", "Fondatrice d'une entreprise de conseil en stratégie durable."],
  ["François Dupont", "Élu local, il porte le plan de sobriété numérique de sa ville."],
  ["Inès Benali", "Médecin généraliste et cofondatrice d'une start-up de télémédecine."],
  ["Thomas Nguyen", "Designer d'interfaces, spécialiste de l'accessibilité numérique."],
  ["Léa Rousseau", "Ingénieure de production, elle déploie des jumeaux numériques en usine."],
  ["Mathéo Fournier", "Journaliste spécialisé dans les nouvelles technologies."],
  ["Camille Girard", "Architecte sécurité, elle a migré trois banques vers l'authentification sans mot de passe."],
  ["Zoé Lambert", "Développeuse mobile et contributrice à plusieurs projets libres."],
  ["Amélie Faure", "Consultante en numérique responsable auprès des collectivités."],
  ["Rémi Chevalier", "Rédacteur technique et chercheur en expérience utilisateur."],
  ["Sophie Bonnet", "Cheffe de service hospitalier, elle dirige un programme de santé numérique."],
  ["Julien Mercier", "Ingénieur biomédical, il conçoit des objets connectés de suivi des patients."],
  ["Aurélie Blanc", "Roboticienne, elle étudie la collaboration entre humains et robots."],
  ["Karim Haddad", "Fondateur d'une entreprise de reconditionnement de matériel informatique."],
  ["Margaux Perrin", "Chercheuse en éthique de l'intelligence artificielle."],
  ["Bastien Roche", "Expert en cybersécurité industrielle et en réponse aux incidents."],
  ["Océane Picard", "Directrice artistique, elle conçoit des identités visuelles et des design systems."],
  ["Louis Marchand", "Urbaniste, il travaille sur la mobilité douce dans les métropoles."],
  ["Salomé Vidal", "Data scientist, elle applique la vision par ordinateur à l'agriculture."],
  ["Gaëlle Morel", "Développeuse et conférencière, elle anime des ateliers d'initiation."],
];

/** Speaker n (1-based) of SPEAKERS, with frab id 100 + n and picture /demo/speakers/n.svg. */
function speaker(n: number): FrabPersonDraft {
  const [name, biography] = SPEAKERS[n - 1] ?? ["", ""];
  // The first speaker's page shows links as an imported profile brings them.
  const links =
    n === 1
      ? [
          { url: "https://example.org/emilie-durand", title: "Site personnel" },
          { url: "https://mastodon.example.org/@emilie", title: "Mastodon" },
        ]
      : undefined;
  return { id: 100 + n, name, picture: `/demo/speakers/${n}.svg`, biography, ...(links ? { links } : {}) };
}

const ASSOCIATIONS = [
  "Réseau Femmes & Numérique",
  "Collectif Numérique Responsable",
  "Club des Startups Rhône-Alpes",
  "Association Santé Connectée",
];

function association(n: number): { name: string; logo: string } {
  return { name: ASSOCIATIONS[n - 1] ?? "", logo: `/demo/associations/${n}.svg` };
}

const TRACKS = {
  ia: { name: "Intelligence artificielle", color: "#7c3aed" },
  securite: { name: "Sécurité & confiance", color: "#dc2626" },
  climat: { name: "Transition écologique", color: "#16a34a" },
  design: { name: "Design & expérience", color: "#db2777" },
  sante: { name: "Santé numérique", color: "#0891b2" },
  industrie: { name: "Industrie du futur", color: "#d97706" },
} as const;

type TrackKey = keyof typeof TRACKS;
type TypeName = "Keynote" | "Talk" | "Workshop" | "Lightning talk" | "Panel";

/** One talk: day (0 = yesterday), room, start, minutes, type, track, title, speakers, association. */
type TalkRow = [
  day: number,
  room: string,
  start: string,
  minutes: number,
  type: TypeName,
  track: TrackKey | null,
  title: string,
  speakers: number[],
  association?: number,
];

const LUMIERE = "Amphithéâtre Lumière";
const RHONE = "Salle Rhône";
const SAONE = "Salle Saône";
const CONFLUENCE = "Atelier Confluence";

const DEMO_TALKS: TalkRow[] = [
  // Day 1
  [0, LUMIERE, "09:00", 45, "Keynote", "ia", "Ouverture : l'innovation au service de tous", [1]],
  [0, LUMIERE, "10:00", 45, "Talk", "ia", "L'IA générative en entreprise : promesses et réalités", [2]],
  [0, LUMIERE, "11:00", 30, "Talk", "securite", "Sécurité des API : les dix erreurs que nous faisons tous", [3]],
  [0, LUMIERE, "11:45", 60, "Panel", "climat", "Table ronde : la sobriété numérique est-elle rentable ?", [4, 5, 6], 2],
  [
    0,
    LUMIERE,
    "14:00",
    45,
    "Talk",
    "sante",
    "Dossier médical partagé : ce que les patients attendent vraiment",
    [7],
    4,
  ],
  [0, LUMIERE, "15:00", 30, "Talk", "design", "Accessibilité : concevoir pour les 15 % oubliés", [8]],
  [0, LUMIERE, "16:00", 45, "Talk", "industrie", "Jumeaux numériques : retour d'expérience d'une usine lyonnaise", [9]],
  [0, LUMIERE, "17:15", 45, "Keynote", null, "Où va l'innovation française ? Bilan de la première journée", [10]],
  [0, RHONE, "10:00", 45, "Talk", "securite", "Authentification sans mot de passe : les passkeys en pratique", [11]],
  [0, RHONE, "11:00", 30, "Talk", "ia", "Des modèles de langage embarqués sur téléphone", [12]],
  [0, RHONE, "14:00", 45, "Talk", "climat", "Mesurer l'empreinte carbone d'un service numérique", [13], 2],
  [0, RHONE, "15:00", 30, "Talk", "design", "Écrire pour le web : clarté, concision et accents", [14]],
  [0, RHONE, "16:00", 60, "Panel", "sante", "Santé et données personnelles : qui décide ?", [7, 15, 16], 4],
  [0, SAONE, "10:00", 30, "Talk", "industrie", "Robots collaboratifs : une cohabitation réussie", [17]],
  [0, SAONE, "11:00", 45, "Talk", "climat", "Réemploi du matériel informatique : le guide pratique", [18]],
  [0, SAONE, "14:00", 30, "Talk", "ia", "Détecter les biais dans vos jeux de données", [19], 1],
  [
    0,
    SAONE,
    "15:00",
    45,
    "Talk",
    "securite",
    "Sécurité des systèmes industriels : retour d'expérience sur dix ans d'incidents et de correctifs en production",
    [20],
  ],
  [
    0,
    CONFLUENCE,
    "10:00",
    120,
    "Workshop",
    "ia",
    "Atelier : construire son premier assistant conversationnel",
    [23, 19],
  ],
  [
    0,
    CONFLUENCE,
    "14:00",
    120,
    "Workshop",
    "design",
    "Atelier : prototypage rapide avec du papier et des ciseaux",
    [21, 24],
  ],
  [0, CONFLUENCE, "16:30", 90, "Workshop", "securite", "Atelier : capture du drapeau pour débutants", [3, 20]],
  // Day 2: today
  [1, LUMIERE, "09:00", 45, "Keynote", "sante", "La médecine de demain se construit aujourd'hui", [15]],
  [1, LUMIERE, "10:00", 45, "Talk", "ia", "Agents autonomes : jusqu'où leur faire confiance ?", [1]],
  [
    1,
    LUMIERE,
    "11:00",
    45,
    "Panel",
    "securite",
    "Table ronde : la cybersécurité des PME, état des lieux",
    [3, 11, 16],
    3,
  ],
  [1, LUMIERE, "14:00", 30, "Talk", "climat", "Chauffer une piscine avec des serveurs : la chaleur fatale", [18]],
  [1, LUMIERE, "14:45", 30, "Talk", "industrie", "Impression 3D métal : de la pièce unique à la série", [17]],
  [1, LUMIERE, "15:30", 45, "Talk", "design", "Le design system qui a réconcilié nos équipes", [21]],
  [1, LUMIERE, "16:30", 60, "Panel", "climat", "Table ronde : mobilité douce et villes intelligentes", [4, 22, 13]],
  [1, LUMIERE, "18:00", 45, "Keynote", null, "Innover sans s'épuiser", [5]],
  [1, RHONE, "09:30", 30, "Talk", "sante", "Objets connectés et suivi des maladies chroniques", [16], 4],
  [1, RHONE, "10:15", 45, "Talk", "securite", "Chiffrement post-quantique : faut-il migrer dès maintenant ?", [20]],
  [1, RHONE, "11:15", 30, "Talk", "ia", "Vision par ordinateur pour l'agriculture de précision", [23]],
  [1, RHONE, "14:00", 45, "Talk", "design", "Recherche utilisateur : interroger sans orienter", [14]],
  [1, RHONE, "15:00", 45, "Talk", "ia", "Éthique de l'IA : du principe à la pratique", [19], 1],
  [1, RHONE, "16:00", 30, "Talk", "industrie", "Maintenance prédictive avec trois capteurs et un tableur", [9]],
  [1, SAONE, "10:00", 45, "Talk", "climat", "Low-tech : l'innovation par la simplicité", [6]],
  [1, SAONE, "11:00", 45, "Talk", "sante", "Télémédecine en zone rurale : un an après", [7]],
  [1, SAONE, "14:00", 10, "Lightning talk", null, "Éclair : git bisect m'a sauvé la vie", [24]],
  [1, SAONE, "14:12", 10, "Lightning talk", null, "Éclair : trois façons de rater une démo", [12]],
  [1, SAONE, "14:24", 10, "Lightning talk", null, "Éclair : pourquoi j'ai quitté le cloud", [22]],
  [1, SAONE, "14:36", 10, "Lightning talk", null, "Éclair : un clavier français pour les développeurs", [10]],
  [1, SAONE, "14:48", 10, "Lightning talk", null, "Éclair : le café, meilleur outil de gestion de projet", [21]],
  [1, SAONE, "16:00", 45, "Talk", "securite", "Hameçonnage : former ses équipes sans les culpabiliser", [11]],
  [1, CONFLUENCE, "09:30", 90, "Workshop", "climat", "Atelier : éco-concevoir une page web", [13, 24], 2],
  [
    1,
    CONFLUENCE,
    "11:30",
    60,
    "Workshop",
    "securite",
    "Atelier : sauvegardes et restauration, les bons réflexes",
    [20],
  ],
  [
    1,
    CONFLUENCE,
    "14:00",
    120,
    "Workshop",
    "ia",
    "Atelier : entraîner un petit modèle sur ses propres données",
    [2, 23],
  ],
  [1, CONFLUENCE, "16:30", 90, "Workshop", "industrie", "Atelier : programmer un bras robotique", [17]],
  // Day 3
  [2, LUMIERE, "09:00", 45, "Keynote", "climat", "L'industrie française face au défi climatique", [22]],
  [2, LUMIERE, "10:00", 60, "Panel", "ia", "Table ronde : l'IA et l'emploi, regards croisés", [1, 2, 23]],
  [
    2,
    LUMIERE,
    "11:15",
    45,
    "Talk",
    "sante",
    "Protéger les données de santé : obligations et bonnes pratiques",
    [15],
    4,
  ],
  [2, LUMIERE, "14:00", 45, "Talk", "design", "Concevoir des interfaces vocales en français", [24]],
  [2, LUMIERE, "15:00", 30, "Talk", "industrie", "Usine sobre : réduire de 30 % la consommation d'énergie", [9]],
  [2, LUMIERE, "16:00", 45, "Keynote", null, "Clôture du salon et remise des prix de l'innovation", [10]],
  [2, RHONE, "10:00", 30, "Talk", "securite", "La sécurité dès la conception, sans ralentir les équipes", [20]],
  [2, RHONE, "11:00", 45, "Talk", "ia", "Traduire automatiquement sans perdre le sens", [12]],
  [2, RHONE, "14:00", 30, "Talk", "climat", "Numérique responsable dans les collectivités", [13], 2],
  [2, RHONE, "15:00", 45, "Talk", "sante", "Intelligence artificielle et imagerie médicale", [16]],
  [2, SAONE, "10:00", 45, "Talk", "design", "Créer une identité visuelle qui dure", [21]],
  [2, SAONE, "11:00", 30, "Talk", "industrie", "Cobotique et ergonomie : le point de vue des opérateurs", [17]],
  [
    2,
    SAONE,
    "14:00",
    60,
    "Panel",
    null,
    "Table ronde : entreprendre en région, les clés du financement",
    [18, 5, 8],
    3,
  ],
  [2, SAONE, "15:30", 30, "Talk", "ia", "Apprentissage fédéré : partager les modèles, pas les données", [19], 1],
  [2, CONFLUENCE, "10:00", 120, "Workshop", "design", "Atelier : tests d'utilisabilité en une matinée", [14, 8]],
  [2, CONFLUENCE, "14:00", 90, "Workshop", "securite", "Atelier : durcir un serveur Linux pas à pas", [11]],
];

const BELLECOUR = "Salon Bellecour";
const TERREAUX = "Salon Terreaux";

const PRIVATE_TALKS: TalkRow[] = [
  [0, BELLECOUR, "09:30", 30, "Keynote", null, "Accueil des partenaires et bilan de l'édition 2025", [10]],
  [0, BELLECOUR, "10:15", 45, "Talk", "ia", "Feuille de route IA du salon pour 2027", [1]],
  [0, BELLECOUR, "11:15", 45, "Panel", "climat", "Table ronde : engagements climat des exposants", [4, 5], 2],
  [0, BELLECOUR, "14:00", 60, "Workshop", "design", "Atelier : la signalétique du prochain salon", [21, 8]],
  [0, TERREAUX, "10:00", 30, "Talk", "securite", "Sécurité des badges d'accès : résultats de l'audit", [3]],
  [0, TERREAUX, "11:00", 45, "Talk", "sante", "Prévention et accueil des visiteurs fragiles", [15], 4],
  [0, TERREAUX, "14:00", 30, "Talk", "industrie", "Logistique du montage : ce que nous changeons", [9]],
  [0, TERREAUX, "15:00", 45, "Talk", null, "Questions ouvertes aux organisateurs", [10, 1]],
];

function minutesOf(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(":").map(Number);
  return hours * 60 + minutes;
}

function abstractOf(type: TypeName, track: TrackKey | null): string {
  const theme = track ? ` autour du thème « ${TRACKS[track].name} »` : "";
  switch (type) {
    case "Keynote":
      return `Une intervention d'ouverture${theme} pour donner le ton de la journée.`;
    case "Workshop":
      return `Un atelier pratique${theme} : venez avec votre ordinateur portable, les places sont limitées.`;
    case "Lightning talk":
      return "Dix minutes, une idée, pas de questions : le format éclair.";
    case "Panel":
      return `Une table ronde${theme} où les intervenants confrontent leurs expériences.`;
    case "Talk":
      return `Une conférence${theme}, suivie de questions du public.`;
  }
}

function talkDrafts(rows: TalkRow[], firstId: number): FrabTalkDraft[] {
  return rows.map(([day, room, start, minutes, type, track, title, speakers, associationNumber], index) => ({
    id: firstId + index,
    day,
    room,
    start: minutesOf(start),
    duration: minutes,
    title,
    type,
    track: track ? TRACKS[track].name : null,
    abstract: abstractOf(type, track),
    description:
      type === "Workshop"
        ? "<p>Inscription sur place, à l'accueil du salon.</p><ul><li>Ordinateur portable</li><li>Curiosité</li></ul>"
        : null,
    persons: speakers.map(speaker),
    association: associationNumber ? association(associationNumber) : null,
  }));
}

const DEMO_SETTINGS: ImportedEventSettings = {
  logo: "/demo/logo.svg",
  venue: "Cité des congrès, 12 quai de l'Innovation, 69002 Lyon",
  adHtml:
    '<div class="demo-ad"><p><strong>Billetterie ouverte !</strong> Tarif réduit pour les étudiants et les associations.</p>' +
    '<p><a href="https://salon-innovation.example/billetterie" target="_blank" rel="noopener">Réserver ma place</a></p></div>',
  allowAnonymousAccess: true,
  allowCreateAccount: true,
  forum: true,
  quiz: true,
  showVideoViews: true,
  scheduleBackgroundColor: "#0b3954",
  scheduleTextColor: "#ffffff",
  password: null,
  // The main hall streams its talks to a Jitsi Meet room of its own per talk.
  liveRoomUrlTemplate: "https://meet.jit.si/{slug}-{roomName}-{presentationId}",
  visioRooms: [LUMIERE],
};

/** The public demo conference (slug `demo`) as frab JSON; `today`'s local date is its middle day. */
export function buildDemoSchedule(today: Date): unknown {
  return frabDocument({
    acronym: "salon-innovation-2026",
    title: "Salon de l'Innovation 2026",
    timeZone: TIME_ZONE,
    days: [localDate(today, TIME_ZONE, -1), localDate(today, TIME_ZONE), localDate(today, TIME_ZONE, 1)],
    rooms: [LUMIERE, RHONE, SAONE, CONFLUENCE],
    tracks: Object.values(TRACKS),
    talks: talkDrafts(DEMO_TALKS, 1001),
    engagement: DEMO_SETTINGS,
  });
}

/** The password-protected demo event (slug `demo-private`), one day: `today`. */
export function buildDemoPrivateSchedule(today: Date): unknown {
  return frabDocument({
    acronym: "salon-innovation-2026-partenaires",
    title: "Rencontres des partenaires du Salon 2026",
    timeZone: TIME_ZONE,
    days: [localDate(today, TIME_ZONE)],
    rooms: [BELLECOUR, TERREAUX],
    tracks: Object.values(TRACKS),
    talks: talkDrafts(PRIVATE_TALKS, 2001),
    engagement: {
      ...DEMO_SETTINGS,
      venue: "Cité des congrès, salons du premier étage, 69002 Lyon",
      adHtml: null,
      allowAnonymousAccess: false,
      showVideoViews: false,
      password: "salon2026",
    },
  });
}
