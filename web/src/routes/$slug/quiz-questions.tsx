import { createFileRoute } from "@tanstack/react-router";
import { QuizShortcutPage } from "../../features/quiz-shortcut/quiz-shortcut-page";

export const Route = createFileRoute("/$slug/quiz-questions")({
  component: () => <QuizShortcutPage shortcut="quiz-questions" />,
});
