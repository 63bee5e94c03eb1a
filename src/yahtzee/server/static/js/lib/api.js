// Talking to the game server. The server owns the rules and rolls the dice; every call sends
// the whole game JSON and gets back the new game plus the snapshot (`view`) the page draws.

// Our server's error codes for a request it will never take as it is.
const REFUSALS = new Set(["invalid_game", "altered_dice", "illegal_move", "too_large", "invalid_request"]);

/** An API failure with a one-line Chinese message fit to show the player. */
export class ApiError extends Error {
  // Keep the server's error code and HTTP status next to the message.
  constructor(code, message, status = 0) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = status;
  }

  // True when our server refused the game itself (a damaged or tampered save, an action the
  // rules forbid, or a save too big or too deeply nested to read), as opposed to a fault on
  // the way: a proxy's 404, 408, 413 or 429 (no code of ours), or a network or server fault,
  // where trying again later may well work and nothing should be thrown away.
  get rejected() {
    return REFUSALS.has(this.code);
  }
}

// The words of a failed request, in full: the server's message, or the one every failure falls
// back to.
export function fullMessage(error) {
  return error && error.message ? error.message : "出错了，请再试一次";
}

// The Chinese part of a failed request's message: the server puts an English detail for
// developers after a full-width colon, which goes only to the tooltip (fullMessage).
export function shortMessage(error) {
  const full = fullMessage(error);
  const cut = full.indexOf("：");
  return cut > 0 && /[A-Za-z]/.test(full.slice(cut + 1)) ? full.slice(0, cut) : full;
}

// How long an answer may take: a phone changing networks can leave a request hanging for
// minutes, with the dice tumbling and nothing to press. The server answers in milliseconds.
const TIMEOUT_MS = 20000;

// The error of a refused request (status `status`, body `data`): the server's code and words,
// or the status alone when the answer is not ours (a proxy's page).
function refusal(status, data) {
  const error = data && typeof data === "object" ? data.error : null;
  const ours = error && typeof error.message === "string" && error.message;
  const message = ours ? error.message : `服务器出错了（${status}），请稍后再试`;
  const code = error && typeof error.code === "string" ? error.code : `http_${status}`;
  return new ApiError(code, message, status);
}

export class Api {
  // `base` is the server origin prefix; empty means "the page's own origin".
  constructor(base = "") {
    this.base = base;
  }

  // POST a JSON body and return the parsed JSON answer, or throw ApiError. Game answers must
  // carry `game` and `view`; other answers (the review) only need to be a JSON object.
  post(path, body, gameAnswer = true) {
    const init = { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
    return this.ask(path, init, gameAnswer);
  }

  // GET a JSON object, or throw ApiError.
  get(path) {
    return this.ask(path, { method: "GET" }, false);
  }

  // Send one request and read its JSON answer (see post).
  async ask(path, init, gameAnswer) {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), TIMEOUT_MS);
    let answer;
    try {
      answer = await this.fetchJson(path, init, deadline.signal);
    } finally {
      clearTimeout(timer);
    }
    const { response, data } = answer;
    if (!response.ok) throw refusal(response.status, data);
    if (!data || typeof data !== "object" || (gameAnswer && (!data.game || !data.view))) {
      throw new ApiError("bad_response", "服务器的回答无法读取，请稍后再试", response.status);
    }
    return data;
  }

  // Fetch and read the body as JSON ({response, data}, data null when it is not JSON); throw
  // ApiError when no answer comes, or not before `signal` aborts.
  async fetchJson(path, init, signal) {
    const slow = () => new ApiError("timeout", "服务器很久没有回应，请再试一次");
    let response;
    try {
      response = await fetch(this.base + path, { ...init, signal });
    } catch {
      if (signal.aborted) throw slow();
      throw new ApiError("network", "连不上游戏服务器，请检查网络后再试");
    }
    try {
      return { response, data: await response.json() };
    } catch {
      if (signal.aborted) throw slow();
      return { response, data: null };
    }
  }

  // Start a game from lobby settings: {mode, difficulty, first}, and `record`: an earlier
  // game's dice record to play again, or "daily" for today's challenge.
  newGame(settings) {
    return this.post("/api/new", settings);
  }

  // Apply one player action ({type: "roll", hold} | {type: "score", box} | {type: "restart_turn"}).
  act(game, action) {
    return this.post("/api/action", { game, action });
  }

  // A saved game as it stands, checked, with its snapshot (how a game resumes as it stood).
  view(game) {
    return this.post("/api/view", { game });
  }

  // Ask for a hint; the answer carries `hint` {hold, box, ev, text, reason}.
  hint(game) {
    return this.post("/api/hint", { game });
  }

  // Let the computer take one step of its turn; the answer carries `step`.
  computerStep(game) {
    return this.post("/api/computer", { game });
  }

  // The post-game review (复盘) of seat `seat` (0 the first): summary, decisions, mistakes.
  review(game, seat = 0) {
    return this.post("/api/review", { game, seat }, false);
  }

  // 高手同骰: what the 高手 scores on a finished game's dice record, box by box beside seat
  // `seat` (a person's).
  sameDice(game, seat = 0) {
    return this.post("/api/same-dice", { game, seat }, false);
  }

  // A round of 练习 on `theme` (a theme's key, or mixed): {seed, theme, theme_zh, positions}.
  practiceRound(theme) {
    return this.post("/api/practice/round", { theme }, false);
  }

  // 练习's grade of `answer` ({type: "keep", keep} | {type: "score", box}) at `position`.
  grade(position, answer) {
    return this.post("/api/practice/grade", { position, answer }, false);
  }

  // 研究: every option at a position {sheet, yahtzee_bonus, dice, rolls_left}, ranked.
  explore(position) {
    return this.post("/api/practice/explore", { position }, false);
  }

  // Today's daily challenge: {date, record, ends_at}.
  daily() {
    return this.get("/api/daily");
  }
}
