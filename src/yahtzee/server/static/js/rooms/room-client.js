// The rooms' HTTP contract (docs/rooms.md) as the page calls it: each request with the seat's
// token in `Authorization: Bearer …` (never in the address), through the page's API client (its
// time limit and its one-line errors, the server's words).

export class RoomClient {
  // `api` is the page's API client (lib/api.js).
  constructor(api) {
    this.api = api;
  }

  send(method, path, token, body) {
    const headers = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    const init = { method, headers };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    return this.api.ask(path, init, false);
  }

  // {code, seat, token}: a new room with its host.
  create(name) {
    return this.send("POST", "/api/rooms", null, { name });
  }

  // {seat, token} in room `code`.
  join(code, name) {
    return this.send("POST", `/api/rooms/${code}/join`, null, { name });
  }

  // The room now (`you` is the token's seat).
  room(code, token) {
    return this.send("GET", `/api/rooms/${code}`, token);
  }

  addComputer(code, token, player) {
    return this.send("POST", `/api/rooms/${code}/seats`, token, { player });
  }

  start(code, token) {
    return this.send("POST", `/api/rooms/${code}/start`, token, {});
  }

  // `action` on the room at `version`: {type: "roll", hold} or {type: "score", box}.
  act(code, token, version, action) {
    return this.send("POST", `/api/rooms/${code}/action`, token, { version, action });
  }

  // The address of the room's stream.
  events(code) {
    return `${this.api.base}/api/rooms/${code}/events`;
  }
}
