// The models the page compares, in the order it shows them, and their colours (playground.css
// has the same two as --classic and --physics). No DOM access.
export const MODELS = ["classic", "physics"];
export const COLORS = { classic: "#d9822b", physics: "#2b6fd9" };
