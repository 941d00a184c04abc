"""The playground in a real browser: Debian's headless Chromium driven by Selenium.

Starts the server on a free port, loads the page, drags a card with real pointer actions (a
short fast flick and a slow peek) and asserts, from the page's own state (window.playground),
what a person would see: classic cancels the flick and physics finishes it, the physics card
leaves with the finger's velocity while the classic one starts from rest, and both cancel the
peek. Then a control change replays the flick, a bad value is refused on the page, and the
recorded-swipe button replays a swipe (or says the file is not there). Saves a screenshot of
the page mid-completion.

Then record mode, as a person uses it, at a device pixel ratio of 2: a whole labelled session of
scripted touch strokes (every gesture family the server lists, both directions, in the random
order the page asks; the first one redone), downloaded as CSV through Chrome's download folder;
the file is read by the Swift TraceReader (transition-bench behavior --no-recorded --traces
FILE), whose intended finish and cancel counts must be the session's, in physical pixels; then
the file is opened in the page and its strokes replayed one by one, each matching
transition-bench's per-trace decision, release progress, release velocity and projection for the
same stroke; the strokes still in the page replay as the same file; the file dropped on the drop
zone (a synthetic drop event carrying it) opens the same way; a malformed file is refused
on the page naming its line; the shared recording (when there) opens and replays. Saves a
screenshot of record mode mid-stroke. The server is killed (by its pid) on every exit path.

    python browser_test.py --server PATH/transition-playground --screenshot .build/playground.png \
        --record-screenshot .build/playground-record.png --bench PATH/transition-bench \
        [--recorded-swipes ../shared/data/bioident-gallery-swipes.csv]
"""
import csv
import io
import tempfile
import argparse
import atexit
import base64
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

SERVER = None


def stop_server():
    """Kills the server this test started, by its pid (idempotent)."""
    global SERVER
    if SERVER is not None and SERVER.poll() is None:
        SERVER.terminate()
        try:
            SERVER.wait(timeout=10)
        except subprocess.TimeoutExpired:
            SERVER.kill()
            SERVER.wait()
    SERVER = None


def on_signal(number, _frame):
    stop_server()
    sys.exit(128 + number)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(binary, recorded_swipes):
    """Starts the server on a free port and waits (up to 60 s) until it answers."""
    global SERVER
    port = free_port()
    command = [binary, "--port", str(port)]
    if recorded_swipes:
        command += ["--recorded-swipes", recorded_swipes]
    SERVER = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        if SERVER.poll() is not None:
            raise SystemExit(f"browser test: the server exited with status {SERVER.returncode} before answering")
        try:
            with urllib.request.urlopen(base + "/api/parameters", timeout=2) as response:
                json.load(response)
                return base
        except OSError:
            if time.monotonic() > deadline:
                raise SystemExit("browser test: the server did not answer within 60 s")
            time.sleep(0.2)


def browser(downloads):
    """Headless Chromium saving downloads into the folder `downloads` without asking."""
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1200,1100", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {
        "download.default_directory": downloads, "download.prompt_for_download": False,
        "download.directory_upgrade": True, "safebrowsing.enabled": True})
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    options.binary_location = chromium
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    return driver


def page_state(driver):
    return driver.execute_script("return JSON.parse(JSON.stringify(window.playground));")


def wait_for_answer(driver, previous_requests, timeout=60):
    """Waits until the page got an answer after `previous_requests` and finished playing it."""
    WebDriverWait(driver, timeout).until(
        lambda d: d.execute_script(
            "const p = window.playground; return p.requests > arguments[0] && (p.lastError !== null || !p.playing);",
            previous_requests))
    return page_state(driver)


def drag(driver, element, moves, step_ms, hold_ms=0):
    """A real pointer drag (touch) on `element`: down at its centre, then `moves` relative steps
    (dx, pixels) of `step_ms` each, an optional still hold, and up."""
    rect = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height];", element)
    x, y = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    actions = ActionBuilder(driver, mouse=finger, duration=step_ms)
    actions.pointer_action.move_to_location(int(x), int(y))
    actions.pointer_action.pointer_down()
    for dx in moves:
        x += dx
        actions.pointer_action.move_to_location(int(round(x)), int(y))
    if hold_ms:
        actions.pointer_action.pause(hold_ms / 1000)
    actions.pointer_action.pointer_up()
    actions.perform()


def stroke_actions(driver, start, steps):
    """A touch stroke from `start` (x, y, viewport CSS pixels) through `steps`: each (dx, ms), a
    move by dx pixels lasting ms milliseconds, or ("hold", ms). Returns the ActionBuilder with the
    finger down and the moves queued (not performed, not lifted)."""
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    actions = ActionBuilder(driver, mouse=finger)
    x, y = start
    finger.create_pointer_move(duration=0, x=int(round(x)), y=int(round(y)), origin="viewport")
    finger.create_pointer_down(button=0)
    for dx, ms in steps:
        if dx == "hold":
            finger.create_pause(ms / 1000)
            continue
        x += dx
        finger.create_pointer_move(duration=int(ms), x=int(round(x)), y=int(round(y)), origin="viewport")
    return actions, finger


# The session's scripted gestures in CSS pixels of a 360 px lane, for a stroke to the right (a
# stroke to the left mirrors dx), by the family the page asks for. Each is what the family's name
# says (SyntheticFamily): speeds and holds as a person makes them.
GESTURES = {
    "shortFastFlick": [(12, 12)] * 8,                                  # 96 px (0.27) in 0.1 s, lifted moving
    "dragThroughMiddle": [(22, 16)] * 10,                              # 220 px (0.61) in 0.16 s, lifted moving
    "slowDragPastMiddle": [(8, 33)] * 30 + [("hold", 300)],            # 240 px (0.67) in 1 s, held
    "peekAndReturn": [(8, 30)] * 10 + [(-7, 25)] * 8,                  # 80 px out, 56 back, lifted moving back
    "hesitateBelowMiddle": [(5, 33)] * 20 + [("hold", 400)],           # 100 px (0.28) in 0.66 s, held
    "pastMiddleThenFlickBack": [(12, 25)] * 20 + [(-20, 12)] * 8,     # 240 px out, 160 px flicked back
}


def drop_file(driver, text, name):
    """Drops a file named `name` holding `text` on the drop zone (a drop event carrying it)."""
    driver.execute_script("""
        const transfer = new DataTransfer();
        transfer.items.add(new File([arguments[0]], arguments[1], {type: "text/csv"}));
        const zone = document.getElementById("drop");
        for (const type of ["dragover", "drop"]) {
          zone.dispatchEvent(new DragEvent(type, {dataTransfer: transfer, bubbles: true, cancelable: true}));
        }
    """, text, name)


def state_shot(driver, args, name):
    """A screenshot of one record-mode state, beside the record-mode screenshot."""
    path = os.path.join(os.path.dirname(os.path.abspath(args.record_screenshot)), "playground-state-%s.png" % name)
    driver.save_screenshot(path)
    print("  state screenshot:", path)


def record_rough_edges(driver, base, args):
    """Record mode's states: the session buttons hidden without a session, Stop with
    none running, the results table emptied for a session, the strip after Stop."""
    print("record mode: the states around a session")
    driver.get(base + "/")
    WebDriverWait(driver, 60).until(lambda d: d.execute_script("return window.playground && window.playground.ready"))
    check(not driver.find_element(By.ID, "record-session-buttons").is_displayed()
          and not driver.find_element(By.ID, "record-stop").is_displayed(),
          "without a session its buttons (Stop, Redo, Skip) are hidden: the hidden attribute wins over .buttons' flex")
    state_shot(driver, args, "no-session")
    driver.execute_script("document.getElementById('record-stop').click()")
    status = driver.find_element(By.ID, "status").text
    check("No session is running" in status and "Session stopped" not in status, "Stop with no session says so: " + status)
    # A flick fills the results table; a session empties it (its strokes are not replayed).
    requests = page_state(driver)["requests"]
    drag(driver, driver.find_element(By.ID, "card-physics"), [-12] * 8, step_ms=12)
    wait_for_answer(driver, requests)
    check(len(driver.find_elements(By.CSS_SELECTOR, "#results tbody tr")) > 0, "a flick fills the results table")
    driver.find_element(By.ID, "record-start").click()
    check(len(driver.find_elements(By.CSS_SELECTOR, "#results tbody tr")) == 0
          and page_state(driver)["strip"].startswith("Recording"),
          "a session empties the results table and the strip says Recording")
    check(driver.find_element(By.ID, "record-stop").is_displayed(), "during a session Stop is shown")
    state_shot(driver, args, "recording")
    driver.find_element(By.ID, "record-stop").click()
    state = page_state(driver)
    check(not state["record"]["active"] and state["strip"].startswith("Session stopped")
          and "Recording" not in state["strip"], "after Stop the strip no longer says Recording: " + state["strip"])
    check(not driver.find_element(By.ID, "record-session-buttons").is_displayed(), "after Stop the session buttons are hidden again")
    state_shot(driver, args, "stopped")


def recorded_swipes_absent(driver, args):
    """A server without the recorded swipes: the page disables the button and says why."""
    print("recorded swipes absent: a server started without --recorded-swipes")
    stop_server()
    base = start_server(args.server, None)
    driver.get(base + "/")
    WebDriverWait(driver, 60).until(lambda d: d.execute_script("return window.playground && window.playground.ready"))
    button = driver.find_element(By.ID, "recorded")
    check(not button.is_enabled() and "recorded" in (button.get_attribute("title") or ""),
          "'Replay a recorded swipe' is disabled, its tooltip saying why: " + (button.get_attribute("title") or ""))
    state_shot(driver, args, "recorded-absent")


def record_session(driver, base, args, downloads):
    """Record mode end to end: a session, its download read by the Swift TraceReader (through
    transition-bench), and its replay on the page against transition-bench's per-trace output."""
    print("record mode: a labelled session at device pixel ratio 2, touch")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1200, "height": 1100, "deviceScaleFactor": 2, "mobile": False})
    driver.get(base + "/")
    WebDriverWait(driver, 60).until(lambda d: d.execute_script("return window.playground && window.playground.ready"))
    check(driver.execute_script("return window.devicePixelRatio") == 2, "the page sees a device pixel ratio of 2")
    requests_before = page_state(driver)["requests"]
    families = [f["name"] for f in page_state(driver)["table"]["traceFormat"]["families"]]
    driver.find_element(By.ID, "record-start").click()
    record = page_state(driver)["record"]
    prompts = record["prompts"]
    check(record["active"] and len(prompts) == 2 * len(families)
          and sorted((p["family"], p["direction"]) for p in prompts) == sorted((f, d) for f in families for d in ["left", "right"]),
          "the session asks for each of the %d families the server lists, both directions (%d gestures)" % (len(families), len(prompts)))
    check([p["family"] for p in prompts] != [f for f in families for _ in range(2)] or len(prompts) < 3,
          "in random order: " + ", ".join(p["family"] + "-" + p["direction"] for p in prompts))
    lane = driver.execute_script("const r = document.getElementById('lane-physics').getBoundingClientRect(); return [r.left, r.top, r.width, r.height];")
    screenshot_taken = False
    for i, prompt in enumerate(prompts):
        shown = driver.find_element(By.ID, "record-prompt").text
        check(prompt["family"] in shown and ("turn the page" if prompt["intent"] == "finish" else "stay on this page") in shown,
              "gesture %d asks: %s" % (i + 1, shown.replace("\n", " / ")))
        sign = -1 if prompt["direction"] == "left" else 1
        steps = [(dx if dx == "hold" else sign * dx, ms) for dx, ms in GESTURES[prompt["family"]]]
        # Start near the lane's edge the stroke moves away from, so it stays on screen.
        start = (lane[0] + (lane[2] - 20 if sign < 0 else 20), lane[1] + lane[3] / 2)
        actions, finger = stroke_actions(driver, start, steps)
        hold_at = next((k for k, (dx, _) in enumerate(steps) if dx == "hold"), None)
        if not screenshot_taken and prompt["family"] == "slowDragPastMiddle" and hold_at is not None:
            # What a person sees mid-stroke (the hold lasts while the screenshot is taken).
            finger.actions = finger.actions[:2 + hold_at]
            actions.perform()
            cards = page_state(driver)["cards"]
            check(abs(cards["physics"]["progress"] - 240 / lane[2]) < 0.02,
                  "the card follows the finger while recording (progress %.3f)" % cards["physics"]["progress"])
            # The stage and the record and replay panels, one image pixel per CSS pixel.
            box = driver.execute_script(
                "const a = document.getElementById('phone').getBoundingClientRect(),"
                " b = document.getElementById('trace-file').getBoundingClientRect();"
                " return [Math.max(a.right, b.right) + 12, Math.max(a.bottom, b.bottom) + 12];")
            shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
                "format": "png", "clip": {"x": 0, "y": 0, "width": box[0], "height": box[1], "scale": 0.5}})
            os.makedirs(os.path.dirname(os.path.abspath(args.record_screenshot)), exist_ok=True)
            with open(args.record_screenshot, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
            print("  record-mode screenshot:", args.record_screenshot)
            screenshot_taken = True
            time.sleep(0.3)  # the rest of the hold, then the lift: releasing the actions lifts the finger still down
            actions.clear_actions()
        else:
            finger.create_pointer_up(button=0)
            actions.perform()
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.playground.record.strokes.length") == i + 1)
        if i == 0:
            # Redo: the stroke is dropped and the same prompt asked again, then made again.
            driver.find_element(By.ID, "record-redo").click()
            again = page_state(driver)["record"]
            check(len(again["strokes"]) == 0 and again["index"] == 0 and again["prompts"][0] == prompt
                  and "previous one again" in driver.find_element(By.ID, "record-prompt").text,
                  "redo drops the stroke and asks for gesture 1 again")
            actions, finger = stroke_actions(driver, start, steps)
            finger.create_pointer_up(button=0)
            actions.perform()
            WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.playground.record.strokes.length") == 1)
    state = page_state(driver)
    record = state["record"]
    check(not record["active"] and len(record["strokes"]) == len(prompts) and screenshot_taken,
          "the session ended after its %d gestures, each recorded" % len(prompts))
    check(state["requests"] == requests_before, "nothing was sent to the server while recording")
    counts = [len(s["samples"]) for s in record["strokes"]]
    check(min(counts) >= 8, "every stroke kept its pointer samples (%d to %d)" % (min(counts), max(counts)))
    check(all(s["pointerType"] == "touch" and s["pixelRatio"] == 2 and s["travelCss"] == lane[2] for s in record["strokes"]),
          "each stroke keeps its pointer type, pixel ratio and travel in CSS pixels")

    driver.find_element(By.ID, "record-download").click()
    deadline = time.monotonic() + 30
    while True:
        files = [f for f in os.listdir(downloads) if f.endswith(".csv")]
        if files and not any(f.endswith(".crdownload") for f in os.listdir(downloads)):
            break
        if time.monotonic() > deadline:
            raise AssertionError("no CSV was downloaded into %s: %s" % (downloads, os.listdir(downloads)))
        time.sleep(0.2)
    path = os.path.join(downloads, files[0])
    check(page_state(driver)["record"]["downloaded"], "downloaded " + files[0])
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    with open(path) as f:
        header = f.readline().strip().split(",")
    check(header == state["table"]["traceFormat"]["columns"], "the header is the library's columns: " + ",".join(header))
    travel_css = lane[2]
    check(all(float(r["travel_px"]) == 2 * travel_css for r in rows) and all(r["device_id"] == "browser-touch-2x" for r in rows),
          "travel_px is the lane's %g CSS px times the pixel ratio 2, device_id says touch at 2x" % travel_css)
    xs = [float(r["x_px"]) for r in rows]
    check(0 <= min(xs) and max(xs) <= 2 * travel_css and max(xs) - min(xs) > travel_css,
          "positions are physical pixels within the lane (x %.1f to %.1f)" % (min(xs), max(xs)))

    finish = sum(1 for p in prompts if p["intent"] == "finish")
    cancel = len(prompts) - finish
    if not args.bench:
        print("  skipped: the TraceReader and transition-bench checks (no --bench)")
        return
    per_trace = os.path.join(downloads, "per-trace.out")
    run = subprocess.run([args.bench, "behavior", "--no-recorded", "--traces", path, "--format", "csv",
                          "--builtin", "classic", "--builtin", "physics", "--per-trace", per_trace],
                         capture_output=True, text=True, timeout=300)
    check(run.returncode == 0, "transition-bench (TraceReader) reads the download: exit %d %s" % (run.returncode, run.stderr.strip()[-400:]))
    summary = {r["model"]: r for r in csv.DictReader(io.StringIO(run.stdout))}
    for model in ["classic", "physics"]:
        r = summary[model]
        check(int(r["traces"]) == len(prompts) and int(r["intended_finish"]) == finish and int(r["intended_cancel"]) == cancel,
              "%s: %s traces, intended_finish %s and intended_cancel %s as the session asked (%d, %d); intent match %s"
              % (model, r["traces"], r["intended_finish"], r["intended_cancel"], finish, cancel, r["intent_match_rate"]))
    with open(per_trace, newline="") as f:
        bench = {(r["model"], r["trace_id"]): r for r in csv.DictReader(f)}

    print("replay: the download opened on the page, stroke by stroke, against transition-bench --per-trace")
    requests = page_state(driver)["requests"]
    driver.find_element(By.ID, "trace-input").send_keys(path)
    for k in range(len(prompts)):
        state = wait_for_answer(driver, requests)
        requests = state["requests"]
        trace = state["traceFile"]
        check(trace is not None and trace["index"] == k and trace["count"] == len(prompts) and state["lastError"] is None,
              "stroke %d of %d replayed (%s)" % (k + 1, trace["count"] if trace else 0, trace["stroke"]["id"] if trace else "-"))
        stroke = trace["stroke"]
        shown = driver.find_element(By.ID, "trace-stroke").text
        check(("intent " + stroke["intent"]) in shown and stroke["family"] in shown, "the page shows its intent: " + shown)
        for model in ["classic", "physics"]:
            page, ref = state["lastResult"][model], bench[(model, stroke["id"])]
            same = (page["decision"] == ref["decision"]
                    and page["releaseProgress"] == float(ref["release_progress"])
                    and page["releaseVelocity"] == float(ref["release_velocity_per_s"])
                    and (page["projectedProgress"] is None) == (ref["projected_progress"] == "")
                    and (ref["projected_progress"] == "" or page["projectedProgress"] == float(ref["projected_progress"])))
            check(same, "  %s: %s at progress %.4f, %.4f widths/s, as transition-bench --per-trace (bit for bit)"
                  % (model, page["decision"], page["releaseProgress"], page["releaseVelocity"]))
        if k + 1 < len(prompts):
            driver.find_element(By.ID, "trace-next").click()
    requests = page_state(driver)["requests"]
    driver.find_element(By.ID, "trace-previous").click()
    state = wait_for_answer(driver, requests)
    check(state["traceFile"]["index"] == len(prompts) - 2, "previous steps back")
    requests = state["requests"]
    driver.find_element(By.ID, "record-replay").click()
    state = wait_for_answer(driver, requests)
    check(state["traceFile"]["name"] == files[0] and state["traceFile"]["count"] == len(prompts) and state["traceFile"]["index"] == 0,
          "replay the recordings: the strokes still in the page open as %s" % state["traceFile"]["name"])

    print("a file dropped on the drop zone opens like a chosen one")
    with open(path) as f:
        text = f.read()
    requests = page_state(driver)["requests"]
    drop_file(driver, text, "dropped.csv")
    state = wait_for_answer(driver, requests)
    trace = state["traceFile"]
    check(trace is not None and trace["name"] == "dropped.csv" and trace["count"] == len(prompts) and trace["index"] == 0
          and state["lastError"] is None and "over" not in driver.find_element(By.ID, "drop").get_attribute("class"),
          "dropped.csv opened: %d strokes, the first replayed" % (trace["count"] if trace else 0))

    check(not trace["warnings"] and not driver.find_element(By.ID, "trace-warning").is_displayed(),
          "a session in milliseconds brings no warning")

    print("a dropped file whose t_ms is in seconds: opened, with the bench's warning beside it")
    with open(path, newline="") as f:
        table = list(csv.reader(f))
    column = table[0].index("t_ms")
    for row in table[1:]:
        row[column] = repr(float(row[column]) / 1000)
    seconds = io.StringIO()
    csv.writer(seconds, lineterminator="\n").writerows(table)
    requests = page_state(driver)["requests"]
    drop_file(driver, seconds.getvalue(), "seconds.csv")
    state = wait_for_answer(driver, requests)
    shown = driver.find_element(By.ID, "trace-warning")
    check(state["traceFile"]["name"] == "seconds.csv" and shown.is_displayed() and "t_ms looks like seconds" in shown.text
          and state["traceFile"]["warnings"], "the page warns: " + shown.text)
    state_shot(driver, args, "seconds-warning")

    print("a malformed file is refused on the page, naming the line")
    bad = os.path.join(downloads, "broken.csv")
    with open(path) as f:
        lines = f.read().split("\n")
    lines[2] = lines[2].replace(",move,", ",wiggle,", 1)
    with open(bad, "w") as f:
        f.write("\n".join(lines))
    requests = page_state(driver)["requests"]
    driver.find_element(By.ID, "trace-input").send_keys(bad)
    WebDriverWait(driver, 30).until(lambda d: d.execute_script("return window.playground.requests") > requests)
    shown = driver.find_element(By.ID, "trace-stroke").text
    check("broken.csv:3:" in shown and "phase" in shown and page_state(driver)["traceFile"] is None,
          "the page says: " + shown)

    if args.recorded_swipes and os.path.exists(args.recorded_swipes):
        print("the shared recording, opened as a file")
        requests = page_state(driver)["requests"]
        driver.find_element(By.ID, "trace-input").send_keys(os.path.abspath(args.recorded_swipes))
        state = wait_for_answer(driver, requests, timeout=120)
        trace = state["traceFile"]
        check(trace is not None and trace["count"] > 1000 and trace["stroke"]["intent"] == "finish" and state["lastError"] is None,
              "%d strokes, the first (%s, intent finish) replayed: classic %s, physics %s"
              % (trace["count"], trace["stroke"]["id"], state["lastResult"]["classic"]["decision"], state["lastResult"]["physics"]["decision"]))
        requests = state["requests"]
        driver.find_element(By.ID, "trace-next").click()
        state = wait_for_answer(driver, requests)
        check(state["traceFile"]["index"] == 1, "next: stroke 2 (%s)" % state["traceFile"]["stroke"]["id"])


def check(condition, message):
    if not condition:
        raise AssertionError(message)
    print("  ok:", message)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True, help="the transition-playground executable")
    parser.add_argument("--recorded-swipes", help="the shared recorded-swipe CSV (may be absent)")
    parser.add_argument("--screenshot", required=True, help="where to save the PNG")
    parser.add_argument("--record-screenshot", required=True, help="where to save the PNG of record mode")
    parser.add_argument("--bench", help="transition-bench, to read a recorded session with the Swift TraceReader and replay it")
    args = parser.parse_args()

    atexit.register(stop_server)
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    base = start_server(args.server, args.recorded_swipes)
    downloads = tempfile.mkdtemp(prefix="playground-downloads-")
    atexit.register(shutil.rmtree, downloads, True)
    driver = browser(downloads)
    try:
        driver.get(base + "/")
        WebDriverWait(driver, 60).until(lambda d: d.execute_script("return window.playground && window.playground.ready"))
        physics_card = driver.find_element(By.ID, "card-physics")
        travel = driver.execute_script("return document.getElementById('lane-physics').clientWidth")

        print("flick: 96 px to the left in about 0.1 s at 60 Hz pointer events, lifted at once")
        drag(driver, physics_card, [-16] * 6, step_ms=16)
        state = wait_for_answer(driver, 0)
        result = state["lastResult"]
        check(state["lastError"] is None, "the flick was answered")
        check(result["classic"]["decision"] == "cancel", "classic cancels the flick (progress %.2f < 0.5)" % result["classic"]["releaseProgress"])
        check(result["physics"]["decision"] == "finish", "physics finishes the flick (projected %.2f)" % result["physics"]["projectedProgress"])
        check(abs(state["cards"]["classic"]["progress"]) < 1e-9, "the classic card is back at progress 0")
        check(abs(state["cards"]["physics"]["progress"] - 1) < 1e-9, "the physics card is at progress 1")
        finger = result["physics"]["releaseVelocity"]
        shown = state["shownAtRelease"]
        check(finger > 1, "the finger left at %.2f widths/s (library's estimate)" % finger)
        check(abs(shown["physics"]["velocity"] - finger) <= 1e-9 * max(1, abs(finger)),
              "the physics card's velocity right after release, %.4f widths/s, is the finger's" % shown["physics"]["velocity"])
        check(shown["classic"]["velocity"] == 0, "the classic card starts its completion from rest")
        page_estimate = state["fingerVelocity"]
        check(0.5 < page_estimate / finger < 2,
              "the page's own finger speed, %.2f widths/s, agrees with the library's %.2f" % (page_estimate, finger))

        # What a person sees halfway through the classic completion, for the screenshot (and the README).
        half = result["classic"]["frames"][-1]["t"] / 2
        driver.execute_script("window.playground.showAt(arguments[0])", half)
        mid = page_state(driver)["cards"]
        check(0 < mid["classic"]["progress"] < result["classic"]["releaseProgress"],
              "%.3f s after release the classic card is on its way back (%.2f)" % (half, mid["classic"]["progress"]))
        check(mid["physics"]["progress"] > result["physics"]["releaseProgress"],
              "%.3f s after release the physics card is on its way out (%.2f)" % (half, mid["physics"]["progress"]))
        os.makedirs(os.path.dirname(os.path.abspath(args.screenshot)), exist_ok=True)
        driver.save_screenshot(args.screenshot)
        print("  screenshot:", args.screenshot)

        print("peek: 90 px to the right in about 1 s, held still, lifted")
        requests = page_state(driver)["requests"]
        drag(driver, physics_card, [3] * 30, step_ms=33, hold_ms=300)
        state = wait_for_answer(driver, requests)
        result = state["lastResult"]
        check(result["classic"]["decision"] == "cancel" and result["physics"]["decision"] == "cancel", "both cancel the peek")
        check(abs(result["physics"]["releaseVelocity"]) < 0.2, "the finger had stopped (%.3f widths/s)" % result["physics"]["releaseVelocity"])
        check(all(abs(state["cards"][m]["progress"]) < 1e-9 for m in ["classic", "physics"]), "both cards are back at progress 0")

        print("controls: a changed response replays the last flick; a bad value is refused on the page")
        requests = state["requests"]
        response = driver.find_element(By.ID, "param-response")
        response.clear()
        response.send_keys("0.6")
        driver.execute_script("arguments[0].dispatchEvent(new Event('change', {bubbles: true}))", response)
        state = wait_for_answer(driver, requests)
        check(state["lastError"] is None and state["lastRequest"]["parameters"].get("response") == 0.6,
              "the replay asked for response 0.6 s and was answered")
        requests = state["requests"]
        response.clear()
        response.send_keys("0")
        driver.execute_script("arguments[0].dispatchEvent(new Event('change', {bubbles: true}))", response)
        state = wait_for_answer(driver, requests)
        status = driver.find_element(By.ID, "status").text
        check(state["lastError"] is not None and state["lastError"]["field"] == "parameters.response" and "response" in status,
              "response 0 is refused, and the page says so: " + status)
        response.clear()
        response.send_keys("0.3")
        shapes = driver.find_elements(By.ID, "param-completion-shape")
        if shapes:  # a table row since the minimum-jerk completion: it appears with no change to the page
            requests = page_state(driver)["requests"]
            Select(shapes[0]).select_by_value("minimum-jerk")
            state = wait_for_answer(driver, requests)
            physics = state["lastResult"]["physics"]
            check(state["lastError"] is None and state["lastRequest"]["parameters"].get("completion-shape") == "minimum-jerk"
                  and state["shownAtRelease"]["physics"]["velocity"] == physics["frames"][0]["velocity"] == physics["releaseVelocity"],
                  "completion shape minimum-jerk from the table's control: replayed, still leaving at the finger's velocity")
            Select(shapes[0]).select_by_value("spring")
        curve = Select(driver.find_element(By.ID, "param-completion-curve"))
        check(len(curve.options) > 1, "the classic curve is a choice from the table (%d curves)" % len(curve.options))

        print("recorded swipe")
        requests = state["requests"]
        driver.find_element(By.ID, "recorded").click()
        if args.recorded_swipes and os.path.exists(args.recorded_swipes):
            state = wait_for_answer(driver, requests, timeout=60)
            check(state["recorded"] is not None and state["lastError"] is None,
                  "recorded swipe %s replayed: classic %s, physics %s" % (
                      state["recorded"]["id"], state["lastResult"]["classic"]["decision"], state["lastResult"]["physics"]["decision"]))
        else:
            check(not driver.find_element(By.ID, "recorded").is_enabled(),
                  "the recorded swipes are not there: the button is disabled")
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE" and "/api/" not in entry["message"]]
        check(not errors, "no JavaScript errors in the console %s" % errors)

        record_rough_edges(driver, base, args)
        record_session(driver, base, args, downloads)
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE" and "/api/" not in entry["message"]]
        check(not errors, "no JavaScript errors in the console %s" % errors)
        recorded_swipes_absent(driver, args)
        print("browser test: passed")
    except Exception:
        # Say what the page showed, for a failure in CI.
        try:
            state = page_state(driver)
            state.pop("table", None)
            print("browser test: FAILED; the page's state:", json.dumps(state)[:4000], file=sys.stderr)
            print("browser test: status line:", driver.find_element(By.ID, "status").text, file=sys.stderr)
            print("browser test: console:", driver.get_log("browser"), file=sys.stderr)
        except Exception as error:
            print("browser test: FAILED; the page's state could not be read:", error, file=sys.stderr)
        raise
    finally:
        driver.quit()
        stop_server()


if __name__ == "__main__":
    main()
