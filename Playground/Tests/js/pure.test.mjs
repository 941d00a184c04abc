// The modules the page's logic lives in touch no DOM and no browser global, and import only each
// other: so the tests in this folder run them as the page does. A browser global named in one of
// them fails here.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const PURE = ["api", "frames", "models", "request", "session", "state", "strip-scale", "text", "trace-file"];
const folder = new URL("../../Sources/PlaygroundServer/Public/js/", import.meta.url);
const BROWSER = /\b(document|window|navigator|localStorage|requestAnimationFrame|cancelAnimationFrame|performance|HTMLElement|Blob|URL\.createObjectURL)\b/;

for (const name of PURE) {
  test(name + ".mjs names no browser global and imports only pure modules", async () => {
    const code = readFileSync(new URL(name + ".mjs", folder), "utf8")
      .split("\n").filter((line) => !line.trim().startsWith("//")).join("\n");
    const found = code.match(BROWSER);
    assert.equal(found, null, name + ".mjs names " + (found && found[0]));
    for (const [, module] of code.matchAll(/from "\.\/([\w-]+)\.mjs"/g)) {
      assert.ok(PURE.includes(module), name + ".mjs imports " + module + ".mjs, which is not pure");
    }
    await import(new URL(name + ".mjs", folder));
  });
}
