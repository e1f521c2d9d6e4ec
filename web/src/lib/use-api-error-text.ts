import { useTranslation } from "react-i18next";
import type { ApiError } from "./api";

/** The reader's-language text for a failed call: the error code's message, or "cannot reach the server". */
export function useApiErrorText(): (error: ApiError) => string {
  const { t } = useTranslation(["errors", "common"]);
  return (error) => (error.code === "network" ? t("common:error.offline") : t(error.code));
}
