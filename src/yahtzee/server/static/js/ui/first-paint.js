// Before the first paint: a classic script in the page's head (it blocks rendering, the modules
// do not). It marks <html> with what the browser kept that changes the lobby's size: the mode
// chosen last (人机对战, 和朋友玩 and 练习 have more options), the seats of the last table (two
// rows are in the page; three or four are marked), 练习 rounds played (「专练薄弱项」) and a game
// to continue (「继续」). main.css draws the lobby at the size the page's code will give it,
// so nothing moves when the code reads the same data; the marks go once the modules have run
// (DOMContentLoaded waits for them). The keys are storage.js's (a classic script cannot import).
(function markSavedLobby() {
  const root = document.documentElement;

  // The stored value under `key` parsed, or undefined (none, unreadable, no storage at all).
  function stored(key) {
    try {
      const raw = window.localStorage.getItem(key);
      return raw === null ? undefined : JSON.parse(raw);
    } catch {
      return undefined;
    }
  }

  // The last table's seats beyond the two rows the page has ("3" or "4"), or "".
  function savedSeats() {
    const table = stored("yahtzee.table");
    const count = table && Array.isArray(table.seats) ? table.seats.length : 0;
    return count === 3 || count === 4 ? String(count) : "";
  }

  const lobby = stored("yahtzee.lobby");
  const mode = lobby ? lobby.mode : null;
  if (mode === "vs" || mode === "practice") root.dataset.savedMode = mode;
  if (mode === "table") root.dataset.savedMode = mode; // 和朋友玩's seat editor
  const seats = savedSeats();
  if (seats) root.dataset.savedSeats = seats;
  const practice = stored("yahtzee.practice");
  if (practice && Array.isArray(practice.rounds) && practice.rounds.length) root.dataset.savedPractice = "";
  if (stored("yahtzee.game") !== undefined) root.dataset.savedGame = "";

  document.addEventListener("DOMContentLoaded", () => {
    delete root.dataset.savedMode;
    delete root.dataset.savedSeats;
    delete root.dataset.savedPractice;
    delete root.dataset.savedGame;
  });
})();
