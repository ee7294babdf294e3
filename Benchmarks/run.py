#!/usr/bin/env python3
"""Benchmarks a full `sitegen build` (release) against Hugo on the same synthetic catalogue (#14).

usage: python3 Benchmarks/run.py [--sizes 1000,10000] [--pairs 5] [--solo 100000] [--solo-runs 1]
                                 [--work /dev/shm/sitegen-bench] [--sitegen PATH] [--no-build] [--keep]

For each of --sizes, Benchmarks/generate.py writes the catalogue for both tools, then the two
builds alternate (sitegen, Hugo, sitegen, Hugo, …) --pairs times, each into an empty output folder,
so both meet the same machine state. Printed per size and tool: the median wall time and its
spread (min–max), the median CPU time (user + system: steadier than wall time on a busy machine),
the median peak memory (max RSS of the build process) and what the tool wrote
(HTML pages, files, MB) — the two sites are not the same size, so the comparison stays honest —
then sitegen's time divided by Hugo's. Then sitegen's own time per stage (`--verbose`, medians), the
stages other than template rendering being what #14's goal 2 measures.

Last, Benchmarks/incremental.py measures `sitegen serve`'s incremental rebuilds at --incremental
sizes (#14 goal 4: edit → page served, vote → 303, new skill → page, deleted skill → 404, medians
of --tries); `--incremental ''` skips it.

--solo sizes are built by sitegen alone (Hugo needs ~4.5 GB at 50,000 skills), --solo-runs times
(#14's goal 3: 100,000 skills under 20 s and 1.5 GB). `--solo ''` skips them.

Output goes to tmpfs (/dev/shm) by default, so the disk does not dominate the numbers. Without
`hugo` on PATH (`apt-get install hugo`) only sitegen is measured.
"""
import argparse
import os
import pathlib
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The binary measured is built as a release is installed (README, deploy/Dockerfile): with Swift's
# runtime and Foundation linked in, which makes a build about 3 % faster. Its own build folder, so
# that switching between it and a plain `swift build -c release` does not rebuild everything.
BUILD = ["swift", "build", "-c", "release", "--product", "sitegen", "--static-swift-stdlib", "--scratch-path", ".build-static"]
RELEASE = ROOT / ".build-static" / "release" / "sitegen"


def run_measured(command, cwd):
    """Runs a command; returns (seconds, peak RSS in MB, CPU seconds, stdout), of this process alone."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    out = process.stdout.read()
    err = process.stderr.read()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(map(str, command))} failed:\n{out}\n{err}")
    return seconds, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, out


def written(folder):
    """(HTML pages, files, MB) below a folder."""
    pages = files = size = 0
    for path in pathlib.Path(folder).rglob("*"):
        if path.is_file():
            files += 1
            size += path.stat().st_size
            pages += path.suffix == ".html"
    return pages, files, size / 1e6


def stages(out):
    """sitegen's `--verbose` stage times: {'load': 0.61, …}."""
    # One indented line per stage: "  render setup   0.015 s"; "total" is the whole build.
    found = (re.fullmatch(r"\s+([a-z][a-z ]*?)\s+([\d.]+) s", line) for line in out.splitlines())
    return {m.group(1): float(m.group(2)) for m in found if m and m.group(1) != "total"}


class Runs:
    """One tool's runs at one size."""

    def __init__(self, tool):
        self.tool, self.seconds, self.peaks, self.cpu, self.stages, self.wrote = tool, [], [], [], [], None

    def add(self, seconds, peak, cpu, stage_times=None):
        self.seconds.append(seconds)
        self.peaks.append(peak)
        self.cpu.append(cpu)
        if stage_times:
            self.stages.append(stage_times)

    def row(self, size):
        median = statistics.median(self.seconds)
        pages, files, mb = self.wrote
        return (f"{size:>8} {self.tool:>8} {median:>8.2f} {min(self.seconds):>6.2f}–{max(self.seconds):<6.2f}"
                f" {statistics.median(self.cpu):>6.2f} {statistics.median(self.peaks):>8.0f} {pages:>8} {files:>8} {mb:>8.0f}")


def sitegen_build(sitegen, folder, runs):
    shutil.rmtree(folder / "Public", ignore_errors=True)
    seconds, peak, cpu, out = run_measured([str(sitegen), "build", "--verbose"], folder)
    runs.add(seconds, peak, cpu, stages(out))


def hugo_build(hugo, folder, runs):
    shutil.rmtree(folder / "hugo" / "public", ignore_errors=True)
    seconds, peak, cpu, _ = run_measured([hugo, "--quiet"], folder / "hugo")
    runs.add(seconds, peak, cpu)


def generate(size, folder, with_hugo):
    shutil.rmtree(folder, ignore_errors=True)
    command = [sys.executable, str(ROOT / "Benchmarks" / "generate.py"), str(size), str(folder / "Content")]
    if with_hugo:
        command += ["--hugo", str(folder / "hugo")]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def print_stages(size, runs):
    if not runs.stages:
        return
    names = list(runs.stages[0])
    medians = {name: statistics.median(s.get(name, 0) for s in runs.stages) for name in names}
    print(f"{size:>8} sitegen stages (median s): " + ", ".join(f"{name} {medians[name]:.2f}" for name in names))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000", help="catalogue sizes built by both tools, alternating")
    parser.add_argument("--pairs", type=int, default=5, help="sitegen/Hugo pairs per size (the median is reported)")
    parser.add_argument("--solo", default="100000", help="sizes built by sitegen alone; '' for none")
    parser.add_argument("--solo-runs", type=int, default=1)
    parser.add_argument("--work", default="/dev/shm/sitegen-bench" if os.path.isdir("/dev/shm") else "/tmp/sitegen-bench")
    parser.add_argument("--sitegen", help="a sitegen binary to measure (default: build this checkout's release)")
    parser.add_argument("--no-build", action="store_true", help=f"use {RELEASE.relative_to(ROOT)} as it is")
    parser.add_argument("--keep", action="store_true", help="keep each catalogue and output (else removed once measured)")
    parser.add_argument("--incremental", default="1000,10000", help="sizes for serve's incremental latencies; '' for none")
    parser.add_argument("--tries", type=int, default=7, help="edits and votes per size (the median is reported)")
    args = parser.parse_args()
    if args.pairs < 1:
        sys.exit("--pairs must be at least 1")

    if args.sitegen:
        sitegen = pathlib.Path(args.sitegen).resolve()
    else:
        if not args.no_build:
            subprocess.run(BUILD, cwd=ROOT, check=True)
        sitegen = RELEASE
    hugo = shutil.which("hugo")
    work = pathlib.Path(args.work)
    hugo_version = subprocess.run([hugo, "version"], capture_output=True, text=True).stdout.split()[1] if hugo else "absent"
    # The commit and the allocator: a table is only comparable with another of the same binary.
    sitegen_version = subprocess.run([str(sitegen), "--version"], capture_output=True, text=True).stdout.strip()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, {os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GB;"
          f" load average {os.getloadavg()[0]:.1f}; hugo {hugo_version}; output on {work}")
    print(sitegen_version)
    header = (f"{'skills':>8} {'tool':>8} {'median s':>8} {'min–max':>13} {'cpu s':>6} {'peak MB':>8} {'pages':>8} {'files':>8} {'MB':>8}")
    print(header)
    ratios = []
    stage_lines = []
    for size in [int(s) for s in args.sizes.split(",") if s]:
        folder = work / str(size)
        generate(size, folder, bool(hugo))
        ours, theirs = Runs("sitegen"), Runs("hugo")
        for _ in range(args.pairs):
            sitegen_build(sitegen, folder, ours)
            if hugo:
                hugo_build(hugo, folder, theirs)
        ours.wrote = written(folder / "Public")
        print(ours.row(size), flush=True)
        if hugo:
            theirs.wrote = written(folder / "hugo" / "public")
            print(theirs.row(size), flush=True)
            paired = statistics.median(a / b for a, b in zip(ours.seconds, theirs.seconds))
            ratios.append((size, statistics.median(ours.seconds) / statistics.median(theirs.seconds), paired))
        stage_lines.append((size, ours))
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)  # tmpfs is memory
    for size in [int(s) for s in args.solo.split(",") if s]:
        folder = work / str(size)
        generate(size, folder, False)
        ours = Runs("sitegen")
        for _ in range(args.solo_runs):
            sitegen_build(sitegen, folder, ours)
        ours.wrote = written(folder / "Public")
        print(ours.row(size), flush=True)
        stage_lines.append((size, ours))
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    for size, ratio, paired in ratios:
        print(f"{size:>8} sitegen/hugo {ratio:.3f} (goal at 10,000: at most 0.5); median of the pairs' ratios {paired:.3f}")
    for size, runs in stage_lines:
        print_stages(size, runs)
    if args.incremental:
        subprocess.run([sys.executable, str(ROOT / "Benchmarks" / "incremental.py"), "--sitegen", str(sitegen),
                        "--sizes", args.incremental, "--tries", str(args.tries), "--work", str(work / "incremental")],
                       check=True)


if __name__ == "__main__":
    main()
