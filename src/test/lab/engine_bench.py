#!/usr/bin/env python3
"""Engine benchmark on the namespace lab (docs/BENCHMARKS.md, "Engine"); run through engine-bench.sh.

Every comparison is LinkLab against the same work a person types, two ssh commands, alternated (the order flips
every round, so a drift in the machine's load hits both sides alike), reported as medians and ratios, on the lab's
fast logins (port 22) or its slow ones (LOGIN=slow: port 2201, whose login shell burns 0.9 s of CPU as
`pyenv init` does):

1. wall: a 5-second 1-stream iperf3 test from the command to its exit, `java -jar linklab.jar test` against
   `ssh SERVER "iperf3 -s -1 -D"; ssh CLIENT "iperf3 -c ... -t 5"`; from the command to the first interval in
   journal.jsonl against the slowest host's `ssh HOST true`; from the last interval to the exit; and the JVM's
   own CPU while the tool runs (/proc/PID/task/*/stat, from 1 s after "running" to 0.2 s before the tool's end,
   as a share of one core, per group of threads: compiler, GC, other VM threads, the application's);
2. fidelity: LinkLab's receiver SUM against the hand-run one for -P 4 and for -P 2 with 2 processes (2 servers
   and 2 clients on consecutive ports, summed by hand);
3. sweep: an MTU sweep 1500,4000,9000 of 2-second tests, each point's time beyond the test (MTU set and
   verified on both ends, servers, samplers and clients started and stopped), and both MTUs afterwards;
4. sessions (only when named): -P 2 with 2 processes, by hand with the clients in one session and in one each,
   alternated with LinkLab, to tell the scheduler's share per session from a cost of LinkLab's;
5. cause (only when named): -P 4 by hand, by LinkLab, and by LinkLab with its JVM stopped in the test's seconds 2
   to 4, alternated, each interval's sender SUM: whether what LinkLab's -P 4 loses is its JVM's work on the
   cores the lab's hosts share;
6. local (only when named): -P 4 with LinkLab run on the client host itself (`--client local`, in h1's
   namespace; with CORES=split on h1's core, as a JVM on a one-core host would be) against the same test typed on
   that host (`ssh SERVER "iperf3 -s -1 -D"`, then iperf3 -c there), alternated, each interval's sender SUM: the
   JVM then shares the client's core for certain, where a user runs LinkLab on one end of the test;
7. cores (only when named; needs perf, and CORES=split to tell the ends apart): -P 4 by hand and by LinkLab,
   alternated, each under a trace of the kernel's scheduler (`perf record -e sched:sched_switch -a`): how much of
   its core the client's iperf3 had and how long it slept (waiting for its sockets: the receiver had not taken
   the data), over the whole test and in its first second, and how much of each end's core LinkLab's JVM took.
8. versus (only when named): part 1's test by this LinkLab, by each of the LinkLab commands in VERSUS (comma-
   separated, e.g. the app images of two builds), and by hand, the order rotating every round: what a change to
   LinkLab or its start (a JVM option, the class-data archive) does to the wall time, with the same noise.

The lab's two hosts and the workstation (this JVM, the ssh clients) share one machine's cores. CORES=split gives
each host a core of its own; WORKSTATION=idle runs the workstation's side under SCHED_IDLE, meant to leave it only
the time both hosts leave, as a third machine would (the cores part shows the JVM takes as much of them under it).
LINKLAB_JAVA_OPTS adds JVM options to `java -jar`, e.g. -XX:TieredStopAtLevel=1, the installed command's JIT
setting.
"""
import csv
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime

ENV = os.environ
ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 3
JAR = sys.argv[2] if len(sys.argv) > 2 else "target/linklab.jar"
# a jar runs as `java -jar JAR` (no class-data archive); anything else is the command a user types, e.g. the
# installed /usr/bin/linklab or the app image's lib/app/linklab, which map the archive postinst made (0802)
# WORKSTATION=idle runs what a person's workstation runs (LinkLab's JVM; the by-hand side's ssh clients) under
# SCHED_IDLE, meant to give it only the time both hosts leave (the cores part shows it takes as much of them under
# it); by default it shares the hosts' cores
WS = ["chrt", "--idle", "0"] if ENV.get("WORKSTATION", "shared") == "idle" else []
LINKLAB = WS + (["java"] + ENV.get("LINKLAB_JAVA_OPTS", "").split() + ["-jar", JAR] if JAR.endswith(".jar") else [JAR])
# which parts run: wall (1 and the CPU), fidelity, sweep; sessions, cause, local, cores and versus when named
PARTS = (sys.argv[3] if len(sys.argv) > 3 else "wall,fidelity,sweep").split(",")
PORT = 5570
HAND_PORT = 5580
TICKS = os.sysconf("SC_CLK_TCK")
SLOW = ENV.get("LOGIN", "fast") == "slow"
SSH_PORT = ENV.get("SLOW_LOGIN_PORT", "2201") if SLOW else "22"
SSH = WS + ["ssh", "-F", ENV["SSH_CONFIG"], "-o", "BatchMode=yes", "-p", SSH_PORT]
AT = "" if SSH_PORT == "22" else ":" + SSH_PORT
LOGINS = ["--client", "root@" + ENV["H1_MGMT"] + AT, "--server", "root@" + ENV["H2_MGMT"] + AT,
          "--target", ENV["H2_DATA"],
          "--client-if", "data0", "--server-if", "data0", "--identity", ENV["IDENTITY"],
          "--known-hosts", ENV["KNOWN_HOSTS"], "--port", str(PORT)]
# LinkLab on the client host itself: its client end is local, its server logged in to as above
LOCAL_LOGINS = ["--client", "local"] + LOGINS[2:]
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


def on_client_host():
    """A command's prefix that runs it on the client host (h1's namespace; on its core with CORES=split)."""
    pin = ["taskset", "-c", "0"] if ENV.get("CORES", "shared") == "split" else []
    return ["ip", "netns", "exec", ENV["H1_NS"]] + pin


def linklab(name, extra, freeze=0.0, local=False, command=None, watch=False):
    """Runs `linklab test`; returns (wall s, receiver Gbit/s, JVM CPU while the tool ran, dir); the CPU is a pair:
    the thread groups' shares of one core over the tool's seconds, and the JVM's from "running" to the result.
    With watch, the time of the first interval in the journal is taken (FIRST_TIMES), by reading the journal every
    10 ms: this script's own CPU on the cores the test uses, so only the parts that report that time or need it
    (freeze) watch. With freeze, the JVM is stopped (SIGSTOP) for that many seconds once the first interval is in
    its journal: the tools on the hosts go on, their output waits in the SSH connection."""
    out = os.path.join(WORK, name)
    log = open(out + ".log", "w")
    t0 = time.monotonic()
    logins = LOCAL_LOGINS if local else LOGINS
    p = subprocess.Popen((on_client_host() if local else []) + (command or LINKLAB) + ["test"] + logins + extra
                         + ["--out", out],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    LINKLAB_PIDS.append(p.pid)
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

    first_interval = []

    def journal_watch():
        # the first interval line the parsers wrote, as the file grows (polled every 10 ms)
        path = os.path.join(out, "journal.jsonl")
        while p.poll() is None and not first_interval:
            try:
                with open(path) as f:
                    if any('"type":"sample"' in line for line in f):
                        first_interval.append(time.monotonic() - t0)
                        if freeze:
                            os.kill(p.pid, signal.SIGSTOP)
                            time.sleep(freeze)
                            os.kill(p.pid, signal.SIGCONT)
                        return
            except OSError:
                pass
            time.sleep(0.01)

    if watch or freeze:
        threading.Thread(target=journal_watch, daemon=True).start()
    last_interval = None
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
    LAST_TIMES.append(last_interval_to_exit(out, t0, wall))
    FIRST_TIMES.append(first_interval[0] if first_interval else None)
    if p.returncode != 0:
        sys.exit("linklab test failed (exit %d), see %s.log" % (p.returncode, out))
    share = (during[0], to_result) if during and to_result is not None else None
    return wall, None if "--mtu" in extra else receiver_rate(out), share, out


FIRST_TIMES = []
LAST_TIMES = []
LINKLAB_PIDS = []


def last_interval_to_exit(out, t0, wall):
    """Seconds from the last interval's end (its start_utc + its length, the tool's own clock) to the exit."""
    last = None
    try:
        for line in open(os.path.join(out, "journal.jsonl")):
            if '"type":"sample"' in line:
                rec = json.loads(line)
                if rec.get("start_utc"):
                    end = instant(rec["start_utc"]) + rec["end"] - rec["start"]
                    last = end if last is None else max(last, end)
    except OSError:
        return None
    if last is None:
        return None
    exit_wall = time.time() - (time.monotonic() - (t0 + wall))
    return exit_wall - last


def receiver_rate(out):
    for r in csv.DictReader(open(os.path.join(out, "summary.csv"))):
        if r["role"] == "receiver" and r["process"] == "" and r["stream"] == "SUM" and r["point"] == "":
            return float(r["bits_per_second"]) / 1e9
    sys.exit("no receiver SUM in %s/summary.csv" % out)


def sender_intervals(out):
    """The sender SUM of each 1-second interval, in Gbit/s, from samples.csv."""
    rows = [r for r in csv.DictReader(open(os.path.join(out, "samples.csv")))
            if r["role"] == "sender" and r["stream"] == "SUM" and r["point"] == ""]
    return [float(r["bits_per_second"]) / 1e9 for r in sorted(rows, key=lambda r: float(r["start_s"]))]


def slowest_login():
    """The slower host's `ssh HOST true`, the cost of one login there."""
    times = []
    for host in (ENV["H1_MGMT"], ENV["H2_MGMT"]):
        t0 = time.monotonic()
        subprocess.run(SSH + ["root@" + host, "true"], check=True)
        times.append(time.monotonic() - t0)
    return max(times)


def by_hand(streams=1, processes=1, duration=5, own_sessions=False, local=False):
    """The same test as two ssh commands; returns (wall s, receiver Gbit/s summed over the processes, the sender
    SUM of each interval in Gbit/s, meaningful for one process: two print theirs interleaved). The clients
    share the one session of their ssh command, as a person's `a & b` does; with own_sessions each runs under
    setsid, in a session of its own, as LinkLab starts every process. With local the clients are typed on the
    client host itself rather than over ssh."""
    ports = [HAND_PORT + i for i in range(processes)]
    servers = "; ".join("iperf3 -s -1 -D -p %d" % p for p in ports)
    client = " & ".join("%siperf3 -c %s -p %d -t %d -P %d -f m" % (
        "setsid -w " if own_sessions else "", ENV["H2_DATA"], p, duration, streams) for p in ports)
    t0 = time.monotonic()
    subprocess.run(SSH + ["root@" + ENV["H2_MGMT"], servers], check=True)
    typed = on_client_host() + ["sh", "-c", client + "; wait"] if local else SSH + ["root@" + ENV["H1_MGMT"],
                                                                                client + "; wait"]
    text = subprocess.run(typed, check=True, capture_output=True, text=True).stdout
    wall = time.monotonic() - t0
    total = 0.0
    intervals = []
    for line in text.splitlines():
        if line.rstrip().endswith("receiver") and ("[SUM]" in line or streams == 1):
            total += float(line.split()[-3]) / 1000
        elif line.startswith("[SUM]") and " sec " in line and not line.rstrip().endswith("sender"):
            fields = line.split()
            intervals.append(float(fields[fields.index("Mbits/sec") - 1]) / 1000)
    return wall, total, intervals[:duration]


def instant(text):
    """run.json's instants (Java's Instant: up to nine fraction digits, "Z") as seconds."""
    m = re.match(r"(.*T\d\d:\d\d:\d\d)(\.\d+)?Z$", text)
    return datetime.fromisoformat(m.group(1) + "+00:00").timestamp() + float(m.group(2) or 0)


def med(xs):
    return statistics.median(xs)


def interval_medians(runs):
    """Each interval's median over the runs that reported all five, as text."""
    return " ".join("%.1f" % med(c) for c in zip(*[x for x in runs if len(x) == 5]))


def spread(ratios):
    """The median's 95 % interval from the pairs resampled 2,000 times (a fixed seed): where the median of another
    run of as many pairs may land on a machine this noisy."""
    rng = random.Random(29)
    medians = sorted(med(rng.choices(ratios, k=len(ratios))) for _ in range(2000))
    return "95 %% interval %.3f-%.3f" % (medians[50], medians[1949])


def wall():
    print("## 1. a 5-second iperf3 test: LinkLab (%s) against two ssh commands, alternated; %s logins" % (
        " ".join(LINKLAB), "slow" if SLOW else "fast"))
    print("%-5s %-8s %8s %8s %8s %8s %8s %8s" % ("round", "first", "ll_s", "hand_s", "ratio", "login_s", "to_1st",
                                               "last_end"))
    ll_wall, hand_wall, logins, shares = [], [], [], []
    for r in range(1, ROUNDS + 1):
        first = "linklab" if r % 2 else "hand"
        for side in ([first, "hand" if first == "linklab" else "linklab"]):
            if side == "linklab":
                w, _, share, _ = linklab("single-%d" % r, ["--duration", "5"], watch=True)
                ll_wall.append(w)
                if share is not None:
                    shares.append(share)
            else:
                hand_wall.append(by_hand()[0])
        logins.append(slowest_login())
        print("%-5d %-8s %8.2f %8.2f %8.3f %8.2f %8s %8s  load %s" % (
            r, first, ll_wall[-1], hand_wall[-1], ll_wall[-1] / hand_wall[-1], logins[-1],
            "-" if FIRST_TIMES[-1] is None else "%.2f" % FIRST_TIMES[-1],
            "-" if LAST_TIMES[-1] is None else "%.2f" % LAST_TIMES[-1], load()))
    ratios = [a / b for a, b in zip(ll_wall, hand_wall)]
    print("median ratio LinkLab / by hand %.3f, %s (pairs: %s; target <= %s); medians %.2f s / %.2f s" % (
        med(ratios), spread(ratios), " ".join("%.3f" % x for x in ratios), "0.95" if SLOW else "1.05",
        med(ll_wall), med(hand_wall)))
    firsts = [f for f in FIRST_TIMES if f is not None]
    lasts = [x for x in LAST_TIMES if x is not None]
    print("command -> first interval in journal.jsonl: median %.2f s, max %.2f s; slowest login median %.2f s: "
          "beyond it median %.2f s (target <= 2.0 s)" % (med(firsts), max(firsts), med(logins),
                                                         med(firsts) - med(logins)))
    print("last interval's end -> exit: median %.2f s, max %.2f s (target <= 0.5 s)" % (med(lasts), max(lasts)))
    totals = [sum(x[0].values()) for x in shares]
    if totals:
        print("LinkLab's JVM while iperf3 ran, share of one core: median %.2f %% (max %.2f %%); by thread group: %s"
              % (100 * med(totals), 100 * max(totals), ", ".join(
                  "%s %.2f %%" % (g, 100 * med([x[0][g] for x in shares])) for g in ("compiler", "gc", "vm", "app"))))


def fidelity():
    print()
    print("## 2. fidelity: LinkLab's receiver SUM / the same test by hand over ssh, alternated; %s logins" % (
        "slow" if SLOW else "fast"))
    cases = [("-P 4", ["--streams", "4"], 4, 1), ("-P 2, 2 processes", ["--streams", "2", "--processes", "2"], 2, 2)]
    for label, extra, streams, processes in cases:
        ll, hand = [], []
        for r in range(1, ROUNDS + 1):
            order = ["linklab", "hand"] if r % 2 else ["hand", "linklab"]
            for side in order:
                if side == "linklab":
                    ll.append(linklab("fid-%d-%d" % (processes, r), ["--duration", "5"] + extra)[1])
                else:
                    hand.append(by_hand(streams, processes)[1])
        ratios = [a / b for a, b in zip(ll, hand)]
        print("%-18s pairs LinkLab/by hand: %s; median %.3f, %s (target >= 0.97); Gbit/s LinkLab %s, by hand %s" % (
            label, " ".join("%.3f" % x for x in ratios), med(ratios), spread(ratios), "/".join("%.1f" % x for x in ll),
            "/".join("%.1f" % x for x in hand)))


def cause():
    """Where LinkLab's -P 4 loses against the by-hand test: the same test by hand, by LinkLab, and by LinkLab with its
    JVM stopped in the test's seconds 2 to 4 (SIGSTOP once the first interval is in its journal, SIGCONT 3 s later),
    alternated; each interval's sender SUM. If the seconds with the JVM stopped read what the by-hand test reads and
    the same seconds of the running JVM read less, the cost is the JVM's own work on the cores the hosts share."""
    print()
    print("## 5. -P 4 per interval: by hand, LinkLab, LinkLab with its JVM stopped in seconds 2-4; %s logins" % (
        "slow" if SLOW else "fast"))
    sides = {"by hand": [], "LinkLab": [], "JVM stopped": []}
    names = list(sides)
    for r in range(1, ROUNDS + 1):
        for side in names[r % 3:] + names[:r % 3]:
            if side == "by hand":
                sides[side].append(by_hand(4)[2])
            else:
                stopped = side == "JVM stopped"
                out = linklab("cause-%d-%s" % (r, "stopped" if stopped else "running"),
                              ["--duration", "5", "--streams", "4"], freeze=3.0 if stopped else 0.0)[3]
                sides[side].append(sender_intervals(out))
    # seconds 2-4 of each round (None where a run lacks an interval), so that ratios pair the same round's runs
    middle = {side: [statistics.mean(x[1:4]) if len(x) == 5 else None for x in runs] for side, runs in sides.items()}
    for side in names:
        print("%-12s median Gbit/s per interval: %s; seconds 2-4: %s" % (
            side, interval_medians(sides[side]),
            "/".join("-" if x is None else "%.1f" % x for x in middle[side])))
    for side in ("LinkLab", "JVM stopped"):
        ratios = [a / b for a, b in zip(middle[side], middle["by hand"]) if a is not None and b is not None]
        print("%s / by hand, seconds 2-4: %s; median %.3f" % (
            side, " ".join("%.3f" % x for x in ratios), med(ratios)))


def local():
    """-P 4 with LinkLab on the client host (--client local) against the same test typed there, alternated."""
    print()
    print("## 6. -P 4 on the client host: by hand there and LinkLab there (--client local), alternated; %s logins "
          "to the server" % ("slow" if SLOW else "fast"))
    sides = {"by hand": [], "LinkLab": []}
    rates = {"by hand": [], "LinkLab": []}
    for r in range(1, ROUNDS + 1):
        for side in (["by hand", "LinkLab"] if r % 2 else ["LinkLab", "by hand"]):
            if side == "by hand":
                _, rate, intervals = by_hand(4, local=True)
            else:
                _, rate, _, out = linklab("local-%d" % r, ["--duration", "5", "--streams", "4"], local=True)
                intervals = sender_intervals(out)
            rates[side].append(rate)
            sides[side].append(intervals)
    for side in sides:
        print("%-8s median Gbit/s per interval: %s; receiver SUM %s" % (
            side, interval_medians(sides[side]), "/".join("%.1f" % x for x in rates[side])))
    ratios = [a / b for a, b in zip(rates["LinkLab"], rates["by hand"])]
    print("LinkLab / by hand, receiver SUM: %s; median %.3f, %s, above 1 in %d of %d" % (
        " ".join("%.3f" % x for x in ratios), med(ratios), spread(ratios), sum(x > 1 for x in ratios), len(ratios)))


def sessions():
    """Where the two-process gap comes from: the lab's two hosts share this machine's cores, and with
    kernel.sched_autogroup_enabled the scheduler shares CPU between sessions before processes. A person's two
    clients share one ssh session while each server daemonizes (-D) into one of its own; LinkLab starts every
    process in a session of its own. So the same by-hand test is run both ways, alternated with LinkLab."""
    print()
    print("## 4. -P 2 with 2 processes: by hand with both clients in one session (as typed) and each in its own "
          "(as LinkLab starts them), alternated with LinkLab; autogroup %s" % open(
              "/proc/sys/kernel/sched_autogroup_enabled").read().strip())
    sides = {"linklab": [], "one session": [], "own sessions": []}
    names = list(sides)
    for r in range(1, ROUNDS + 1):
        order = names[r % 3:] + names[:r % 3]
        for side in order:
            if side == "linklab":
                sides[side].append(linklab("ses-%d" % r, ["--duration", "5", "--streams", "2",
                                                           "--processes", "2"])[1])
            else:
                sides[side].append(by_hand(2, 2, own_sessions=(side == "own sessions"))[1])
    for side in names:
        print("%-13s Gbit/s %s; median %.1f" % (side, "/".join("%.1f" % x for x in sides[side]), med(sides[side])))
    for side in ("one session", "own sessions"):
        ratios = [a / b for a, b in zip(sides["linklab"], sides[side])]
        print("LinkLab / by hand, %s: %s; median %.3f" % (side, " ".join("%.3f" % x for x in ratios), med(ratios)))


def sweep():
    print()
    print("## 3. MTU sweep 1500,4000,9000 of 2-second tests: time per point beyond the test (target <= 1.5 s)")
    beyond = []
    for r in range(1, ROUNDS + 1):
        _, _, _, out = linklab("sweep-%d" % r, ["--duration", "2", "--mtu", "1500,4000,9000"])
        rec = json.load(open(os.path.join(out, "run.json")))
        for t in rec["pointTimes"]:
            beyond.append(instant(t["ended"]) - instant(t["started"]) - 2)
        mtus = [subprocess.run(["ip", "netns", "exec", ns, "cat", "/sys/class/net/data0/mtu"], capture_output=True,
                               text=True).stdout.strip() for ns in (ENV["H1_NS"], ENV["H2_NS"])]
        print("round %d: %s s beyond the test; MTUs after: %s" % (r, " ".join("%.2f" % b for b in beyond[-3:]),
                                                                 "/".join(mtus)))
    print("per point beyond the test: median %.2f s, max %.2f s over %d points" % (med(beyond), max(beyond),
                                                                                   len(beyond)))


SWITCH = re.compile(r"^\s*\S.*?\s(\d+)/(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+sched:sched_switch: .*?prev_pid=(\d+) .*?"
                    r"prev_state=(\S+) ==> .*?next_pid=(\d+)")
EXEC = re.compile(r"^\s*\S.*?\s(\d+)/(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+sched:sched_process_exec: filename=(\S+)")


def traced(work):
    """Runs work() under a scheduler trace of every CPU; returns the trace's lines."""
    data = os.path.join(WORK, "sched.data")
    rec = subprocess.Popen(["perf", "record", "-q", "-a", "-e", "sched:sched_switch", "-e", "sched:sched_process_exec",
                            "-o", data], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)  # perf has opened its buffers (the trace's first switches are in the output well before work)
    try:
        work()
    finally:
        rec.send_signal(signal.SIGINT)
        rec.wait()
    text = subprocess.run(["perf", "script", "-i", data, "-F", "comm,pid,tid,cpu,time,event,trace"],
                          capture_output=True, text=True).stdout
    os.remove(data)
    return text.splitlines()


def core_use(lines, duration, jvm):
    """From a trace: the client iperf3 (the last iperf3 started) over its test and its first second: its share of
    its core, the seconds it slept, the JVM's (process jvm) share of the client's core and of the other, and what
    every other task took of the client's core (the tools' output, the samplers, sshd, the kernel's threads)."""
    start = None
    for line in lines:
        m = EXEC.match(line)
        if m and m.group(5).endswith("/iperf3"):
            start = (float(m.group(4)), int(m.group(2)), int(m.group(3)))
    if start is None:
        return None
    t0, client, client_cpu = start
    windows = {"test": (t0, t0 + duration), "first": (t0, t0 + 1.0)}
    process = {}  # thread id -> process id, from the events each thread was running at
    running = {}  # cpu -> (thread, since)
    asleep = None
    use = {w: {"client": 0.0, "slept": 0.0, "jvm here": 0.0, "jvm there": 0.0, "others here": 0.0} for w in windows}

    def add(key, a, b):
        for w, (lo, hi) in windows.items():
            span = min(b, hi) - max(a, lo)
            if span > 0:
                use[w][key] += span

    for line in lines:
        m = SWITCH.match(line)
        if not m:
            continue
        cpu, t, prev, state, nxt = int(m.group(3)), float(m.group(4)), int(m.group(5)), m.group(6), int(m.group(7))
        process[int(m.group(2))] = int(m.group(1))
        if cpu in running:
            tid, since = running[cpu]
            if tid == client:
                add("client", since, t)
            elif jvm is not None and process.get(tid) == jvm:
                add("jvm here" if cpu == client_cpu else "jvm there", since, t)
            elif tid != 0 and cpu == client_cpu:
                add("others here", since, t)
        running[cpu] = (nxt, t)
        if prev == client and state.startswith(("S", "D")):
            asleep = t
        elif nxt == client and asleep is not None:
            add("slept", asleep, t)
            asleep = None
    return {w: {k: v / (1.0 if k == "slept" else hi - lo) for k, v in use[w].items()}
            for w, (lo, hi) in windows.items()}


def cores():
    """-P 4 by hand and by LinkLab, alternated, under a scheduler trace: what the client's iperf3 got of its core."""
    print()
    print("## 7. -P 4 under a scheduler trace: the client iperf3's core, by hand and by LinkLab; %s logins; "
          "hosts' cores %s" % ("slow" if SLOW else "fast", ENV.get("CORES", "shared")))
    if subprocess.run(["sh", "-c", "command -v perf"], capture_output=True).returncode != 0:
        sys.exit("the cores part needs perf (Debian: apt-get install linux-perf)")
    sides = {"by hand": [], "LinkLab": []}
    for r in range(1, ROUNDS + 1):
        for side in (["by hand", "LinkLab"] if r % 2 else ["LinkLab", "by hand"]):
            if side == "by hand":
                lines = traced(lambda: by_hand(4))
                jvm = None
            else:
                lines = traced(lambda: linklab("cores-%d" % r, ["--duration", "5", "--streams", "4"]))
                jvm = LINKLAB_PIDS[-1]
            found = core_use(lines, 5.0, jvm)
            if found:
                sides[side].append(found)
    for side, runs in sides.items():
        for w, label in (("test", "the test"), ("first", "its first second")):
            print("%-8s %-16s client iperf3 %.3f of its core, slept %.0f ms; on the client's core LinkLab's JVM %.3f, "
                  "other tasks %.3f; LinkLab's JVM on the other core %.3f (medians of %d)" % (
                      side, label, med([x[w]["client"] for x in runs]), 1000 * med([x[w]["slept"] for x in runs]),
                      med([x[w]["jvm here"] for x in runs]), med([x[w]["others here"] for x in runs]),
                      med([x[w]["jvm there"] for x in runs]), len(runs)))


def pin_hosts(split):
    """CORES=split gives each host of the lab a core of its own, as two machines have: every process in a host's
    namespace (its sshd listeners, so every login and tool started later) is bound to that core; split=False
    gives them all cores back. Without it the two hosts share the machine's cores, and the scheduler's share per
    session (kernel.sched_autogroup_enabled) decides how much of them a client gets against a server."""
    cpus = os.cpu_count()
    for i, ns in enumerate((ENV["H1_NS"], ENV["H2_NS"])):
        pids = subprocess.run(["ip", "netns", "pids", ns], capture_output=True, text=True).stdout.split()
        for pid in pids:
            subprocess.run(["taskset", "-a", "-p", "-c", str(i % cpus) if split else "0-%d" % (cpus - 1), pid],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def versus():
    others = [c for c in ENV.get("VERSUS", "").split(",") if c]
    if not others:
        sys.exit("versus: name the other LinkLab commands in VERSUS=/path/to/linklab[,...]")
    sides = [" ".join(LINKLAB)] + others
    print()
    print("## 8. versus: a 5-second iperf3 test by %d LinkLab commands and by hand, the order rotating; %s logins"
          % (len(sides), "slow" if SLOW else "fast"))
    for i, c in enumerate(sides):
        print("  [%d] %s" % (i, c))
    commands = [LINKLAB] + [WS + [c] for c in others]
    hand = len(sides)  # by hand runs as the last side
    runs = [[] for _ in range(hand + 1)]
    for r in range(ROUNDS):
        for i in [(r + k) % (hand + 1) for k in range(hand + 1)]:
            if i == hand:
                runs[i].append(by_hand()[0])
            else:
                runs[i].append(linklab("versus-%d-%d" % (r, i), ["--duration", "5"], command=commands[i])[0])
        print("round %d: %s  load %s" % (r + 1, " ".join("%.2f" % x[-1] for x in runs), load()))
    for i in range(hand):
        ratios = [a / b for a, b in zip(runs[i], runs[hand])]
        print("[%d] median %.2f s; / by hand median %.3f, %s" % (i, med(runs[i]), med(ratios), spread(ratios)))
    print("by hand median %.2f s" % med(runs[hand]))
    for i in range(1, hand):
        ratios = [a / b for a, b in zip(runs[i], runs[0])]
        print("[%d] / [0]: median %.3f, %s, below 1 in %d of %d" % (
            i, med(ratios), spread(ratios), sum(x < 1 for x in ratios), len(ratios)))


def main():
    split = ENV.get("CORES", "shared") == "split"
    print("machine: %d cores, %s; load %s at the start; %s logins (port %s); hosts' cores: %s" % (
        os.cpu_count(), subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[0],
        load(), "slow" if SLOW else "fast", SSH_PORT, "one each" if split else "shared"))
    if split:
        pin_hosts(True)
    try:
        for name, part in (("wall", wall), ("fidelity", fidelity), ("sweep", sweep), ("sessions", sessions),
                           ("cause", cause), ("local", local), ("cores", cores), ("versus", versus)):
            if name in PARTS:
                part()
    finally:
        if split:
            pin_hosts(False)
        subprocess.run(["rm", "-rf", WORK])
    print()
    print("load %s at the end" % load())


main()
