import { useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { BrokenLinkIcon, VideoCameraIcon } from "../../../components/icons";
import { StatusScreen } from "../../../components/status-screen";
import { type RecordedTalk, RecorderPage } from "../../../features/recorder/recorder-page";
import type { TakeSaver } from "../../../features/recorder/recorder-panel";
import { useSpeakerLink } from "../../../features/recorder/use-speaker-link";
import { useUploadRun } from "../../../features/versions/use-upload-run";
import { createVersion, fetchSpeakerPresentation } from "../../../features/versions/versions-api";
import { type ApiError, asApiError } from "../../../lib/api";
import { useApiErrorText } from "../../../lib/use-api-error-text";
import { useEventBrand } from "../../../lib/use-event-brand";

/**
 * The recording link opened: its token checked as the talk's speaker's, the talk loaded, then the
 * recorder, whose take goes through the versions' resumable upload as a version of mode first
 * (screen as the video, camera as the webcam) before the videos page shows it processing.
 */
export function RecordingLink({
  slug,
  presentationId,
  userId,
  token,
}: {
  slug: string;
  presentationId: number;
  userId: number;
  token: string;
}) {
  const { t } = useTranslation("live");
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const link = useSpeakerLink(slug, userId, token);
  const theme = useEventBrand(slug);
  const [talk, setTalk] = useState<RecordedTalk | null>(null);
  const [loadFailed, setLoadFailed] = useState<ApiError | null>(null);
  const access = useMemo(() => ({ presentationId, token, userId }), [presentationId, token, userId]);
  const { percent, upload } = useUploadRun(access);
  const videosPath = `/${slug}/my-presentations/${presentationId}/videos`;

  useEffect(() => {
    if (link.kind !== "valid") return;
    const controller = new AbortController();
    fetchSpeakerPresentation(presentationId, token, controller.signal).then(setTalk, (error: unknown) => {
      if (!controller.signal.aborted) setLoadFailed(asApiError(error));
    });
    return () => controller.abort();
  }, [link.kind, presentationId, token]);

  const saver: TakeSaver = {
    percent,
    save: async (take) => {
      try {
        const [video, webcam] = await upload([
          { file: take.screen, kind: "video" },
          { file: take.webcam, kind: "video" },
        ]);
        await createVersion(presentationId, { option: "first", video, webcam, fileName: take.screen.name }, token);
      } catch (error) {
        throw new Error(errorText(asApiError(error)));
      }
      await navigate({ to: videosPath });
    },
  };

  if (link.kind === "invalid") {
    return (
      <StatusScreen
        icon={<BrokenLinkIcon />}
        title={t("recorder.invalid.title")}
        tone="danger"
        testId="recorder-invalid"
        theme={theme}
      >
        {t("recorder.invalid.text")}
      </StatusScreen>
    );
  }
  const failed = link.kind === "failed" ? link.error : loadFailed;
  const failure = failed ? errorText(failed) : null;
  if (failure) {
    return (
      <StatusScreen
        icon={<VideoCameraIcon />}
        title={t("recorder.title")}
        tone="danger"
        testId="recorder-failed"
        theme={theme}
      >
        {failure}
      </StatusScreen>
    );
  }
  if (!talk) {
    return (
      <StatusScreen icon={<VideoCameraIcon />} title={t("recorder.title")} testId="recorder-loading" theme={theme}>
        {t("recorder.loading")}
      </StatusScreen>
    );
  }
  return <RecorderPage talk={talk} backHref={videosPath} saver={saver} theme={theme} />;
}
