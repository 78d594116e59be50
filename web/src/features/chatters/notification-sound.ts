let context: AudioContext | null = null;

/** A short two-tone chime made with Web Audio, so no sound file ships with the app. */
export function playNewChatterSound(): void {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    [660, 880].forEach((frequency, index) => {
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + index * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.2, now + index * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + index * 0.12 + 0.25);
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(now + index * 0.12);
      oscillator.stop(now + index * 0.12 + 0.3);
    });
  } catch (error) {
    console.warn('Could not play the new-chatter sound', error);
  }
}
