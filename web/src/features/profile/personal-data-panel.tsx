import { MAX_PASSWORD_LENGTH } from "@core/auth/schemas";
import { ErrorCode } from "@core/errors";
import { useStore } from "jotai";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { sessionAtom } from "../../app-state/session";
import { Button } from "../../components/button";
import { Checkbox } from "../../components/checkbox";
import { SafeAnswerButton } from "../../components/confirm-dialog";
import confirmStyles from "../../components/confirm-dialog.module.css";
import { ModalDialog } from "../../components/dialog";
import { PasswordField } from "../../components/form-field";
import { DownloadIcon, TrashIcon } from "../../components/icons";
import { Notice } from "../../components/notice";
import { asApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useFormSubmit } from "../../lib/use-form-submit";
import { useLogOut } from "../auth/use-log-out";
import { problemKey } from "./problem-key";
import { deleteAccount, downloadPersonalData } from "./profile-api";
import styles from "./profile-modal.module.css";

const DeletionFields = v.object({
  password: v.pipe(v.string(), v.nonEmpty("required"), v.maxLength(MAX_PASSWORD_LENGTH)),
  removePosts: v.boolean(),
});

/** Hands the browser a file to save, as a download link would. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the address is not needed afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The profile's "my data" tab: download everything the platform holds about the user, or delete the account. */
export function PersonalDataPanel({ slug, onAccountDeleted }: { slug: string; onAccountDeleted: () => void }) {
  const { t } = useTranslation("profile");
  const store = useStore();
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const exportTitleId = useId();
  const deleteTitleId = useId();

  async function download() {
    const session = store.get(sessionAtom(slug));
    if (!session) return;
    setDownloading(true);
    setDownloadFailed(false);
    try {
      const { blob, fileName } = await downloadPersonalData(session.token);
      saveFile(blob, fileName);
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className={styles.form}>
      <section className={styles.dataSection} aria-labelledby={exportTitleId}>
        <h3 id={exportTitleId} className={styles.dataTitle}>
          {t("data.export.title")}
        </h3>
        <p className={styles.hint}>{t("data.export.text")}</p>
        {downloadFailed ? (
          <Notice tone="danger" testId="profile-data-export-error">
            {t("data.export.error")}
          </Notice>
        ) : null}
        <Button
          variant="secondary"
          block
          icon={<DownloadIcon />}
          onPress={() => void download()}
          isDisabled={downloading}
          data-testid="profile-data-export"
        >
          {t("data.export.submit")}
        </Button>
      </section>
      <section className={styles.dataSection} aria-labelledby={deleteTitleId}>
        <h3 id={deleteTitleId} className={styles.dataTitle}>
          {t("data.delete.title")}
        </h3>
        <p className={styles.hint}>{t("data.delete.text")}</p>
        <Button
          variant="danger"
          block
          icon={<TrashIcon />}
          onPress={() => setConfirming(true)}
          data-testid="profile-data-delete"
        >
          {t("data.delete.submit")}
        </Button>
      </section>
      {confirming ? (
        <DeleteAccountDialog slug={slug} onCancel={() => setConfirming(false)} onDeleted={onAccountDeleted} />
      ) : null}
    </div>
  );
}

/** The confirmation of a deletion: the password, and whether the forum posts go too. */
function DeleteAccountDialog({
  slug,
  onCancel,
  onDeleted,
}: {
  slug: string;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation("profile");
  const errorText = useApiErrorText();
  const store = useStore();
  const logOut = useLogOut(slug);
  const titleId = useId();
  const [password, setPassword] = useState("");
  const [removePosts, setRemovePosts] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, problems, pending, onSubmit } = useFormSubmit(
    DeletionFields,
    { password, removePosts },
    async (fields) => {
      setFailure(null);
      const session = store.get(sessionAtom(slug));
      if (!session) return;
      try {
        await deleteAccount(session.token, fields);
      } catch (error) {
        const refusal = asApiError(error);
        const explained = refusal.code === ErrorCode.WrongCurrentPassword || refusal.code === ErrorCode.RateLimited;
        setFailure(explained ? errorText(refusal) : t("data.delete.error"));
        return;
      }
      onDeleted();
      // The server has ended every session: this forgets the stored one and the offline copies.
      logOut();
    },
  );

  return (
    <ModalDialog labelledBy={titleId} onDismiss={onCancel} className={confirmStyles.dialog} testId="delete-account">
      <form ref={form} className={styles.form} noValidate onSubmit={onSubmit}>
        <h3 id={titleId} className={confirmStyles.question}>
          {t("data.delete.confirm")}
        </h3>
        <p className={styles.hint}>{t("data.delete.consequences")}</p>
        {failure ? (
          <Notice tone="danger" testId="delete-account-error">
            {failure}
          </Notice>
        ) : null}
        <PasswordField
          label={t("data.delete.password")}
          autoComplete="current-password"
          value={password}
          onChange={(change) => setPassword(change.target.value)}
          error={problems.password ? t(problemKey(problems.password)) : null}
          data-testid="delete-account-password"
        />
        <Checkbox isSelected={removePosts} onChange={setRemovePosts} data-testid="delete-account-remove-posts">
          {t("data.delete.remove-posts")}
        </Checkbox>
        <div className={confirmStyles.actions}>
          <SafeAnswerButton label={t("data.delete.cancel")} onClick={onCancel} testId="delete-account-no" />
          <Button
            type="submit"
            variant="danger"
            className={confirmStyles.answer}
            isDisabled={pending}
            data-testid="delete-account-yes"
          >
            {t("data.delete.yes")}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
