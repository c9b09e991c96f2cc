package io.linklab.matrix;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The matrix as a heatmap sees it: data senders down the side, receivers across the top, one cell per ordered
 * pair of hosts. A row of matrix.csv lands in the cell of the way its data flowed (a reverse or bidirectional
 * test's s2c row is the server sending), so a cell may hold two measurements when both a→b and b→a ran both
 * ways. Both the window's heatmap and the PNG draw from this one model, so they cannot disagree.
 */
public final class MatrixGrid {

    /** One cell: what was measured from {@code sender} to {@code receiver}, or why not. */
    public record Cell(String sender, String receiver, List<MatrixRow> rows) {

        public Cell {
            rows = List.copyOf(rows);
        }

        /** The lowest measured rate (a matrix is read for its bad links), or null when none was measured. */
        public Double bitsPerSecond() {
            return measured().map(MatrixRow::bitsPerSecond).orElse(null);
        }

        /** The worst measurement's fraction of its link speed, or null when either is unknown. */
        public Double fractionOfLink() {
            return measured().map(MatrixRow::fractionOfLink).orElse(null);
        }

        /** The drawn link speed of the worst measurement's path, or null when none is drawn or nothing measured. */
        public Double linkSpeedBps() {
            return measured().map(MatrixRow::linkSpeedBps).orElse(null);
        }

        /** No measurement and at least one row that failed or stopped: its reason is the cell's text. */
        public boolean failed() {
            return measured().isEmpty() && !rows.isEmpty();
        }

        /** Why nothing was measured, from the first row that says. */
        public String reason() {
            return rows.stream()
                    .filter(r -> !r.ok())
                    .map(r -> r.reason() == null || r.reason().isBlank() ? r.status() : r.reason())
                    .findFirst()
                    .orElse("");
        }

        private Optional<MatrixRow> measured() {
            return rows.stream()
                    .filter(r -> r.ok() && r.bitsPerSecond() != null)
                    .min(Comparator.comparingDouble(MatrixRow::bitsPerSecond));
        }
    }

    private final List<String> hosts;
    private final Map<String, Cell> cells = new LinkedHashMap<>();
    private final double highestRate;

    private MatrixGrid(List<String> hosts, Map<String, List<MatrixRow>> byCell) {
        this.hosts = List.copyOf(hosts);
        double highest = 0;
        for (Map.Entry<String, List<MatrixRow>> e : byCell.entrySet()) {
            MatrixRow first = e.getValue().get(0);
            String[] ends = ends(first);
            Cell cell = new Cell(ends[0], ends[1], e.getValue());
            cells.put(e.getKey(), cell);
            if (cell.bitsPerSecond() != null) {
                highest = Math.max(highest, cell.bitsPerSecond());
            }
        }
        this.highestRate = highest;
    }

    /**
     * @param hosts the hosts in the order the user knows them (the topology's, or the --hosts list); hosts that
     *              only the rows name are added after them
     */
    public static MatrixGrid of(List<String> hosts, List<MatrixRow> rows) {
        Set<String> order = new LinkedHashSet<>(hosts);
        Map<String, List<MatrixRow>> byCell = new LinkedHashMap<>();
        for (MatrixRow r : rows) {
            order.add(r.client());
            order.add(r.server());
            String[] ends = ends(r);
            byCell.computeIfAbsent(key(ends[0], ends[1]), k -> new ArrayList<>())
                    .add(r);
        }
        return new MatrixGrid(new ArrayList<>(order), byCell);
    }

    public List<String> hosts() {
        return hosts;
    }

    /** The cell of data flowing from sender to receiver, or empty where that pair is not in the matrix. */
    public Optional<Cell> cell(String sender, String receiver) {
        return Optional.ofNullable(cells.get(key(sender, receiver)));
    }

    public List<Cell> cells() {
        return List.copyOf(cells.values());
    }

    /** The highest rate of any cell: the top of the colour scale where no link speed is drawn (0 when none). */
    public double highestRate() {
        return highestRate;
    }

    /**
     * Where a cell lies on the colour scale, 0 (worst) to 1 (best): its fraction of the link speed where that is
     * known, else its rate against the matrix's highest rate. Empty for a cell with no measurement.
     */
    public Optional<Double> shade(Cell cell) {
        Double fraction = cell.fractionOfLink();
        if (fraction != null) {
            return Optional.of(Math.min(1, Math.max(0, fraction)));
        }
        Double rate = cell.bitsPerSecond();
        return rate == null || highestRate <= 0 ? Optional.empty() : Optional.of(rate / highestRate);
    }

    private static String[] ends(MatrixRow r) {
        return "s2c".equals(r.direction())
                ? new String[] {r.server(), r.client()}
                : new String[] {r.client(), r.server()};
    }

    private static String key(String sender, String receiver) {
        return sender + '\n' + receiver;
    }
}
