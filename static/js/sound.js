// Sound effects and a short vibration, made here: every sound is synthesised with the
// Web Audio API (filtered noise for the cards, soft sine tones for the rest); there is
// no audio file. Python asks for a sound by its cue's name
// (window.briscolaSound.play("card")); this file decides how it sounds.
//
// Nothing sounds before the page is touched (the browsers' autoplay policy, and good
// manners): the AudioContext is made at the first tap, click or key while sound is on,
// never before. Without Web Audio, or without vibration, every call is a quiet no-op.
// Python says whether sound is on (setEnabled); until it does, sound is off.
(() => {
  const MASTER_GAIN = 0.8; // everything is mixed well below full scale
  const VIBRATE_MS = 40; // one short pulse on the person's turn
  const LOG_MAX = 200;
  const MAX_QUEUE_S = 1.2; // sounds asked for together play one after another, within this
  const AudioCtx = window.AudioContext || window.webkitAudioContext;

  let ctx = null;
  let master = null;
  let enabled = false;
  let gestured = false;
  let cursor = 0; // when the sounds already queued leave room for the next one
  const log = []; // what was asked for: {name, sounded, vibrated} (read by the tests)
  const noiseBuffers = new WeakMap();

  // Has the person interacted with the page? The browser knows best (a Tab or an Escape
  // does not count); where it cannot say, any tap, click or key press counts.
  const touched = () =>
    navigator.userActivation ? navigator.userActivation.hasBeenActive : gestured;

  // -- building blocks: each schedules on (c, out) from time t --------------------------
  function noise(c) {
    let buffer = noiseBuffers.get(c);
    if (!buffer) {
      buffer = c.createBuffer(1, c.sampleRate, c.sampleRate); // one second of white noise
      const data = buffer.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
      noiseBuffers.set(c, buffer);
    }
    return buffer;
  }

  function envelope(c, t, peak, attack, decay) {
    const g = c.createGain();
    g.gain.setValueAtTime(0.0001, t);
    g.gain.exponentialRampToValueAtTime(peak, t + attack);
    g.gain.exponentialRampToValueAtTime(0.0001, t + attack + decay);
    return g;
  }

  const vary = (x, by = 0.08) => x * (1 + (Math.random() * 2 - 1) * by); // no two cards alike

  // a card sliding on the cloth: noise through a band-pass that sweeps
  function swish(c, out, t, { from, to, q = 0.9, peak, dur }) {
    const src = c.createBufferSource();
    src.buffer = noise(c);
    const band = c.createBiquadFilter();
    band.type = "bandpass";
    band.Q.value = q;
    band.frequency.setValueAtTime(from, t);
    band.frequency.exponentialRampToValueAtTime(to, t + dur);
    const g = envelope(c, t, peak, 0.006, dur);
    src.connect(band).connect(g).connect(out);
    src.start(t, Math.random() * 0.5);
    src.stop(t + dur + 0.05);
  }

  // a soft tone: a sine with a quiet octave above it (a little like a bell)
  function tone(c, out, t, { freq, peak, dur, attack = 0.012, glide = 0, octave = 0.25 }) {
    const g = envelope(c, t, peak, attack, dur);
    g.connect(out);
    for (const [mult, level] of [[1, 1], [2, octave]]) {
      if (!level) continue;
      const osc = c.createOscillator();
      osc.type = "sine";
      osc.frequency.setValueAtTime(freq * mult, t);
      if (glide) osc.frequency.exponentialRampToValueAtTime(glide * mult, t + attack + dur);
      const part = c.createGain();
      part.gain.value = level;
      osc.connect(part).connect(g);
      osc.start(t);
      osc.stop(t + attack + dur + 0.05);
    }
  }

  // -- the sounds: each returns how long until the next queued one may start -----------
  const SOUNDS = {
    card(c, out, t) {
      swish(c, out, t, { from: vary(3200), to: vary(1300), peak: 1.2, dur: 0.09 });
      tone(c, out, t + 0.05, { freq: 150, glide: 90, peak: 0.25, dur: 0.06, attack: 0.004, octave: 0 });
      return 0.13;
    },
    deal(c, out, t) {
      for (let i = 0; i < 4; i++) {
        swish(c, out, t + i * 0.075, { from: vary(3400), to: vary(1500), peak: 0.4, dur: 0.07 });
      }
      return 0.4;
    },
    bid(c, out, t) {
      swish(c, out, t, { from: 1100, to: 700, q: 1.5, peak: 0.8, dur: 0.035 });
      tone(c, out, t, { freq: vary(620, 0.03), peak: 0.2, dur: 0.09, attack: 0.006, octave: 0.15 });
      return 0.12;
    },
    "trick-ours"(c, out, t) { // the cards swept in, and a rising pair of notes
      swish(c, out, t, { from: 900, to: 2600, peak: 0.7, dur: 0.18 });
      tone(c, out, t + 0.1, { freq: 659.25, peak: 0.15, dur: 0.3 });
      tone(c, out, t + 0.2, { freq: 880, peak: 0.15, dur: 0.4 });
      return 0.55;
    },
    "trick-theirs"(c, out, t) { // the cards swept away, and one low note
      swish(c, out, t, { from: 2400, to: 800, peak: 0.9, dur: 0.18 });
      tone(c, out, t + 0.1, { freq: 329.63, glide: 311.13, peak: 0.16, dur: 0.3, octave: 0.1 });
      return 0.4;
    },
    win(c, out, t) { // C E G C, up
      [523.25, 659.25, 783.99, 1046.5].forEach((f, i) =>
        tone(c, out, t + i * 0.11, { freq: f, peak: 0.17, dur: i === 3 ? 0.9 : 0.45 }));
      return 1.3;
    },
    lose(c, out, t) { // G F D, down and slower
      [392, 349.23, 293.66].forEach((f, i) =>
        tone(c, out, t + i * 0.17, { freq: f, peak: 0.17, dur: i === 2 ? 0.8 : 0.4, octave: 0.12 }));
      return 1.2;
    },
    draw(c, out, t) { // C then G below: neither up nor down
      tone(c, out, t, { freq: 523.25, peak: 0.16, dur: 0.4 });
      tone(c, out, t + 0.16, { freq: 392, peak: 0.16, dur: 0.6 });
      return 0.9;
    },
    turn(c, out, t) { // a gentle pip
      tone(c, out, t + 0.06, { freq: 880, peak: 0.1, dur: 0.12, octave: 0.2 });
      return 0.2;
    },
  };

  function chain(c) {
    const gain = c.createGain();
    gain.gain.value = MASTER_GAIN;
    const limiter = c.createDynamicsCompressor(); // sounds that overlap never clip
    limiter.threshold.value = -12;
    limiter.ratio.value = 8;
    gain.connect(limiter).connect(c.destination);
    return gain;
  }

  // -- the live context: made at a gesture, only while sound is on ---------------------
  function context() {
    if (ctx || !AudioCtx || !enabled || !touched()) return ctx;
    try {
      ctx = new AudioCtx();
      master = chain(ctx);
    } catch {
      ctx = null;
    }
    return ctx;
  }

  function wake() {
    const c = context();
    if (c && enabled && c.state !== "running" && c.state !== "closed") {
      c.resume().catch(() => {});
    }
  }

  function onGesture() {
    gestured = true;
    wake();
  }
  for (const type of ["pointerdown", "keydown", "touchend"]) {
    window.addEventListener(type, onGesture, { capture: true, passive: true });
  }

  function vibrate(name) {
    if (name !== "turn" || typeof navigator.vibrate !== "function" || !touched()) return false;
    try {
      return Boolean(navigator.vibrate(VIBRATE_MS));
    } catch {
      return false;
    }
  }

  function play(name) {
    if (!enabled || !Object.prototype.hasOwnProperty.call(SOUNDS, name)) return false;
    let sounded = false;
    let vibrated = false;
    if (!document.hidden) { // a tab in the background stays quiet
      vibrated = vibrate(name);
      const c = context();
      if (c && c.state !== "closed") {
        try {
          wake();
          const now = c.currentTime + 0.01;
          const start = cursor > now && cursor - now < MAX_QUEUE_S ? cursor : now;
          cursor = start + SOUNDS[name](c, master, start);
          sounded = true;
        } catch {
          sounded = false;
        }
      }
    }
    log.push({ name, sounded, vibrated });
    if (log.length > LOG_MAX) log.splice(0, log.length - LOG_MAX);
    return sounded;
  }

  function setEnabled(on) {
    enabled = Boolean(on);
    if (!ctx) return;
    if (enabled) wake();
    else if (ctx.state === "running") ctx.suspend().catch(() => {});
  }

  // Renders a sound off-line and says how loud and how long it is (for the tests).
  async function measure(name, seconds = 3) {
    const Offline = window.OfflineAudioContext || window.webkitOfflineAudioContext;
    if (!Offline || !SOUNDS[name]) return null;
    const rate = 44100;
    const c = new Offline(1, rate * seconds, rate);
    const queued = SOUNDS[name](c, chain(c), 0);
    const data = (await c.startRendering()).getChannelData(0);
    let peak = 0;
    let last = 0;
    for (let i = 0; i < data.length; i++) {
      const v = Math.abs(data[i]);
      if (v > peak) peak = v;
      if (v > 0.001) last = i;
    }
    return { peak, seconds: last / rate, queued };
  }

  window.briscolaSound = {
    play,
    setEnabled,
    measure,
    log,
    names: Object.keys(SOUNDS),
    get enabled() { return enabled; },
    get state() { return ctx ? ctx.state : AudioCtx ? "none" : "unsupported"; },
  };
})();
