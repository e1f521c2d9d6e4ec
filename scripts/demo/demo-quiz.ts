/**
 * The live quiz of the demo: five French questions on today's talk of `speaker@demo.test`
 * (Émilie Durand, DEMO_SPEAKER_EXTERNAL_ID), written as the body of
 * `PUT /api/quiz/{presentationId}/questions` so the seed saves them like the question editor does.
 */

import type { QuestionsInput } from "@core/quiz/authoring";
import type * as v from "valibot";

type DemoQuestion = v.InferInput<typeof QuestionsInput>["questions"][number];

const choice = (option: string, correct = false) => ({ option, correct });

export const DEMO_QUIZ: { presentationName: string; questions: DemoQuestion[] } = {
  /** The demo talk of the middle day (today) whose speaker is the demo speaker account. */
  presentationName: "Agents autonomes : jusqu'où leur faire confiance ?",
  questions: [
    {
      question: "Qu'appelle-t-on un « agent autonome » en intelligence artificielle ?",
      options: [
        choice("Un programme qui planifie et agit seul pour atteindre un but", true),
        choice("Un robot aspirateur piloté à distance"),
        choice("Un chatbot qui ne répond qu'aux questions fréquentes"),
        choice("Un consultant indépendant spécialisé en IA"),
      ],
    },
    {
      // Multi-answer: correct only when exactly these three are chosen.
      question: "Quels garde-fous limitent les risques d'un agent autonome ?",
      options: [
        choice("Une validation humaine avant les actions sensibles", true),
        choice("Des permissions limitées au strict nécessaire", true),
        choice("Un accès administrateur à tous les systèmes"),
        choice("Un journal de toutes ses actions", true),
      ],
    },
    {
      question: "En quelle année l'expression « intelligence artificielle » est-elle née, à Dartmouth ?",
      options: [choice("1936"), choice("1956", true), choice("1971"), choice("1989")],
    },
    {
      question: "Que signifie le sigle LLM ?",
      options: [
        choice("Large Language Model", true),
        choice("Logiciel de logique mathématique"),
        choice("Long Learning Machine"),
      ],
    },
    {
      question: "Confieriez-vous vos réservations de voyage à un agent autonome ?",
      is_survey: true,
      options: [
        choice("Oui, sans hésiter"),
        choice("Oui, avec une validation finale"),
        choice("Pas encore"),
        choice("Jamais"),
      ],
    },
  ],
};
