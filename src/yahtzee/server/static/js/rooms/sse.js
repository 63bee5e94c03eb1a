// A room's live updates (GET /api/rooms/{code}/events): Server-Sent Events read with fetch, as
// the stream needs the seat's token in an Authorization header (EventSource cannot send one).

// Read the text of an event stream in pieces as they come; `push(text)` returns the events the
// text completed: [{event, data, id}] (`event` "message" when the block names none; comments
// such as ": ping" give none).
export class EventParser {
  constructor() {
    this.buffer = "";
    this.cr = false; // the last piece ended in "\r": a "\n" opening the next one ends that line
  }

  push(text) {
    const piece = this.cr && text.startsWith("\n") ? text.slice(1) : text;
    this.cr = piece.endsWith("\r");
    this.buffer += piece.replace(/\r\n?/g, "\n");
    const events = [];
    let end = this.buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const event = parseBlock(block);
      if (event) events.push(event);
      end = this.buffer.indexOf("\n\n");
    }
    return events;
  }
}

function parseBlock(block) {
  let event = "message";
  let id = null;
  const data = [];
  for (const line of block.split("\n")) {
    if (!line || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "id") id = value;
  }
  return data.length ? { event, data: data.join("\n"), id } : null;
}

// Open the stream of `url` with `token` and call `onEvent(event)` for each event until it ends
// or `signal` aborts; `onBytes()` hears every piece that comes (the server's pings included), so
// a caller can tell a stream gone silent. Resolves when the server closes it; rejects with
// {status} when the server refuses it (403: not this room's token, 404: the room is gone) or the
// network fails.
export async function readStream(url, token, { onEvent, onBytes = () => {} }, signal) {
  const response = await fetch(url, {
    headers: { Authorization: `Bearer ${token}`, Accept: "text/event-stream" },
    cache: "no-store",
    signal,
  });
  if (!response.ok || !response.body) {
    const error = new Error(`stream refused (${response.status})`);
    error.status = response.status;
    throw error;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = new EventParser();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    onBytes();
    for (const event of parser.push(decoder.decode(value, { stream: true }))) onEvent(event);
  }
}
