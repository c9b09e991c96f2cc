package io.linklab.matrix;

import io.linklab.counters.CounterFiles;
import io.linklab.counters.Finding;
import io.linklab.counters.FindingRules;
import io.linklab.store.AtomicFile;
import io.linklab.tools.csv.CsvRows;
import io.linklab.tools.csv.CsvTable;
import io.linklab.tools.csv.CsvTableWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the matrix says across its pairs (issue 20), as the findings of a run say it about one test: a direction of
 * a pair well below its peers (the other directions over links of the same drawn speed, or all of them where none
 * is drawn), and a pair whose one direction is well below the other. Both look at the heatmap's cells, so a finding
 * names the way the data flowed ("h3→h7"), as the heatmap shows it.
 */
public final class MatrixFindings {

    public static final String BELOW_PEERS = "below-peers";
    public static final String ASYMMETRIC = "asymmetric";

    /**
     * Flag below 0.7 of the peers' median: healthy links of one speed under one test differ by 10-20 % (which core
     * takes the interrupts, NUMA, a busy host, iperf3's own run-to-run spread on the lab's veths is ~10 %), while
     * what a matrix is run to find costs far more: a port that negotiated 25G on a 100G link (0.25), a dirty
     * fibre that retransmits, a NIC in a narrow PCIe slot (about half).
     */
    static final double BELOW_MEDIAN = 0.7;

    /** The median of fewer than three peers is one of two links: no yardstick. */
    static final int MIN_PEERS = 3;

    /** One direction below 0.7 of the other: the same margin over the same cable, for the same reasons. */
    static final double ASYMMETRY = 0.7;

    private MatrixFindings() {}

    /** The findings of the cells measured so far: below their peers worst first, then asymmetric pairs. */
    public static List<Finding> of(MatrixGrid grid) {
        List<Finding> findings = new ArrayList<>(belowPeers(grid));
        findings.addAll(asymmetric(grid));
        return findings;
    }

    /** A finding with the MTU of the layer it was seen in; null where the matrix sets no MTU. */
    public record AtMtu(Integer mtu, Finding finding) {}

    /** The matrix's findings.csv: the columns of a run's (docs/CSV.md) and the MTU, as a run's adds its repetition. */
    public static final CsvTable<AtMtu> TABLE = CsvTable.<AtMtu>builder()
            .columns(CounterFiles.FINDINGS_TABLE.columnsOf(AtMtu::finding))
            .number("mtu", AtMtu::mtu)
            .build();

    /** Writes findings.csv of a matrix that sets no MTU: {@link #writeAtMtus} with the column empty. */
    public static void write(Path dir, List<Finding> findings) throws IOException {
        writeAtMtus(dir, findings.stream().map(f -> new AtMtu(null, f)).toList());
    }

    /** Writes findings.csv into the matrix folder, each finding under its MTU, whole or not at all. */
    public static void writeAtMtus(Path dir, List<AtMtu> findings) throws IOException {
        StringWriter text = new StringWriter();
        CsvTableWriter<AtMtu> w = new CsvTableWriter<>(text, TABLE);
        findings.forEach(w::write);
        w.flush();
        AtomicFile.writeString(dir.resolve(CounterFiles.FINDINGS), text.toString());
    }

    /** The findings.csv of a matrix folder with each finding's MTU (null where none, or a file before the column). */
    public static List<AtMtu> read(Path dir) throws IOException {
        return CsvRows.read(
                dir.resolve(CounterFiles.FINDINGS),
                r -> new AtMtu(
                        r.isMapped("mtu") && !r.get("mtu").isEmpty() ? Integer.valueOf(r.get("mtu")) : null,
                        CounterFiles.finding(r)));
    }

    private record Ranked(double rank, Finding finding) {}

    private static List<Finding> belowPeers(MatrixGrid grid) {
        Map<Double, List<MatrixGrid.Cell>> bySpeed = new HashMap<>();
        for (MatrixGrid.Cell c : grid.cells()) {
            if (c.bitsPerSecond() != null) {
                bySpeed.computeIfAbsent(c.linkSpeedBps(), k -> new ArrayList<>())
                        .add(c);
            }
        }
        List<Ranked> found = new ArrayList<>();
        for (List<MatrixGrid.Cell> group : bySpeed.values()) {
            if (group.size() - 1 < MIN_PEERS) {
                continue;
            }
            double[] sorted = group.stream()
                    .mapToDouble(MatrixGrid.Cell::bitsPerSecond)
                    .sorted()
                    .toArray();
            for (MatrixGrid.Cell c : group) {
                double median = medianOfOthers(sorted, c.bitsPerSecond());
                double share = c.bitsPerSecond() / median;
                if (share < BELOW_MEDIAN) {
                    found.add(new Ranked(share, belowPeers(c, share, median, group.size() - 1)));
                }
            }
        }
        return found.stream()
                .sorted(Comparator.comparingDouble(Ranked::rank))
                .map(Ranked::finding)
                .toList();
    }

    private static Finding belowPeers(MatrixGrid.Cell c, double share, double median, int peers) {
        Double speed = c.linkSpeedBps();
        String links = speed == null
                ? "the other " + peers + " measured directions"
                : "its " + peers + " peers on " + FindingRules.bits(speed) + " links";
        return new Finding(
                label(c),
                Finding.WARNING,
                "",
                BELOW_PEERS,
                String.format(
                        Locale.ROOT,
                        "%s at %.0f %% of the median of %s (%s against %s%s): look at this path's cabling, "
                                + "ports and hosts",
                        label(c),
                        100 * share,
                        links,
                        FindingRules.bits(c.bitsPerSecond()),
                        FindingRules.bits(median),
                        speed == null ? "; no link speed is drawn to tell the links apart" : ""),
                "bits_per_second=" + CsvTableWriter.plain(c.bitsPerSecond())
                        + "; peer_median_bps=" + CsvTableWriter.plain(median)
                        + "; peers=" + peers
                        + (speed == null ? "" : "; link_speed_bps=" + CsvTableWriter.plain(speed)));
    }

    private static List<Finding> asymmetric(MatrixGrid grid) {
        List<String> hosts = grid.hosts();
        List<Ranked> found = new ArrayList<>();
        for (int i = 0; i < hosts.size(); i++) {
            for (int j = i + 1; j < hosts.size(); j++) {
                Optional<MatrixGrid.Cell> there = measured(grid, hosts.get(i), hosts.get(j));
                Optional<MatrixGrid.Cell> back = measured(grid, hosts.get(j), hosts.get(i));
                if (there.isEmpty() || back.isEmpty()) {
                    continue;
                }
                boolean thereSlower = there.get().bitsPerSecond() < back.get().bitsPerSecond();
                MatrixGrid.Cell slow = thereSlower ? there.get() : back.get();
                MatrixGrid.Cell fast = thereSlower ? back.get() : there.get();
                double ratio = slow.bitsPerSecond() / fast.bitsPerSecond();
                if (ratio < ASYMMETRY) {
                    found.add(new Ranked(ratio, asymmetric(slow, fast, ratio)));
                }
            }
        }
        return found.stream()
                .sorted(Comparator.comparingDouble(Ranked::rank))
                .map(Ranked::finding)
                .toList();
    }

    private static Finding asymmetric(MatrixGrid.Cell slow, MatrixGrid.Cell fast, double ratio) {
        return new Finding(
                label(slow),
                Finding.WARNING,
                "",
                ASYMMETRIC,
                String.format(
                        Locale.ROOT,
                        "%s at %.0f %% of %s (%s against %s): one direction of the pair is much slower; look at "
                                + "the slower direction's sender and receiver",
                        label(slow),
                        100 * ratio,
                        label(fast),
                        FindingRules.bits(slow.bitsPerSecond()),
                        FindingRules.bits(fast.bitsPerSecond())),
                "bits_per_second=" + CsvTableWriter.plain(slow.bitsPerSecond())
                        + "; reverse_bps=" + CsvTableWriter.plain(fast.bitsPerSecond())
                        + String.format(Locale.ROOT, "; ratio=%.3f", ratio));
    }

    private static Optional<MatrixGrid.Cell> measured(MatrixGrid grid, String sender, String receiver) {
        return grid.cell(sender, receiver).filter(c -> c.bitsPerSecond() != null);
    }

    /**
     * The median of the group without {@code self}, from the group's rates sorted once: a matrix of 992 pairs has
     * ~2000 cells in one group, judged again after every pair in the window, so no sort per cell.
     */
    private static double medianOfOthers(double[] sorted, double self) {
        int skip = Arrays.binarySearch(sorted, self); // any index of an equal rate leaves the same others
        int n = sorted.length - 1;
        return n % 2 == 1
                ? without(sorted, skip, n / 2)
                : (without(sorted, skip, n / 2 - 1) + without(sorted, skip, n / 2)) / 2;
    }

    private static double without(double[] sorted, int skip, int i) {
        return sorted[i < skip ? i : i + 1];
    }

    private static String label(MatrixGrid.Cell c) {
        return c.sender() + "→" + c.receiver();
    }
}
