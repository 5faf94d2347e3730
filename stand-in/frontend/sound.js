// The reminders' sounds. The course's page plays two mp3 files of its own (preview.mp3 for a new
// order, reminder.mp3 for a 催单); the stub plays no file: it makes two short chimes of its own with
// the Web Audio API, two rising notes for a new order and three quick beeps for a 催单. As with the
// course's <audio>, the browser may keep it silent until the page has had a click or a key press.

/** The notes of each chime: [frequency in Hz, start in s, length in s]. */
const CHIMES = {
  1: [[659, 0, 0.18], [880, 0.2, 0.3]],
  2: [[988, 0, 0.1], [988, 0.15, 0.1], [988, 0.3, 0.1]],
};

let context;

/** Plays the chime of a message type (1 来单提醒, 2 催单); any other type plays nothing. Returns
 *  whether a chime was started. */
export function chime(type) {
  const notes = CHIMES[type];
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!notes || !Context) return false;
  context ??= new Context();
  void context.resume().catch(() => undefined); // refused before the first user gesture: silent
  const now = context.currentTime;
  for (const [frequency, start, length] of notes) {
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.2, now + start);
    gain.gain.exponentialRampToValueAtTime(0.001, now + start + length);
    tone.connect(gain).connect(context.destination);
    tone.start(now + start);
    tone.stop(now + start + length);
  }
  return true;
}
