import { useEffect, useState } from "react";

/**
 * The microphone's level, 0 to 1 (RMS of the Web Audio AnalyserNode's waveform, a few times a
 * second), and the loudest level heard so far.
 */
export function useMicrophoneLevel(stream: MediaStream | null): { level: number; peak: number } {
  const [reading, setReading] = useState({ level: 0, peak: 0 });
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0) return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let frame = 0;
    let peak = 0;
    let last = 0;
    const read = (now: number) => {
      frame = requestAnimationFrame(read);
      if (now - last < 100) return;
      last = now;
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      // Speech sits around 0.05–0.2 RMS: scaled so a normal voice fills most of the bar.
      const level = Math.min(1, Math.sqrt(sum / samples.length) * 4);
      peak = Math.max(peak, level);
      setReading({ level, peak });
    };
    frame = requestAnimationFrame(read);
    // A page opened without a click may start its audio suspended.
    void context.resume();
    return () => {
      cancelAnimationFrame(frame);
      void context.close();
    };
  }, [stream]);
  return reading;
}
