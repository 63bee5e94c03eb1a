// Short, soft sounds generated with the Web Audio API (no sound files): a rattle for a roll,
// a click for a hold, a chime for a score and a fanfare for a new record or a Yahtzee. On
// phones that can, the player's own roll and score also give a short vibration.

// How long the phone vibrates (ms) for the player's roll and score.
const BUZZ = { roll: 15, score: [12, 60, 12] };

// How long the audio context runs on after its last sound ends. A running context keeps the
// phone's audio output awake, and a thread of the browser working, while nothing plays: once
// quiet this long it is suspended, and the next press or sound resumes it. Longer than the
// computer's longest pause between its steps (5 s), so a computer's turn plays on one run.
const QUIET_MS = 6000;

export class Sound {
  // Sounds start enabled; the audio context is made lazily, on the first sound after a click.
  constructor(nav = window.navigator) {
    this.enabled = true;
    this.context = null;
    this.nav = nav;
    this.vibrating = true;
    this.quietAt = 0;
    this.quiet = null;
  }

  // Whether this browser can vibrate at all (desktop Safari and Firefox cannot).
  canVibrate() {
    return Boolean(this.nav) && typeof this.nav.vibrate === "function";
  }

  // Turn the vibration on or off.
  setVibrate(on) {
    this.vibrating = Boolean(on);
  }

  // A short vibration for the player's roll or score, when on and possible.
  buzz(kind) {
    if (!this.vibrating || !this.canVibrate()) return;
    try {
      this.nav.vibrate(BUZZ[kind]);
    } catch {
      // a browser may refuse before the first tap: no vibration then
    }
  }

  // Safari starts an audio context made outside a user gesture suspended, and the computer's
  // turn plays its sounds after awaits, outside any: its knocks would wait for the player's
  // next tap and then all play at once. So the context is made (or resumed) in the player's
  // own presses, before any sound needs it.
  listen(doc) {
    const unlock = () => {
      if (this.enabled) this.audio();
    };
    doc.addEventListener("pointerdown", unlock, true);
    doc.addEventListener("keydown", unlock, true);
  }

  // Turn all sounds on or off.
  setEnabled(on) {
    this.enabled = Boolean(on);
  }

  // The audio context when sound is on and available, else null.
  audio() {
    if (!this.enabled) return null;
    if (!this.context) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return null;
      try {
        this.context = new Context();
      } catch {
        return null;
      }
    }
    if (this.context.state === "suspended") this.context.resume().catch(() => {});
    this.playing(0);
    return this.context;
  }

  // Something sounds for `seconds` from now: the context runs until QUIET_MS after the last
  // sound ends, then is suspended.
  playing(seconds) {
    const quietAt = Date.now() + seconds * 1000 + QUIET_MS;
    if (this.quiet !== null && quietAt <= this.quietAt) return;
    this.quietAt = quietAt;
    clearTimeout(this.quiet);
    this.quiet = setTimeout(() => {
      this.quiet = null;
      if (this.context && this.context.state === "running") this.context.suspend().catch(() => {});
    }, quietAt - Date.now());
  }

  // One enveloped oscillator note: frequency in Hz, start offset and length in seconds.
  tone(frequency, start, length, type = "sine", level = 0.12) {
    const ctx = this.audio();
    if (!ctx) return;
    const t = ctx.currentTime + start;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(frequency, t);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(level, t + 0.012);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + length + 0.02);
    this.playing(start + length + 0.02);
  }

  // One short band-passed noise burst, like a die knocking on wood.
  knock(start, level = 0.18) {
    const ctx = this.audio();
    if (!ctx) return;
    const length = 0.05;
    const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * length), ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < data.length; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    const filter = ctx.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = 900 + Math.random() * 1400;
    filter.Q.value = 4;
    const gain = ctx.createGain();
    gain.gain.value = level;
    source.connect(filter).connect(gain).connect(ctx.destination);
    source.start(ctx.currentTime + start);
    this.playing(start + length);
  }

  // The rattle of a roll: a handful of knocks spread over about 0.4 s.
  roll(dice = 5) {
    const knocks = 4 + Math.min(dice, 5);
    for (let i = 0; i < knocks; i += 1) this.knock(i * 0.045 + Math.random() * 0.03);
  }

  // A light click when a die is held or released.
  hold() {
    this.tone(1200, 0, 0.05, "triangle", 0.08);
  }

  // A two-note chime when a box is scored.
  score() {
    this.tone(880, 0, 0.22, "sine", 0.1);
    this.tone(1320, 0.08, 0.3, "sine", 0.08);
  }

  // A rising fanfare for a new record or a Yahtzee.
  fanfare() {
    [523, 659, 784, 1047].forEach((f, i) => this.tone(f, i * 0.12, 0.35, "triangle", 0.12));
  }
}
