package io.linklab.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.remote.CommandResult;
import io.linklab.remote.LineSink;
import io.linklab.remote.RemoteCommand;
import io.linklab.remote.RemoteProcess;
import io.linklab.remote.Transport;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host that answers the counter sampler with a 100 MB snapshot, and one that sends 10,000 snapshots a second:
 * while the run goes on, LinkLab's heap stays within {@link #BOUND} of what it was before, the rows go to
 * host_counters.csv as they come, and each excess is reported once.
 */
class CounterBoundsTest {

    /** What a repetition's counters may add to the heap, whatever the host sends. */
    private static final long BOUND = 64L << 20;

    @TempDir
    Path dir;

    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private final AtomicLong liveRows = new AtomicLong();

    /** A host whose every command prints what {@code host} writes to it, on a thread of its own, until cancelled. */
    private static Transport fakeHost(Consumer<LineSink> host) {
        return new Transport() {
            @Override
            public String hostLabel() {
                return "root@hostile";
            }

            @Override
            public RemoteProcess start(RemoteCommand command, LineSink stdout, LineSink stderr) {
                Thread t = new Thread(() -> host.accept(stdout), "fake-host");
                t.setDaemon(true);
                t.start();
                return new RemoteProcess() {
                    @Override
                    public OptionalInt waitFor(Duration timeout) throws InterruptedException {
                        t.join(timeout.toMillis());
                        return t.isAlive() ? OptionalInt.empty() : OptionalInt.of(0);
                    }

                    @Override
                    public boolean isAlive() {
                        return t.isAlive();
                    }

                    @Override
                    public void cancel() {
                        t.interrupt();
                    }
                };
            }

            @Override
            public CommandResult run(RemoteCommand command, Duration timeout) {
                throw new UnsupportedOperationException(command.toString());
            }

            @Override
            public void close() {}
        };
    }

    private static void snapshot(LineSink out, double uptime, int cores) {
        out.line("@@ snap");
        out.line(uptime + " 1.00");
        for (int c = 0; c < cores; c++) {
            out.line("cpu" + c + " " + (long) (uptime * 100) + " 0 " + (long) (uptime * 50) + " 100 0 0 3 0 0 0");
        }
        out.line("eth0: " + (long) (uptime * 1e9) + " 100 0 0 0 0 0 0 " + (long) (uptime * 1e9) + " 100 0 0 0 0 0 0");
        out.line("@@ end");
    }

    private static long usedHeap() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /**
     * Runs one repetition's counters against {@code host} for {@code seconds} after the clients start, sampling the
     * heap meanwhile; returns the most it grew.
     */
    private long run(Consumer<LineSink> host, double seconds) throws Exception {
        return run(host, () -> false, seconds);
    }

    /** As {@link #run(Consumer, double)}, but over as soon as {@code over} holds. */
    private long run(Consumer<LineSink> host, BooleanSupplier over, double seconds) throws Exception {
        HostCounters counters = HostCounters.open(
                dir, warnings::add, (point, rows) -> liveRows.addAndGet(rows.size()), (point, found) -> {});
        long before = usedHeap();
        long most = 0;
        CounterSession session = new CounterSession(counters, "p", 1, null, 1.0);
        Transport t = fakeHost(host);
        session.addEnd("client", "root@hostile", t, "eth0", null);
        CounterSession.Start start = session.starts().get(0);
        RemoteProcess p = t.start(start.command(), start.out(), start.err());
        session.clientsStarted();
        long end = System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() < end && p.isAlive() && !over.getAsBoolean()) {
            most = Math.max(most, usedHeap() - before);
            Thread.sleep(200);
        }
        most = Math.max(most, usedHeap() - before);
        session.stop(List.of(p), false, RemoteProcess::cancel);
        counters.close();
        return most;
    }

    private long csvRows() throws Exception {
        try (Stream<String> lines = Files.lines(dir.resolve(CounterFiles.HOST_COUNTERS))) {
            return lines.count() - 1;
        }
    }

    @Test
    void aHundredMegabyteSnapshotIsCutReportedOnceAndTheHeapStaysBounded() throws Exception {
        long grew = run(
                out -> {
                    out.line("@@ if eth0");
                    snapshot(out, 100, 4);
                    // one snapshot of about 100 MB: 3.5 million cores
                    out.line("@@ snap");
                    out.line("101.0 1.00");
                    for (int c = 0; c < 3_500_000 && !Thread.currentThread().isInterrupted(); c++) {
                        out.line("cpu" + c + " 10100 0 5050 100 0 0 3 0 0 0");
                    }
                    out.line("@@ end");
                    for (int k = 2; k < 1000 && !Thread.currentThread().isInterrupted(); k++) {
                        snapshot(out, 100 + k, 4);
                        try {
                            Thread.sleep(1000);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                },
                // until the 100 MB have gone through and rows came live (a loaded machine takes longer than 25 s)
                () -> liveRows.get() > 0 && warnings.stream().anyMatch(w -> w.contains("oversized snapshot")),
                180);
        assertTrue(grew < BOUND, "the heap grew by " + (grew >> 20) + " MiB, more than " + (BOUND >> 20));
        List<String> cut =
                warnings.stream().filter(w -> w.contains("oversized snapshot")).toList();
        assertEquals(1, cut.size(), warnings.toString());
        assertTrue(cut.get(0).contains("more than 8192 cores"), cut.get(0));
        assertTrue(liveRows.get() > 0, "the live lanes had rows");
        assertTrue(csvRows() > 0, "host_counters.csv has rows");
    }

    @Test
    void tenThousandSnapshotsASecondAreDroppedToThePaceAskedForAndReportedOnce() throws Exception {
        long seconds = 4;
        long grew = run(
                out -> {
                    out.line("@@ if eth0");
                    long start = System.nanoTime();
                    for (int k = 0; !Thread.currentThread().isInterrupted(); k++) {
                        snapshot(out, 100 + k * 1e-4, 64);
                        if (k % 100 == 99) { // 10,000 a second: a hundred each 10 ms
                            long due = start + (k + 1) * 100_000L;
                            long wait = due - System.nanoTime();
                            if (wait > 0) {
                                try {
                                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                                } catch (InterruptedException e) {
                                    return;
                                }
                            }
                        }
                    }
                },
                seconds);
        assertTrue(grew < BOUND, "the heap grew by " + (grew >> 20) + " MiB, more than " + (BOUND >> 20));
        assertEquals(
                1,
                warnings.stream()
                        .filter(w -> w.contains("faster than every 500 ms"))
                        .count(),
                warnings.toString());
        // 64 cores give 6 values each and the NIC some more: at most the burst and two snapshots a second are kept
        long perSnapshot = 6 * 64 + 40;
        long most = perSnapshot * (3 + 2 * (seconds + 2));
        assertTrue(csvRows() <= most, csvRows() + " rows in host_counters.csv, more than " + most);
        assertTrue(csvRows() > 0, "host_counters.csv has rows");
    }

    @Test
    void aLongTestsSeriesIsHalvedWithItsTotalsKeptAndInTimeOrder() {
        List<Sampler.Timed> values = new java.util.ArrayList<>();
        for (int k = 1; k <= 5; k++) {
            values.add(new Sampler.Timed(k * 1000L, 1.0, new CounterValue("nic", "rx_bytes", "bytes/s", k)));
            values.add(new Sampler.Timed(k * 1000L, 0.5, new CounterValue("cpu", "cpu0.busy", "%", 10 * k)));
        }
        Sampler.halve(values);
        assertEquals(6, values.size(), values.toString());
        for (int i = 1; i < values.size(); i++) {
            assertTrue(values.get(i - 1).endNanos() <= values.get(i).endNanos(), values.toString());
        }
        double rx = values.stream()
                .filter(t -> t.value().name().equals("rx_bytes"))
                .mapToDouble(t -> t.value().value() * t.intervalS())
                .sum();
        assertEquals(15.0, rx, 1e-9, "the total over the whole test is kept");
        double interval = values.stream()
                .filter(t -> t.value().name().equals("cpu0.busy"))
                .mapToDouble(Sampler.Timed::intervalS)
                .sum();
        assertEquals(2.5, interval, 1e-9);
    }
}
