#!/usr/bin/env python3
"""What a page transfers as a phone loads it: headless Chromium at 390 × 844 (or --width), cache
off, summing each response's encodedDataLength (bytes on the wire, headers included) until the
page is loaded and the network quiet. Lazy images below the first screen are not fetched, so it
counts what a visitor waits for.

usage: Benchmarks/page_weight.py SITE-FOLDER PAGE [PAGE...] [--width 390] [--height 844] [--nginx]
  SITE-FOLDER is served on a free port for the run (Python's http.server, which sends every file
  as it is); PAGE is a path in it. --nginx serves it through Debian's nginx with
  deploy/nginx-catalogue.conf as deploy/configure-nginx writes it (gzip, HTTP/2, a self-signed
  certificate): what a deployed site sends. Prints a line per page: requests, bytes, and the bytes
  by type. Needs chromium and websocket-client (pip install websocket-client); --nginx needs nginx
  and openssl.
"""
import argparse, functools, http.server, json, os, re, shutil, socket, subprocess, sys, tempfile, threading, time
import urllib.request

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

import websocket  # websocket-client


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(folder):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def start_nginx(site, work):
    """Debian's nginx.conf with the catalogue's server block, its files in `work`; the site is
    linked in as `work/Public`, the folder configure-nginx's rule serves. Returns (stop, base URL)."""
    os.chmod(work, 0o755)  # nginx's workers (www-data) walk through it to the site
    os.symlink(os.path.abspath(site), os.path.join(work, "Public"))
    key, certificate = os.path.join(work, "key.pem"), os.path.join(work, "cert.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=localhost", "-keyout", key, "-out", certificate], check=True, capture_output=True)
    https, http = free_port(), free_port()
    config = subprocess.run(
        [os.path.join(REPO, "deploy", "configure-nginx"), "--host", "localhost", "--folder", work,
         "--certificate", certificate, "--key", key, "--https-port", str(https), "--http-port", str(http),
         "--ipv4-only"], check=True, capture_output=True, text=True).stdout
    sites = os.path.join(work, "sites")
    os.makedirs(sites)
    with open(os.path.join(sites, "catalogue.conf"), "w") as f:
        f.write(config)
    with open("/etc/nginx/nginx.conf") as f:
        main = f.read()
    main = main.replace("include /etc/nginx/sites-enabled/*;", f"include {sites}/*;")
    main = re.sub(r"(?m)^pid .*;", f"pid {work}/nginx.pid;", main)
    main = re.sub(r"access_log [^;]*;", f"access_log {work}/access.log;", main)
    main = re.sub(r"error_log [^;]*;", f"error_log {work}/error.log;", main)
    main_path = os.path.join(work, "nginx.conf")
    with open(main_path, "w") as f:
        f.write(main)
    subprocess.run(["nginx", "-c", main_path], check=True)
    return (lambda: subprocess.run(["nginx", "-c", main_path, "-s", "stop"], capture_output=True)), \
        f"https://localhost:{https}"


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
    parser.add_argument("--nginx", action="store_true")
    args = parser.parse_args()
    if args.nginx:
        stop, base = start_nginx(args.site, tempfile.mkdtemp())
    else:
        server = serve(os.path.abspath(args.site))
        stop, base = server.shutdown, f"http://127.0.0.1:{server.server_port}"
    try:
        # A browser of its own for each page: nothing one page loaded is in memory for the next.
        for path in args.pages:
            count, total, by_type = in_chromium(f"{base}/{path.lstrip('/')}", args.width, args.height)
            parts = ", ".join(f"{k} {v / 1000:.1f} KB" for k, v in sorted(by_type.items()))
            print(f"{path}: {count} requests, {total / 1000:.1f} KB ({parts})")
    finally:
        stop()


def in_chromium(url, width, height):
    port = free_port()
    profile = tempfile.mkdtemp()
    chrome = subprocess.Popen(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--ignore-certificate-errors",
         f"--remote-debugging-port={port}", f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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
        return measure(page["webSocketDebuggerUrl"], url, width, height)
    finally:
        chrome.kill()
        chrome.wait()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
