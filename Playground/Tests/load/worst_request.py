#!/usr/bin/env python3
# Times the playground's worst-case valid request alone: every cap at its maximum and
# "parameters": {"damping-ratio": 0.05} (load_test.worst_case); prints each request's wall seconds and the
# server's CPU seconds for it (/proc/PID/stat).
#   worst_request.py SERVER RECORDED_SWIPES REQUESTS
import json, os, socket, subprocess, sys, time, urllib.request
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from load_test import worst_case
server, swipes, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
with socket.socket() as s:
    s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]
proc = subprocess.Popen([server, "--port", str(port), "--recorded-swipes", swipes], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    for _ in range(100):
        try:
            limits = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/parameters", timeout=2))["limits"]; break
        except Exception: time.sleep(0.1)
    body = worst_case(limits)
    body["parameters"] = {"damping-ratio": 0.05}
    data = json.dumps(body).encode()
    for i in range(runs):
        req = urllib.request.Request(f"http://127.0.0.1:{port}/api/release", data=data, headers={"Content-Type": "application/json"})
        def cpu():
            f = open(f"/proc/{proc.pid}/stat").read().rsplit(")", 1)[1].split()
            return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
        c = cpu()
        t = time.perf_counter()
        with urllib.request.urlopen(req, timeout=60) as r:
            answer = r.read(); status = r.status
        wall = time.perf_counter() - t
        time.sleep(0.05)
        print(f"request {i + 1}: {wall:.3f} s wall, {cpu() - c:.2f} s of the server's CPU, status {status}, {len(answer) / 1000:.0f} kB")
finally:
    proc.terminate(); proc.wait()
