import { PersonName } from "@core/auth/schemas";
import { useStore } from "jotai";
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { type StoredSession, sessionAtom } from "../../app-state/session";
import { Avatar } from "../../components/avatar";
import { Button } from "../../components/button";
import { TextField } from "../../components/form-field";
import { CameraIcon } from "../../components/icons";
import { Notice } from "../../components/notice";
import { type FormProblem, fieldProblems, useFocusFirstProblem } from "../../lib/form-problems";
import { useSingleFlight } from "../../lib/use-single-flight";
import { problemKey } from "./problem-key";
import { updateProfile, uploadPicture } from "./profile-api";
import styles from "./profile-modal.module.css";
import { pictureFileProblem, resizePicture } from "./resize-picture";

const NameFields = v.object({ name: PersonName });

interface ChosenPicture {
  blob: Blob;
  url: string;
}

type PictureProblem = "required" | "photo.not-image" | "photo.too-large" | "photo.unreadable";
type Problems = { name?: FormProblem; picture?: PictureProblem };
type Message = {
  tone: "success" | "danger";
  key: "photo.update.success" | "photo.update.error" | "profile.update.success" | "profile.update.error";
};

/**
 * Spec §2 'change photo' tab: name and picture (both required, §5), e-mail shown but not
 * editable. A chosen picture is checked (an image of at most 5 MB), cut to a square and resized
 * here before it is sent.
 */
export function PhotoForm({ slug, session }: { slug: string; session: StoredSession }) {
  const { t } = useTranslation("profile");
  const store = useStore();
  const [name, setName] = useState(session.user.name);
  const [chosen, setChosen] = useState<ChosenPicture | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [pending, run] = useSingleFlight();
  const form = useRef<HTMLFormElement>(null);
  const pictureInputId = useId();
  const pictureProblemId = useId();
  useFocusFirstProblem(form, problems);

  // The preview's object URL lives as long as the choice.
  useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  async function choosePicture(change: ChangeEvent<HTMLInputElement>) {
    const file = change.target.files?.[0];
    // Choosing the same file again must fire a change too.
    change.target.value = "";
    if (!file) return;
    setMessage(null);
    const problem = pictureFileProblem(file);
    if (problem) {
      setProblems((current) => ({ ...current, picture: problem }));
      return;
    }
    try {
      const blob = await resizePicture(file);
      setChosen({ blob, url: URL.createObjectURL(blob) });
      setProblems(({ picture: _, ...others }) => others);
    } catch {
      setProblems((current) => ({ ...current, picture: "photo.unreadable" }));
    }
  }

  function submit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    const parsed = v.safeParse(NameFields, { name });
    const found: Problems = parsed.success ? {} : fieldProblems<"name">(parsed.issues);
    if (!chosen && !session.user.picture) found.picture = "required";
    setProblems(found);
    if (!parsed.success || found.picture) return;
    run(async () => {
      setMessage(null);
      const current = store.get(sessionAtom(slug));
      if (!current) return;
      let picture: string | undefined;
      if (chosen) {
        try {
          picture = await uploadPicture(current.token, chosen.blob);
        } catch {
          setMessage({ tone: "danger", key: "photo.update.error" });
          return;
        }
      }
      try {
        const user = await updateProfile(current.token, { name: parsed.output.name, picture });
        const latest = store.get(sessionAtom(slug));
        if (latest) store.set(sessionAtom(slug), { ...latest, user });
        setChosen(null);
        setName(user.name);
        setMessage({ tone: "success", key: picture ? "photo.update.success" : "profile.update.success" });
      } catch {
        setMessage({ tone: "danger", key: picture ? "photo.update.error" : "profile.update.error" });
      }
    });
  }

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={submit}>
      {message ? (
        <Notice tone={message.tone} testId="profile-notice">
          {t(message.key)}
        </Notice>
      ) : null}
      <div className={styles.picture}>
        <span
          className={styles.preview}
          data-testid="profile-picture-preview"
          data-chosen={chosen ? "true" : undefined}
        >
          <Avatar name={name || session.user.name} src={chosen?.url ?? session.user.picture} size={96} />
        </span>
        <div className={styles.pictureText}>
          <label
            htmlFor={pictureInputId}
            className={styles.choose}
            data-invalid={problems.picture ? "true" : undefined}
          >
            <CameraIcon />
            {t(session.user.picture || chosen ? "photo.change" : "photo.choose")}
          </label>
          <input
            id={pictureInputId}
            type="file"
            accept="image/*"
            className="visually-hidden"
            onChange={choosePicture}
            aria-invalid={problems.picture ? true : undefined}
            aria-describedby={problems.picture ? pictureProblemId : undefined}
            data-testid="profile-picture-input"
          />
          <p className={styles.hint}>{t("photo.hint")}</p>
          {problems.picture ? (
            <p id={pictureProblemId} className={styles.problem} data-testid="profile-picture-input-error">
              {t(problems.picture)}
            </p>
          ) : null}
        </div>
      </div>
      <TextField
        label={t("field.name")}
        autoComplete="name"
        value={name}
        onChange={(change) => setName(change.target.value)}
        error={problems.name ? t(problemKey(problems.name)) : null}
        data-testid="profile-name"
      />
      <TextField
        label={t("field.email")}
        type="email"
        value={session.user.email}
        disabled
        data-testid="profile-email"
      />
      <Button type="submit" className={styles.submit} isDisabled={pending} data-testid="profile-save">
        {pending ? t("saving") : t("save")}
      </Button>
    </form>
  );
}
