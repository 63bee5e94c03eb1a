// The entry's 昵称 field, with the note it shows when 创建房间 or 加入房间 is pressed before a
// name is typed (the page sends nothing then); typing takes the note away.

import { make } from "../lib/dom.js";
import { TERMS } from "../lib/terms.js";

const WORDS = TERMS.rooms;

export class NameField {
  constructor() {
    this.label = make("label", "room-name");
    this.input = make("input", "room-name-input");
    Object.assign(this.input, { type: "text", maxLength: TERMS.seats.name_length, autocomplete: "nickname" });
    this.input.placeholder = WORDS.nickname_hint;
    this.input.enterKeyHint = "go";
    this.label.append(make("span", "field-label", WORDS.nickname), this.input);
    this.note = make("p", "room-name-needed", WORDS.nickname_needed);
    this.note.id = "room-name-needed";
    this.note.setAttribute("role", "alert");
    this.note.hidden = true;
    this.input.addEventListener("input", () => this.asked(false));
  }

  // The name as typed, trimmed.
  get value() {
    return this.input.value.trim();
  }

  // No name typed: say so under the field and put the cursor in it.
  ask() {
    this.asked(true);
    this.input.focus();
  }

  asked(shown) {
    this.note.hidden = !shown;
    if (shown) {
      this.input.setAttribute("aria-invalid", "true");
      this.input.setAttribute("aria-describedby", this.note.id);
    } else {
      this.input.removeAttribute("aria-invalid");
      this.input.removeAttribute("aria-describedby");
    }
  }
}
