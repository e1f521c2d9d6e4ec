import { withWebmDuration } from "./webm-duration";

/** The formats tried in order: WebM first (Chromium, Firefox), MP4 where only it exists (Safari). */
const FORMATS = ["video/webm;codecs=vp9,opus", "video/webm;codecs=vp8,opus", "video/webm", "video/mp4"];

function supportedFormat(): string | undefined {
  return FORMATS.find((format) => MediaRecorder.isTypeSupported(format));
}

const extensionOf = (type: string) => (type.startsWith("video/mp4") ? "mp4" : "webm");

export interface RecordedTake {
  webcam: File;
  screen: File;
  seconds: number;
}

export interface RunningRecording {
  /** Stops both recorders; resolves once both files are complete. */
  stop: () => Promise<RecordedTake>;
}

function recordOne(stream: MediaStream, mimeType: string | undefined) {
  const recorder = new MediaRecorder(stream, {
    mimeType,
    videoBitsPerSecond: 2_500_000,
    audioBitsPerSecond: 128_000,
  });
  const chunks: Blob[] = [];
  recorder.addEventListener("dataavailable", (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  });
  const stopped = new Promise<Blob>((resolve) => {
    recorder.addEventListener("stop", () => resolve(new Blob(chunks, { type: recorder.mimeType || mimeType })));
  });
  // A chunk a second: a long take never waits in one buffer until the end.
  recorder.start(1000);
  return {
    stop: () => {
      if (recorder.state !== "inactive") recorder.stop();
      return stopped;
    },
  };
}

/**
 * Records the webcam (with the microphone) and the screen side by side, started together so the
 * two files share their zero: the player keeps them in step from there.
 */
export function startRecording(webcam: MediaStream, screen: MediaStream): RunningRecording {
  const format = supportedFormat();
  const startedAt = performance.now();
  const webcamRun = recordOne(webcam, format);
  const screenRun = recordOne(screen, format);
  return {
    stop: async () => {
      const [webcamBlob, screenBlob] = await Promise.all([webcamRun.stop(), screenRun.stop()]);
      const seconds = (performance.now() - startedAt) / 1000;
      const stamp = new Date().toISOString().slice(0, 19).replace(/[T:]/g, "-");
      const type = webcamBlob.type || "video/webm";
      const finished = (blob: Blob) => (extensionOf(type) === "webm" ? withWebmDuration(blob, seconds) : blob);
      return {
        webcam: new File([await finished(webcamBlob)], `webcam-${stamp}.${extensionOf(type)}`, { type }),
        screen: new File([await finished(screenBlob)], `screen-${stamp}.${extensionOf(type)}`, { type }),
        seconds: Math.round(seconds),
      };
    },
  };
}
