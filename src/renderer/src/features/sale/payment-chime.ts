// The "paid" sound: two rising notes from a Web Audio oscillator, so no audio asset ships and
// the CSP needs no media source. Loud enough for a busy counter, short enough not to annoy.
//
// Every chime is also counted on `window.__counterChimes`, before any audio is tried: the
// end-to-end tests run a headless browser with no audio device, and they check that a payment
// (an offline sale confirmed later included) "made its sound" exactly once by reading this count.
// A plain number on the page, nothing else reads it.
let context: AudioContext | null = null;

export function playPaidChime(): void {
  countChime();
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime + 0.02;
    note(context, 880, start, 0.14);
    note(context, 1318.5, start + 0.15, 0.28);
  } catch {
    // No audio device: the big green screen is the confirmation that matters.
  }
}

function note(ctx: AudioContext, frequency: number, at: number, duration: number) {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.3, at + 0.015);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + duration);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(at);
  oscillator.stop(at + duration + 0.02);
}

function countChime(): void {
  if (typeof window === 'undefined') return;
  window.__counterChimes = (window.__counterChimes ?? 0) + 1;
}
