#!/usr/bin/env python3
"""Measures `sitegen serve`'s incremental rebuilds (#14 goal 4): edit → page, vote → 303, new skill → page
and deleted skill → 404.

usage: python3 Benchmarks/incremental.py [--sitegen .build/release/sitegen] [--sizes 1000,10000] [--tries 7] [--poll]
                                         [--work /dev/shm/sitegen-incremental]

For each size, generates a catalogue (Benchmarks/generate.py) with the rating form on, starts
`sitegen serve` on it, waits for its first build, then measures, one try at a time:
- edit → page: a skill file gets a new word in its description; the time from the write until a
  GET of the skill's page shows the word. The page is asked for as an open page's live-reload
  script asks: the script's question (`.sitegen/live?since=…`) waits for the build, then the page
  is fetched. With `--poll`, the page is fetched every 2 ms instead, as a waiting author would:
  those requests compete with the build for the two cores;
- vote → 303: a POST of the rating form for a skill until its `303` comes back, and that the
  page fetched right after counts the vote;
- new skill → page: a copy of a skill file under a new name (a new skill in the same group) until
  its page is served, waiting as an edit does; then deleted skill → 404: that file removed until
  its page answers 404.
Prints the median, min and max of each in milliseconds, the median CPU time serve used for each
(user + system, from /proc: steadier than wall time on a busy machine), serve's own line for
the last build, and serve's resident memory and its peak after the first build and after the changes. Linux; run on a quiet machine (2 cores: serve and this script share them).
"""
import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def request(port, method, path, body=b"", headers=""):
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n{headers}"
        if body:
            head += f"Content-Length: {len(body)}\r\n"
        s.sendall(head.encode() + b"\r\n" + body)
        data = b""
        while chunk := s.recv(262144):
            data += chunk
    status = int(data.split(b" ", 2)[1])
    return status, data.split(b"\r\n\r\n", 1)[1] if b"\r\n\r\n" in data else b""


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_mb(pid):
    """The process's resident memory now and its peak so far (VmRSS, VmHWM), in MB."""
    with open(f"/proc/{pid}/status") as f:
        fields = dict(line.split(":", 1) for line in f if ":" in line)
    return tuple(int(fields[key].split()[0]) // 1024 for key in ("VmRSS", "VmHWM"))


def rating_count(port, page):
    _, body = request(port, "GET", page)
    match = re.search(rb'rating-big-count">([^<]*)<', body)
    return match.group(1).decode() if match else "not rated"


class Server:
    def __init__(self, sitegen, content, output):
        self.process = subprocess.Popen([sitegen, "serve", "--content", content, "--output", output, "--port", "0"],
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines = []
        self.port = None
        for line in self.process.stdout:
            self.lines.append(line.rstrip())
            if line.startswith("Serving "):
                self.port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
            if line.startswith("Watching "):
                break
        if self.port is None:
            self.process.kill()
            raise SystemExit("\n".join(["serve did not start:"] + self.lines))
        threading.Thread(target=self.collect, daemon=True).start()

    def collect(self):
        for line in self.process.stdout:
            self.lines.append(line.rstrip())

    def last_build(self):
        return next((line for line in reversed(self.lines) if line.startswith("Built in")), "")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=60)


def skill_files(content):
    found = []
    for folder, _, names in os.walk(os.path.join(content, "skills")):
        found += [os.path.join(folder, name) for name in names if name.endswith(".md")]
    return sorted(found)


def page_of(content, path):
    relative = os.path.relpath(path, os.path.join(content, "skills"))[:-3]
    return relative, f"/skills/{relative}/"


def script_data(body, name):
    """A data attribute of the live-reload script `serve` adds to a page."""
    match = re.search(rb'data-' + name.encode() + rb'="([^"]*)"', body)
    if not match:
        raise SystemExit(f"the page has no live-reload script (data-{name}): is serve running with --no-live-reload?")
    return match.group(1).decode()


def edit_to_page(server, content, path, word, poll):
    _, page = page_of(content, path)
    with open(path) as f:
        text = f.read()
    _, before = request(server.port, "GET", page)
    generation, run = script_data(before, "generation"), script_data(before, "run")
    cpu = cpu_seconds(server.process.pid)
    started = time.perf_counter()
    with open(path, "w") as f:
        f.write(text.rstrip("\n") + f" {word}\n")
    while True:
        if not poll:
            # What the open page's script does: wait for a build, then fetch the page.
            _, answer = request(server.port, "GET", f"/.sitegen/live?since={generation}&run={run}")
            generation = json.loads(answer)["generation"]
        _, body = request(server.port, "GET", page)
        if word.encode() in body:
            return (time.perf_counter() - started) * 1000, (cpu_seconds(server.process.pid) - cpu) * 1000
        if time.perf_counter() - started > 60:
            raise SystemExit(f"{page} never showed the edit; serve said: {server.last_build()}")
        if poll:
            time.sleep(0.002)


def name_to_page(server, content, path, word, front=False):
    """A skill's name gets `word` added (in `front`: then the skill moves in name order, and every
    list in name order is made again); the time until its own page, fetched every 2 ms as an author
    waiting on it would, shows the new name. Other pages (listings, group pages, related lists) show
    it too, once the same rebuild is done."""
    _, page = page_of(content, path)
    with open(path) as f:
        text = f.read()
    match = re.search(r'^name: "?([^"\n]*)"?$', text, re.M)
    if not match:
        raise SystemExit(f"{path} has no name line")
    name = f"{word} {match.group(1)}" if front else f"{match.group(1)} {word}"
    renamed = text[:match.start()] + f'name: "{name}"' + text[match.end():]
    cpu = cpu_seconds(server.process.pid)
    started = time.perf_counter()
    with open(path, "w") as f:
        f.write(renamed)
    while True:
        _, body = request(server.port, "GET", page)
        if name.encode() in body:
            return (time.perf_counter() - started) * 1000, (cpu_seconds(server.process.pid) - cpu) * 1000
        if time.perf_counter() - started > 60:
            raise SystemExit(f"{page} never showed the new name; serve said: {server.last_build()}")
        time.sleep(0.002)


def wait_for(server, page, status, since, generation, run, poll):
    """Waits as an open page does (the live-reload question, then a fetch) until `page` answers `status`."""
    while True:
        if not poll:
            _, answer = request(server.port, "GET", f"/.sitegen/live?since={generation}&run={run}")
            generation = json.loads(answer)["generation"]
        got, _ = request(server.port, "GET", page)
        if got == status:
            return (time.perf_counter() - since) * 1000
        if time.perf_counter() - since > 60:
            raise SystemExit(f"{page} never answered {status}; serve said: {server.last_build()}")
        if poll:
            time.sleep(0.002)


def new_and_deleted(server, content, path, number, poll):
    """A new skill file beside `path` (a copy under another name) until its page is served, then
    the file deleted until its page answers 404. Returns both times and serve's CPU for each."""
    with open(path) as f:
        text = f.read()
    added = os.path.join(os.path.dirname(path), f"benchmark-new-{number}.md")
    _, page = page_of(content, added)
    times = []
    for make in (True, False):
        _, home = request(server.port, "GET", "/")
        generation, run = script_data(home, "generation"), script_data(home, "run")
        cpu = cpu_seconds(server.process.pid)
        started = time.perf_counter()
        if make:
            with open(added, "w") as f:
                f.write(text.replace('name: "', 'name: "New ', 1))
        else:
            os.remove(added)
        took = wait_for(server, page, 200 if make else 404, started, generation, run, poll)
        times.append((took, (cpu_seconds(server.process.pid) - cpu) * 1000))
        time.sleep(0.3)
    return times


def vote_to_303(server, content, path):
    skill, page = page_of(content, path)
    before = rating_count(server.port, page)
    body = f"skill={skill}&stars=5".encode()
    cpu = cpu_seconds(server.process.pid)
    started = time.perf_counter()
    status, _ = request(server.port, "POST", "/api/ratings", body,
                        "Content-Type: application/x-www-form-urlencoded\r\n")
    took = (time.perf_counter() - started) * 1000
    used = (cpu_seconds(server.process.pid) - cpu) * 1000
    after = rating_count(server.port, page)
    if status != 303:
        raise SystemExit(f"the vote got {status}, not 303")
    counted = after != before
    return took, used, counted


def summary(values):
    return f"median {statistics.median(values):7.1f} ms  (min {min(values):.1f}, max {max(values):.1f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sitegen", default=".build/release/sitegen")
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--tries", type=int, default=7)
    parser.add_argument("--poll", action="store_true", help="fetch the edited page every 2 ms instead of waiting as live reload does")
    parser.add_argument("--work", default="/dev/shm/sitegen-incremental" if os.path.isdir("/dev/shm") else "/tmp/sitegen-incremental")
    args = parser.parse_args()
    sitegen = os.path.abspath(args.sitegen)
    for size in [int(s) for s in args.sizes.split(",") if s]:
        content = os.path.join(args.work, f"content-{size}")
        subprocess.run(["rm", "-rf", content], check=True)
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), str(size), content], check=True,
                       stdout=subprocess.DEVNULL)
        with open(os.path.join(content, "site.yml"), "a") as f:
            f.write("rating_form:\n  endpoint: /api/ratings\n  method: post\n")
        server = Server(sitegen, content, os.path.join(args.work, f"public-{size}"))
        try:
            print(f"{size:,} skills: {server.last_build()}", flush=True)
            files = skill_files(content)
            time.sleep(1)
            full = server.last_build()
            after_build = memory_mb(server.process.pid)
            edits, edit_cpu, votes, vote_cpu, counted = [], [], [], [], 0
            names, name_cpu, name_builds = [], [], []
            moves, move_cpu = [], []
            news, new_cpu, deletions, deletion_cpu = [], [], [], []
            for attempt in range(args.tries):
                took, used = edit_to_page(
                    server, content, files[(attempt * 7919) % len(files)], f"edited{attempt}x{size}", args.poll)
                edits.append(took)
                edit_cpu.append(used)
                time.sleep(0.3)  # let the watcher's look after the edit settle
                took, used, ok = vote_to_303(server, content, files[(attempt * 104729 + 13) % len(files)])
                votes.append(took)
                vote_cpu.append(used)
                counted += ok
                time.sleep(0.3)
                (took, used), (gone, gone_used) = new_and_deleted(
                    server, content, files[(attempt * 3571 + 7) % len(files)], attempt, args.poll)
                news.append(took)
                new_cpu.append(used)
                deletions.append(gone)
                deletion_cpu.append(gone_used)
                time.sleep(0.3)
                took, used = name_to_page(server, content, files[(attempt * 6007 + 3) % len(files)], f"renamed{attempt}x{size}")
                names.append(took)
                name_cpu.append(used)
                time.sleep(1.5)  # the rest of the rebuild, then its line
                name_builds.append(server.last_build())
                took, used = name_to_page(
                    server, content, files[(attempt * 6007 + 5) % len(files)], f"Moved{attempt}x{size}", front=True)
                moves.append(took)
                move_cpu.append(used)
                time.sleep(1.5)
            how = "polled every 2 ms" if args.poll else "as live reload asks"
            print(f"{size:>8,} edit → page served: {summary(edits)}; serve's CPU median {statistics.median(edit_cpu):.0f} ms ({how})")
            print(f"{size:>8,} vote → 303:         {summary(votes)}; serve's CPU median {statistics.median(vote_cpu):.0f} ms;"
                  f" the page counted the vote {counted} of {args.tries} times")
            print(f"{size:>8,} new skill → page:   {summary(news)}; serve's CPU median {statistics.median(new_cpu):.0f} ms")
            print(f"{size:>8,} deleted → 404:      {summary(deletions)}; serve's CPU median {statistics.median(deletion_cpu):.0f} ms")
            print(f"{size:>8,} name → its page:    {summary(names)}; serve's CPU median {statistics.median(name_cpu):.0f} ms"
                  " (polled every 2 ms)")
            print(f"{size:>8,} name, moved → page: {summary(moves)}; serve's CPU median {statistics.median(move_cpu):.0f} ms"
                  " (a word in front: the skill moves in name order)")
            print(f"{'':>8} first (full) build: {full}")
            print(f"{'':>8} a name edit's build: {name_builds[-1]}")
            print(f"{'':>8} last build: {server.last_build()}")
            now, peak = memory_mb(server.process.pid)
            print(f"{'':>8} serve's memory: {after_build[0]:,} MB after the first build (peak {after_build[1]:,} MB);"
                  f" {now:,} MB after the changes (peak {peak:,} MB)", flush=True)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
