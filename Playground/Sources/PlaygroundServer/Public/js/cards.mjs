// The two cards: where each is and what its readout says (state.cards mirrors it).
import { $, laneWidth } from "./dom.mjs";
import { dragPlacement } from "./frames.mjs";
import { MODELS } from "./models.mjs";
import { state } from "./state.mjs";
import { readoutText } from "./text.mjs";

// Moves a card: progress 1 is the card one travel to the side it was dragged to.
export function place(model, progress, velocity, direction) {
  const offset = direction * progress * laneWidth();
  $("card-" + model).style.transform = "translateX(" + offset.toFixed(2) + "px)";
  $("readout-" + model).textContent = readoutText(progress, velocity);
  state.cards[model] = { progress, velocity, offsetPx: offset };
}

// While the finger is down both cards follow it, `dx` CSS pixels from touch-down.
export function showDrag(dx) {
  const { progress, direction } = dragPlacement(dx, laneWidth());
  for (const model of MODELS) place(model, progress, 0, direction);
}

// Both cards at rest.
export function resetCards() {
  for (const model of MODELS) place(model, 0, 0, 1);
}
