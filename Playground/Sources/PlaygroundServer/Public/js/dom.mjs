// The page's elements (index.html's ids) and its status line.
export const $ = (id) => document.getElementById(id);

// The lane's width in CSS pixels: the travel of a drag on the page.
export const laneWidth = () => $("lane-classic").clientWidth;

export function setStatus(text, isError = false) {
  $("status").textContent = text;
  $("status").classList.toggle("error", isError);
}
