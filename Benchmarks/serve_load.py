#!/usr/bin/env python3
"""Measures `sitegen serve` at rest and under many idle connections.

usage: python3 Benchmarks/serve_load.py [--sitegen .build/release/sitegen] [--skills 10000] [--seconds 30]
                                        [--idle 1000] [--requests 50] [--work /dev/shm/sitegen-serve-bench]

Generates a catalogue (Benchmarks/generate.py), starts `sitegen serve` on it, and prints:
- idle CPU: the server's user+system time over --seconds after its first build, as % of one core
  (/proc/PID/stat), with nothing changing and no client;
- request latency: --requests sequential `GET /` on fresh connections, first with no other client,
  then with --idle connections held open (half of them mid-way through a request head), as
  median / 95th percentile / max in milliseconds.
Linux only (reads /proc).
"""
import argparse
import os
import resource
import socket
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # utime and stime are fields 14 and 15; the split above starts at field 3.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def get(port):
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    if not data.startswith(b"HTTP/1.1 200"):
        raise SystemExit(f"unexpected answer: {data[:80]!r}")
    return (time.perf_counter() - started) * 1000


def latencies(port, count):
    times = sorted(get(port) for _ in range(count))
    return f"median {statistics.median(times):.1f} ms, p95 {times[int(len(times) * 0.95) - 1]:.1f} ms, max {times[-1]:.1f} ms"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sitegen", default=".build/release/sitegen")
    parser.add_argument("--skills", type=int, default=10000)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--work", default="/dev/shm/sitegen-serve-bench")
    args = parser.parse_args()

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    content = os.path.join(args.work, f"content-{args.skills}")
    if not os.path.isdir(content):
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), str(args.skills), content], check=True)
    output = os.path.join(args.work, f"public-{args.skills}")

    server = subprocess.Popen([args.sitegen, "serve", "--content", content, "--output", output, "--port", "0"],
                              stdout=subprocess.PIPE, text=True)
    port = None
    lines = []
    for line in server.stdout:
        lines.append(line.rstrip())
        if line.startswith("Serving "):
            port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
        if line.startswith("Watching "):
            break
    if port is None:
        server.kill()
        raise SystemExit("\n".join(["serve did not start:"] + lines))
    threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
    try:
        print("\n".join(lines))
        time.sleep(2)  # let the first build's leftovers settle
        before = cpu_seconds(server.pid)
        time.sleep(args.seconds)
        used = cpu_seconds(server.pid) - before
        print(f"idle CPU over {args.seconds:g} s: {used:.2f} s = {100 * used / args.seconds:.2f}% of a core")

        print(f"GET / with no other client: {latencies(port, args.requests)}")
        held = []
        for index in range(args.idle):
            s = socket.create_connection(("127.0.0.1", port), timeout=30)
            if index % 2 == 0:
                s.sendall(b"GET / HTTP/1.1\r\nHo")
            held.append(s)
        print(f"GET / with {args.idle} idle connections open: {latencies(port, args.requests)}")
        for s in held:
            s.close()
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
