// What the player chose: the site-wide settings (sound, vibration, the computer's pace), shared
// with the site's other games under one key, and the lobby's choices (mode, level, who starts).

// Vibration is on unless the player turned it off (a setting never touched is not stored).
function vibrates(settings) {
  return settings.vibrate !== false;
}

export class Settings {
  // Nothing is read until load().
  constructor(store, sound, ui) {
    this.store = store;
    this.sound = sound;
    this.ui = ui;
    this.current = null; // { sound, pace }
    this.extra = null; // other games' settings under the same key, written back untouched
  }

  // Read the stored settings and apply them; the problem in reading them, if any.
  load() {
    const stored = this.store.loadSettings();
    this.current = stored.settings;
    this.extra = stored.extra;
    this.sound.setEnabled(this.current.sound);
    this.sound.setVibrate(vibrates(this.current));
    return stored.problem;
  }

  // Change and save settings. Another tab, or another game of the site, may have changed the
  // shared key since this page read it: the change goes over what is stored now, so theirs is
  // not written back over.
  change(change) {
    this.follow();
    Object.assign(this.current, change);
    this.sound.setEnabled(this.current.sound);
    this.sound.setVibrate(vibrates(this.current));
    this.store.saveSettings(this.current, this.extra);
    this.ui.updateSettings(this.current);
  }

  // Take up the settings as stored now, unless they cannot be read or this page's own changes
  // could not be saved (storage full): then this page's are the newer and stay.
  follow() {
    if (this.store.trouble) return;
    const stored = this.store.loadSettings();
    if (stored.problem) return;
    this.current = stored.settings;
    this.extra = stored.extra;
    this.sound.setEnabled(this.current.sound);
    this.sound.setVibrate(vibrates(this.current));
    this.ui.updateSettings(this.current);
  }
}

export class Choices {
  // Nothing is read until load().
  constructor(store, ui) {
    this.store = store;
    this.ui = ui;
    this.current = null; // { mode, difficulty, first }
  }

  // Read the stored lobby choices (a reader that never fails: defaults instead).
  load() {
    this.current = this.store.loadLobby();
  }

  // Change one lobby choice and remember it.
  choose(field, value) {
    this.current[field] = value;
    this.store.saveLobby(this.current);
    this.ui.updateLobby(this.current);
  }

  // The lobby shows the settings of the game in play. A game resumed after its choices were
  // changed brings its own back, so 「重新开始」 (the lobby's settings, as the help
  // says) is the same game again, as its question says.
  followGame({ mode, difficulty, first }) {
    const lobby = this.current;
    const next = mode === "vs" ? { ...lobby, mode, difficulty, first } : { ...lobby, mode };
    if (Object.keys(next).every((key) => next[key] === lobby[key])) return;
    this.current = next;
    this.store.saveLobby(next);
    this.ui.updateLobby(next);
  }
}
