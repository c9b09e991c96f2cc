#!/usr/bin/env python3
"""Engine benchmark on the namespace lab (docs/BENCHMARKS.md, "Engine"); run through engine-bench.sh.

Every comparison is LinkLab against the same work done by hand with two ssh commands, alternated (the order
flips every round, so a drift in the machine's load hits both sides alike), and reported as medians and ratios:

1. overhead: a 5-second 1-stream iperf3 test from the command to its exit, `java -jar linklab.jar test`
   against `ssh SERVER "iperf3 -s -1 -D"; ssh CLIENT "iperf3 -c ... -t 5"`;
2. fidelity: LinkLab's receiver rate against the hand-run rate, for 1 stream, 4 streams (-P 4) and
   4 processes (4 servers and 4 clients on consecutive ports, summed);
3. LinkLab's own CPU while the tool runs: the JVM's user + system time (/proc/PID/task/*/stat) from 1 s after
   the "running" progress line to 0.2 s before the tool's end, as a share of one core, per group of threads
   (compiler, GC, other VM threads, the application's), and, for comparison with earlier figures, the whole
   JVM's from that line to the result line, which adds the work after the clients (totals, findings);
4. a sweep point: an MTU sweep 1500,4000,9000 of 2-second tests, each point's time beyond the test (MTU set
   and verified on both ends, servers and clients started and stopped), and both MTUs afterwards.
"""
import csv
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 3
JAR = sys.argv[2] if len(sys.argv) > 2 else "target/linklab.jar"
# which parts run: overhead (1 and the CPU), fidelity, sweep
PARTS = (sys.argv[3] if len(sys.argv) > 3 else "overhead,fidelity,sweep").split(",")
ENV = os.environ
PORT = 5570
HAND_PORT = 5580
TICKS = os.sysconf("SC_CLK_TCK")
SSH = ["ssh", "-F", ENV["SSH_CONFIG"], "-o", "BatchMode=yes"]
LOGINS = ["--client", "root@" + ENV["H1_MGMT"], "--server", "root@" + ENV["H2_MGMT"], "--target", ENV["H2_DATA"],
          "--client-if", "data0", "--server-if", "data0", "--identity", ENV["IDENTITY"],
          "--known-hosts", ENV["KNOWN_HOSTS"], "--port", str(PORT)]
WORK = tempfile.mkdtemp(prefix="linklab-bench-")
RESULT = re.compile(r"(\S+ )?(c2s|s2c): [0-9.]+ Gbit/s")


def load():
    return open("/proc/loadavg").read().split()[0]


def cpu_ticks(pid):
    try:
        fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    except OSError:
        return None


def thread_group(name):
    """HotSpot's thread names (/proc/PID/task/TID/comm, cut at 15 characters) by what they do."""
    if "CompilerThre" in name:
        return "compiler"
    if name.startswith(("GC Thread", "G1 ")):
        return "gc"
    if name in ("VM Thread", "VM Periodic Tas", "Sweeper thread", "Service Thread", "Monitor Deflati"):
        return "vm"
    return "app"


def thread_ticks(pid):
    """{tid: (group, utime + stime)} of the process's threads alive now."""
    out = {}
    try:
        tids = os.listdir("/proc/%d/task" % pid)
    except OSError:
        return out
    for tid in tids:
        try:
            text = open("/proc/%d/task/%s/stat" % (pid, tid)).read()
        except OSError:
            continue
        name = text[text.index("(") + 1:text.rindex(")")]
        fields = text.rsplit(")", 1)[1].split()
        out[tid] = (thread_group(name), int(fields[11]) + int(fields[12]))
    return out


def group_shares(before, after, seconds):
    """Each thread group's CPU between two thread_ticks as a share of one core (a thread that started between
    them counts in full; one that ended is lost: none of the JVM's ends while a test measures)."""
    shares = {"compiler": 0.0, "gc": 0.0, "vm": 0.0, "app": 0.0}
    for tid, (group, ticks) in after.items():
        shares[group] += (ticks - before.get(tid, (group, 0))[1]) / TICKS / seconds
    return shares


def linklab(name, extra):
    """Runs `linklab test`; returns (wall s, receiver Gbit/s, JVM CPU while the tool ran, dir); the CPU is a pair:
    the thread groups' shares of one core over the tool's seconds, and the JVM's from "running" to the result."""
    out = os.path.join(WORK, name)
    log = open(out + ".log", "w")
    t0 = time.monotonic()
    p = subprocess.Popen(["java", "-jar", JAR, "test"] + LOGINS + extra + ["--out", out],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    running = None
    to_result = None
    during = []
    seconds = float(extra[extra.index("--duration") + 1])

    def while_it_runs():
        # from the tool's second second (the first interval's classes are loaded) to just before its end
        time.sleep(1.0)
        t0, before = time.monotonic(), thread_ticks(p.pid)
        time.sleep(seconds - 1.2)
        during.append(group_shares(before, thread_ticks(p.pid), time.monotonic() - t0))

    for line in p.stderr:
        log.write(line)
        if running is None and line.startswith("running "):
            running = (time.monotonic(), cpu_ticks(p.pid))
            threading.Thread(target=while_it_runs, daemon=True).start()
        elif running is not None and to_result is None and RESULT.match(line):
            ticks = cpu_ticks(p.pid)
            if ticks is not None and running[1] is not None:
                to_result = (ticks - running[1]) / TICKS / (time.monotonic() - running[0])
    p.wait()
    wall = time.monotonic() - t0
    if p.returncode != 0:
        sys.exit("linklab test failed (exit %d), see %s.log" % (p.returncode, out))
    share = (during[0], to_result) if during and to_result is not None else None
    return wall, None if "--mtu" in extra else receiver_rate(out), share, out


def receiver_rate(out):
    for r in csv.DictReader(open(os.path.join(out, "summary.csv"))):
        if r["role"] == "receiver" and r["process"] == "" and r["stream"] == "SUM" and r["point"] == "":
            return float(r["bits_per_second"]) / 1e9
    sys.exit("no receiver SUM in %s/summary.csv" % out)


def by_hand(streams=1, processes=1, duration=5):
    """The same test as two ssh commands; returns (wall s, receiver Gbit/s summed over the processes)."""
    ports = [HAND_PORT + i for i in range(processes)]
    servers = "; ".join("iperf3 -s -1 -D -p %d" % p for p in ports)
    client = " & ".join("iperf3 -c %s -p %d -t %d -P %d -f m" % (ENV["H2_DATA"], p, duration, streams)
                        for p in ports)
    t0 = time.monotonic()
    subprocess.run(SSH + ["root@" + ENV["H2_MGMT"], servers], check=True)
    text = subprocess.run(SSH + ["root@" + ENV["H1_MGMT"], client + "; wait"], check=True,
                          capture_output=True, text=True).stdout
    wall = time.monotonic() - t0
    total = 0.0
    for line in text.splitlines():
        if line.rstrip().endswith("receiver") and ("[SUM]" in line or streams == 1):
            total += float(line.split()[-3]) / 1000
    return wall, total


def instant(text):
    """run.json's instants (Java's Instant: up to nine fraction digits, "Z") as seconds."""
    m = re.match(r"(.*T\d\d:\d\d:\d\d)(\.\d+)?Z$", text)
    return datetime.fromisoformat(m.group(1) + "+00:00").timestamp() + float(m.group(2) or 0)


def med(xs):
    return statistics.median(xs)


def overhead_and_one_stream():
    print("## 1. a 5-second iperf3 test: LinkLab (java -jar) against two ssh commands, alternated")
    print("%-5s %-8s %8s %8s %12s %10s %10s" % ("round", "first", "ll_s", "hand_s", "wall_ratio", "ll_Gb", "hand_Gb"))
    ll_wall, hand_wall, ll_rate, hand_rate, shares = [], [], [], [], []
    for r in range(1, ROUNDS + 1):
        first = "linklab" if r % 2 else "hand"
        for side in ([first, "hand" if first == "linklab" else "linklab"]):
            if side == "linklab":
                w, rate, share, _ = linklab("single-%d" % r, ["--duration", "5"])
                ll_wall.append(w)
                ll_rate.append(rate)
                if share is not None:
                    shares.append(share)
            else:
                w, rate = by_hand()
                hand_wall.append(w)
                hand_rate.append(rate)
        print("%-5d %-8s %8.2f %8.2f %12.3f %10.2f %10.2f  load %s" % (r, first, ll_wall[-1], hand_wall[-1],
                                                            ll_wall[-1] / hand_wall[-1], ll_rate[-1], hand_rate[-1], load()))
    print("medians: LinkLab %.2f s, by hand %.2f s: LinkLab / by hand = %.3f (target <= 0.82 of the issue's "
          "by-hand time; see docs/BENCHMARKS.md)" % (med(ll_wall), med(hand_wall), med(ll_wall) / med(hand_wall)))
    totals = [sum(s[0].values()) for s in shares]
    print("LinkLab's JVM while iperf3 ran (its seconds 1 to %.1f), share of one core per run: %s" % (
        4.8, " ".join("%.2f%%" % (100 * t) for t in totals)))
    print("  median %.2f %% (max %.2f %%; target <= 2 %%); by thread group, medians: %s" % (
        100 * med(totals), 100 * max(totals),
        ", ".join("%s %.2f %%" % (g, 100 * med([s[0][g] for s in shares])) for g in ("compiler", "gc", "vm", "app"))))
    print("  from the 'running' line to the result (with the work after the clients): median %.2f %%"
          % (100 * med([s[1] for s in shares])))
    return ll_rate, hand_rate


def fidelity(first_pair):
    print()
    print("## 2. fidelity: LinkLab's receiver rate / the hand-run rate, alternated")
    cases = [("1 stream", [], 1, 1), ("4 streams", ["--streams", "4"], 4, 1),
             ("4 processes", ["--processes", "4"], 1, 4)]
    for label, extra, streams, processes in cases:
        if label == "1 stream":
            ll, hand = first_pair
        else:
            ll, hand = [], []
            for r in range(1, ROUNDS + 1):
                order = ["linklab", "hand"] if r % 2 else ["hand", "linklab"]
                for side in order:
                    if side == "linklab":
                        ll.append(linklab("%s-%d" % (label.replace(" ", ""), r), ["--duration", "5"] + extra)[1])
                    else:
                        hand.append(by_hand(streams, processes)[1])
        print("%-12s LinkLab %s Gbit/s, by hand %s Gbit/s: ratio of medians %.3f (target 0.97-1.03)"
              % (label, "/".join("%.2f" % x for x in ll), "/".join("%.2f" % x for x in hand), med(ll) / med(hand)))


def sweep():
    print()
    print("## 3. MTU sweep 1500,4000,9000 of 2-second tests: time per point beyond the test (target <= 1 s)")
    beyond = []
    for r in range(1, ROUNDS + 1):
        _, _, _, out = linklab("sweep-%d" % r, ["--duration", "2", "--mtu", "1500,4000,9000"])
        rec = json.load(open(os.path.join(out, "run.json")))
        for t in rec["pointTimes"]:
            b = instant(t["ended"]) - instant(t["started"]) - 2
            beyond.append(b)
        mtus = [subprocess.run(["ip", "netns", "exec", ns, "cat", "/sys/class/net/data0/mtu"], capture_output=True,
                               text=True).stdout.strip() for ns in (ENV["H1_NS"], ENV["H2_NS"])]
        print("round %d: %s s beyond the test; MTUs after: %s" % (r, " ".join("%.2f" % b for b in beyond[-3:]),
                                                                 "/".join(mtus)))
    print("per point beyond the test: median %.2f s, max %.2f s over %d points" % (med(beyond), max(beyond),
                                                                                   len(beyond)))


def main():
    print("machine: %d cores, %s; load %s at the start" % (os.cpu_count(), subprocess.run(
        ["java", "-version"], capture_output=True, text=True).stderr.splitlines()[0], load()))
    try:
        if "overhead" in PARTS or "fidelity" in PARTS:
            pair = overhead_and_one_stream()
            if "fidelity" in PARTS:
                fidelity(pair)
        if "sweep" in PARTS:
            sweep()
    finally:
        subprocess.run(["rm", "-rf", WORK])
    print()
    print("load %s at the end" % load())


main()
