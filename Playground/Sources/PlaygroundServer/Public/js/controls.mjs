// The controls, built from the parameter table (GET /api/parameters), and their values.
import { $ } from "./dom.mjs";
import { MODELS } from "./models.mjs";
import { settingsFrom } from "./request.mjs";

// One fieldset per set of models a row applies to (classic, physics, classic and physics, every
// model), in the table's order within each, then the InteractiveTransition's. `onChange` runs
// when any control changes.
export function buildControls(table, onChange) {
  const form = $("controls");
  form.textContent = "";
  const groups = new Map();
  for (const row of table.parameters.filter((row) => row.models.some((m) => MODELS.includes(m)))) {
    const title = row.models.length === table.models.length ? "every model" : row.models.join(" and ");
    if (!groups.has(title)) groups.set(title, []);
    groups.get(title).push(row);
  }
  for (const [title, rows] of groups) {
    const set = document.createElement("fieldset");
    const legend = document.createElement("legend");
    legend.textContent = title;
    set.appendChild(legend);
    for (const row of rows) set.appendChild(controlFor(row));
    form.appendChild(set);
  }
  const transition = document.createElement("fieldset");
  transition.innerHTML = "<legend>InteractiveTransition</legend>";
  transition.appendChild(plainControl("detents", "detents (progress, ascending, comma-separated)", "text",
    table.transition.detents.join(", ")));
  transition.appendChild(plainControl("reduceMotion", "reduce motion", "checkbox", table.transition.reduceMotion));
  transition.appendChild(plainControl("pixelsPerPoint", "pixels per point (device pixel ratio)", "number",
    String(window.devicePixelRatio || table.transition.pixelsPerPoint)));
  form.appendChild(transition);
  form.addEventListener("change", onChange);
}

function controlFor(row) {
  const id = "param-" + row.flag;
  const div = document.createElement("div");
  div.className = "control";
  div.title = row.help;
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = row.flag + (row.unit ? " (" + row.unit + ")" : "");
  let input;
  if (row.kind === "choice") {
    input = document.createElement("select");
    for (const name of row.choices) {
      const option = document.createElement("option");
      option.value = option.textContent = name;
      input.appendChild(option);
    }
    if (row.default !== null) input.value = row.default;
  } else {
    input = document.createElement("input");
    input.type = "number";
    input.step = "any";
    if (row.default !== null) input.value = row.default; else input.placeholder = "none";
  }
  input.id = id;
  input.dataset.flag = row.flag;
  input.dataset.kind = row.kind;
  input.dataset.default = row.default === null ? "" : String(row.default);
  div.appendChild(label);
  div.appendChild(input);
  return div;
}

function plainControl(name, text, type, value) {
  const div = document.createElement("div");
  div.className = "control";
  const label = document.createElement("label");
  label.htmlFor = "transition-" + name;
  label.textContent = text;
  const input = document.createElement("input");
  input.type = type;
  input.id = "transition-" + name;
  if (type === "checkbox") input.checked = value; else input.value = value;
  if (type === "number") input.step = "any";
  div.appendChild(label);
  div.appendChild(input);
  return div;
}

// The controls' values as the request's settings (request.mjs' settingsFrom).
export function readSettings() {
  const fields = [...document.querySelectorAll("[data-flag]")].map((input) => ({
    flag: input.dataset.flag, kind: input.dataset.kind, default: input.dataset.default, value: input.value,
  }));
  return settingsFrom(fields, {
    detents: $("transition-detents").value,
    reduceMotion: $("transition-reduceMotion").checked,
    pixelsPerPoint: $("transition-pixelsPerPoint").value,
  });
}
