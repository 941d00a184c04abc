"""The playground in a real browser: Debian's headless Chromium driven by Selenium.

Starts the server on a free port, loads the page, drags a card with real pointer actions (a
short fast flick and a slow peek) and asserts, from the page's own state (window.playground),
what a person would see: classic cancels the flick and physics finishes it, the physics card
leaves with the finger's velocity while the classic one starts from rest, and both cancel the
peek. Then a control change replays the flick, a bad value is refused on the page, and the
recorded-swipe button replays a swipe (or says the file is not there). Saves a screenshot of
the page mid-completion. The server is killed (by its pid) on every exit path.

    python browser_test.py --server PATH/transition-playground --screenshot .build/playground.png \
        [--recorded-swipes ../shared/data/bioident-gallery-swipes.csv]
"""
import argparse
import atexit
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


def browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1200,1100", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    options.binary_location = chromium
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(service=Service(driver_path), options=options)


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


def check(condition, message):
    if not condition:
        raise AssertionError(message)
    print("  ok:", message)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True, help="the transition-playground executable")
    parser.add_argument("--recorded-swipes", help="the shared recorded-swipe CSV (may be absent)")
    parser.add_argument("--screenshot", required=True, help="where to save the PNG")
    args = parser.parse_args()

    atexit.register(stop_server)
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    base = start_server(args.server, args.recorded_swipes)
    driver = browser()
    try:
        driver.get(base + "/")
        WebDriverWait(driver, 60).until(lambda d: d.execute_script("return window.playground && window.playground.ready"))
        physics_card = driver.find_element(By.ID, "card-physics")
        travel = driver.execute_script("return document.getElementById('lane-physics').clientWidth")

        print("flick: 96 px to the left in about 0.1 s, lifted at once")
        drag(driver, physics_card, [-12] * 8, step_ms=12)
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
            WebDriverWait(driver, 30).until(lambda d: "not there" in d.find_element(By.ID, "status").text
                                            or "no recorded-swipe file" in d.find_element(By.ID, "status").text)
            check(True, "the page says the recorded swipes are not there: " + driver.find_element(By.ID, "status").text)
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE" and "/api/" not in entry["message"]]
        check(not errors, "no JavaScript errors in the console %s" % errors)
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
