#!/usr/bin/env python3
"""What a page transfers as a phone loads it: headless Chromium at 390 × 844 (or --width), cache
off, summing each response's encodedDataLength (bytes on the wire, headers included) until the
page is loaded and the network quiet. Lazy images below the first screen are not fetched, so it
counts what a visitor waits for.

usage: Benchmarks/page_weight.py SITE-FOLDER PAGE [PAGE...] [--width 390] [--height 844]
  SITE-FOLDER is served on a free port for the run (Python's http.server); PAGE is a path in it.
  Prints a line per page: requests, bytes, and the bytes by type. Needs chromium and
  websocket-client (pip install websocket-client).
"""
import argparse, functools, http.server, json, os, socket, subprocess, sys, tempfile, threading, time, urllib.request

import websocket  # websocket-client


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(folder):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=folder)
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def measure(ws_url, url, width, height):
    ws = websocket.create_connection(ws_url, timeout=30)
    ids = iter(range(1, 10**9))

    def send(method, **params):
        ws.send(json.dumps({"id": next(ids), "method": method, "params": params}))

    send("Network.enable")
    send("Network.setCacheDisabled", cacheDisabled=True)
    send("Page.enable")
    send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=3, mobile=True)
    send("Page.navigate", url=url)
    types, sizes, loaded, quiet_since = {}, {}, False, None
    deadline = time.time() + 30
    while time.time() < deadline:
        ws.settimeout(0.5)
        try:
            message = json.loads(ws.recv())
        except websocket.WebSocketTimeoutException:
            if loaded and quiet_since and time.time() - quiet_since > 1.0:
                break
            continue
        method = message.get("method")
        params = message.get("params", {})
        if method == "Network.responseReceived":
            types[params["requestId"]] = params.get("type", "Other")
        elif method == "Network.loadingFinished":
            sizes[params["requestId"]] = params["encodedDataLength"]
            quiet_since = time.time()
        elif method == "Page.loadEventFired":
            loaded, quiet_since = True, time.time()
    ws.close()
    by_type = {}
    for request, size in sizes.items():
        kind = types.get(request, "Other")
        by_type[kind] = by_type.get(kind, 0) + size
    return len(sizes), sum(sizes.values()), by_type


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("site")
    parser.add_argument("pages", nargs="+")
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=844)
    args = parser.parse_args()
    server = serve(os.path.abspath(args.site))
    port = free_port()
    profile = tempfile.mkdtemp()
    chrome = subprocess.Popen(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", f"--remote-debugging-port={port}",
         f"--user-data-dir={profile}", "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json"))
                page = next(t for t in targets if t["type"] == "page")
                break
            except Exception:
                time.sleep(0.1)
        else:
            sys.exit("chromium did not start")
        for path in args.pages:
            url = f"http://127.0.0.1:{server.server_port}/{path.lstrip('/')}"
            count, total, by_type = measure(page["webSocketDebuggerUrl"], url, args.width, args.height)
            parts = ", ".join(f"{k} {v / 1000:.1f} KB" for k, v in sorted(by_type.items()))
            print(f"{path}: {count} requests, {total / 1000:.1f} KB ({parts})")
    finally:
        chrome.kill()
        server.shutdown()


if __name__ == "__main__":
    main()
