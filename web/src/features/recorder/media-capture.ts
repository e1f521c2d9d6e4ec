/** The camera (with the microphone) and the screen, as the browser lends them. */

const CAMERA: MediaStreamConstraints = {
  video: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } },
  audio: { echoCancellation: true, noiseSuppression: true },
};

// The slides rarely move: 15 images a second keep text sharp at a fraction of the size.
const SCREEN: DisplayMediaStreamOptions = { video: { frameRate: { ideal: 15 } }, audio: false };

export function openCamera(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia(CAMERA);
}

export function openScreen(): Promise<MediaStream> {
  return navigator.mediaDevices.getDisplayMedia(SCREEN);
}

export function closeStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Whether this browser records at all (MediaRecorder and screen capture). */
export function canRecord(): boolean {
  return (
    typeof MediaRecorder !== "undefined" &&
    typeof navigator.mediaDevices?.getUserMedia === "function" &&
    typeof navigator.mediaDevices?.getDisplayMedia === "function"
  );
}
