#!/usr/bin/env python3
"""Load test of `sitegen collect` (issue #16): not a unit test, a measurement.

Sends VOTES votes from CLIENTS concurrent clients to a real service on each backend, then reads the
store back through `sitegen export votes` and checks that every vote answered 303 is stored exactly
once (each vote carries a voter id of its own, so none replaces another). Prints throughput and the
p50/p99 latency of the answers.

--kill: SIGKILLs the service when half the votes are answered, starts it again at once, lets the
clients carry on (a request cut off by the kill is not counted as accepted), and checks that no vote
answered 303 before or after the kill is missing.

    swift build -c release --product sitegen
    python3 Benchmarks/collect_load.py                      # both backends (PostgreSQL: SITEGEN_TEST_POSTGRES)
    python3 Benchmarks/collect_load.py --backend sqlite --kill
    python3 Benchmarks/collect_load.py --backend sqlite --unique-addresses

PostgreSQL runs make a database of their own on the server SITEGEN_TEST_POSTGRES names (a role with
CREATEDB, as the tests need) through psql, and drop it afterwards.
"""
import argparse
import http.client
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORIGIN = "https://example.org"


def sitegen_binary():
    for build in ("release", "debug"):
        path = os.path.join(ROOT, ".build", build, "sitegen")
        if os.path.exists(path):
            return path
    sys.exit("no sitegen binary: run `swift build -c release --product sitegen` first")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def skill_ids(binary, content, work):
    """The catalogue's skill ids, as the build's JSON API lists them (api/skills/<id>.json)."""
    site = os.path.join(work, "Public")
    subprocess.run([binary, "build", "--content", content, "--output", site], check=True, capture_output=True)
    api = os.path.join(site, "api", "skills")
    ids = []
    for folder, _, names in os.walk(api):
        for name in names:
            if name.endswith(".json"):
                ids.append(os.path.relpath(os.path.join(folder, name[:-5]), api).replace(os.sep, "/"))
    return sorted(ids)


class Service:
    """One `sitegen collect` process; started again after a kill on the same port and database."""

    def __init__(self, binary, content, database, port, log):
        self.command = [binary, "collect", "--content", content, "--database", database, "--port", str(port),
                        "--base-url", ORIGIN + "/", "--trusted-proxy", "X-Forwarded-For", "--rate-limit", "100000/min"]
        self.port = port
        self.log = log
        self.process = None

    def start(self):
        self.process = subprocess.Popen(self.command, stdout=self.log, stderr=self.log)
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.process.poll() is not None:
                sys.exit(f"sitegen collect exited with {self.process.returncode}; see {self.log.name}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        sys.exit("sitegen collect did not open its port within 60 s")

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=30)


class Run:
    def __init__(self, votes, clients, skills, port, unique=False):
        self.votes = votes
        self.unique = unique
        self.clients = clients
        self.skills = skills
        self.port = port
        self.lock = threading.Lock()
        self.accepted = {}  # (voter, skill) -> stars
        self.latencies = []
        self.refused = 0
        self.cut_off = 0  # requests the kill (or a reset) left without an answer
        self.answered = 0
        self.half = threading.Event()
        self.service_up = threading.Event()
        self.service_up.set()

    def client(self, number):
        share = self.votes // self.clients + (1 if number < self.votes % self.clients else 0)
        base = f"10.{number // 256}.{number % 256}"
        connection = None
        sent = 0
        while sent < share:
            self.service_up.wait()
            voter = secrets.token_hex(16)
            skill = self.skills[(number * 7919 + sent) % len(self.skills)]
            stars = 1 + (number + sent) % 5
            # --unique-addresses: every vote from an address of its own (a flood of addresses).
            index = (number * self.votes + sent) % (1 << 24)
            address = f"10.{index >> 16}.{(index >> 8) & 255}.{index & 255}" if self.unique else base + ".1"
            body = urllib.parse.urlencode({"skill": skill, "stars": stars})
            headers = {"Content-Type": "application/x-www-form-urlencoded", "Origin": ORIGIN,
                       "Cookie": f"sitegen_voter={voter}", "X-Forwarded-For": address}
            started = time.perf_counter()
            try:
                if connection is None:
                    connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                connection.request("POST", "/api/ratings", body, headers)
                response = connection.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException):
                if connection is not None:
                    connection.close()
                connection = None
                with self.lock:
                    self.cut_off += 1
                time.sleep(0.05)
                continue  # the vote was not acknowledged: send another in its place
            elapsed = time.perf_counter() - started
            sent += 1
            with self.lock:
                self.answered += 1
                if status == 303:
                    self.accepted[(voter, skill)] = stars
                    self.latencies.append(elapsed)
                else:
                    self.refused += 1
                if self.answered >= self.votes // 2:
                    self.half.set()
        if connection is not None:
            connection.close()


def stored_votes(binary, content, database):
    out = subprocess.run([binary, "export", "votes", "--content", content, "--ratings-database", database],
                         check=True, capture_output=True, text=True).stdout
    votes = [json.loads(line) for line in out.splitlines() if line.strip()]
    return votes


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def run_backend(backend, args, binary):
    work = tempfile.mkdtemp(prefix=f"sitegen-collect-load-{backend}-")
    content = os.path.join(work, "Content")
    shutil.copytree(os.path.join(ROOT, "Content"), content)
    dropped = None
    if backend == "sqlite":
        database = os.path.join(work, "votes.sqlite")
    else:
        server = os.environ.get("SITEGEN_TEST_POSTGRES")
        if not server:
            print("postgres: skipped, SITEGEN_TEST_POSTGRES is not set")
            return True
        name = "sitegen_load_" + secrets.token_hex(6)
        subprocess.run(["psql", server, "-q", "-c", f"CREATE DATABASE {name}"], check=True)
        parts = urllib.parse.urlsplit(server)
        database = urllib.parse.urlunsplit(parts._replace(path="/" + name))
        dropped = (server, name)
    port = free_port()
    log = open(os.path.join(work, "service.log"), "w")
    service = Service(binary, content, database, port, log)
    run = Run(args.votes, args.clients, skill_ids(binary, content, work), port, args.unique_addresses)
    try:
        service.start()
        threads = [threading.Thread(target=run.client, args=(n,)) for n in range(args.clients)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        restarted_after = None
        if args.kill:
            run.half.wait()
            service.kill()
            restarted_after = run.answered
            service.start()
        for thread in threads:
            thread.join()
        seconds = time.perf_counter() - started
        service.stop()

        stored = stored_votes(binary, content, database)
        keys = [(vote["user"], vote["skill"]) for vote in stored]
        by_key = {(vote["user"], vote["skill"]): vote["stars"] for vote in stored}
        missing = [key for key in run.accepted if key not in by_key]
        wrong = [key for key, stars in run.accepted.items() if key in by_key and by_key[key] != stars]
        duplicated = len(keys) - len(set(keys))
        unanswered_but_stored = len(set(keys) - set(run.accepted))
        accepted = len(run.accepted)
        print(f"{backend}: {accepted:,} of {args.votes:,} votes accepted from {args.clients} clients in {seconds:.2f} s: "
              f"{accepted / seconds:,.0f} votes/s; latency p50 {percentile(run.latencies, 0.5) * 1000:.1f} ms, "
              f"p99 {percentile(run.latencies, 0.99) * 1000:.1f} ms")
        if args.kill:
            print(f"{backend}: killed (SIGKILL) after {restarted_after:,} answers and restarted; {run.cut_off} requests cut off "
                  f"and sent again; {unanswered_but_stored} stored without an answer (allowed: committed as the kill came)")
        print(f"{backend}: stored {len(stored):,}; missing {len(missing)}, wrong stars {len(wrong)}, duplicated {duplicated}, "
              f"refused {run.refused}")
        ok = not missing and not wrong and duplicated == 0 and run.refused == 0 and (args.kill or unanswered_but_stored == 0)
        print(f"{backend}: {'OK' if ok else 'FAILED'}")
        return ok
    finally:
        service.stop()
        log.close()
        if dropped:
            server, name = dropped
            subprocess.run(["psql", server, "-q", "-c", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], check=False)
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"{backend}: kept {work}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--votes", type=int, default=10_000)
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--unique-addresses", action="store_true",
                        help="every vote from a client address of its own (the rate limit's flood of buckets)")
    parser.add_argument("--kill", action="store_true", help="SIGKILL the service halfway and restart it")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (content, database, service log)")
    args = parser.parse_args()
    binary = sitegen_binary()
    backends = ["sqlite", "postgres"] if args.backend == "both" else [args.backend]
    results = [run_backend(backend, args, binary) for backend in backends]
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
