package io.linklab.ui.matrix;

import io.linklab.matrix.MatrixGrid;
import io.linklab.matrix.MatrixPair;
import io.linklab.matrix.MatrixRow;
import io.linklab.model.LinkSpec;
import io.linklab.model.Rates;
import io.linklab.model.TestPlan;
import io.linklab.ui.runs.MatrixLauncher;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What the matrix view says about cells, rows and drawn links, worked out from the matrix's rows and
 * {@link MatrixGrid} alone (no colour here: the grid's shade is the one scale, the view paints it).
 */
final class MatrixCells {

    private MatrixCells() {}

    /** Failed and stopped rows first, then the lowest shade (share of link, or of the best rate), then the rate. */
    static List<MatrixRow> worstFirst(MatrixGrid grid, List<MatrixRow> rows) {
        List<MatrixRow> out = new ArrayList<>(rows);
        out.sort(Comparator.comparing(MatrixRow::ok)
                .thenComparingDouble(r -> shade(grid, r))
                .thenComparingDouble(r -> r.bitsPerSecond() == null ? 0 : r.bitsPerSecond()));
        return List.copyOf(out);
    }

    /** A row's place on the grid's colour scale, -1 where it measured nothing. */
    static double shade(MatrixGrid grid, MatrixRow r) {
        return grid.shade(new MatrixGrid.Cell(r.client(), r.server(), List.of(r)))
                .orElse(-1.0);
    }

    /**
     * The pair whose data flows from sender to receiver: the client sends in a normal test, the server in a
     * reverse one, both in a bidirectional one (the pair with the sender as client first).
     */
    static Optional<MatrixPair> pairOf(
            MatrixLauncher.Request request,
            String sender,
            String receiver,
            Set<MatrixPair> running,
            Collection<MatrixPair> pairs) {
        TestPlan.Mode mode = request.base().mode();
        Optional<MatrixPair> forward = mode == TestPlan.Mode.REVERSE ? Optional.empty() : find(pairs, sender, receiver);
        if (forward.isPresent()) {
            return forward;
        }
        return mode == TestPlan.Mode.NORMAL ? Optional.empty() : find(pairs, receiver, sender);
    }

    private static Optional<MatrixPair> find(Collection<MatrixPair> pairs, String client, String server) {
        return pairs.stream()
                .filter(p -> p.client().equals(client) && p.server().equals(server))
                .findFirst();
    }

    /**
     * The hover text of a cell: each of its measurements, why it failed, or whether it runs or waits.
     *
     * @param underWay whether the matrix runs (else a pair not measured waits for a Resume, not for its turn)
     */
    static String describe(
            MatrixGrid grid,
            String sender,
            String receiver,
            Optional<MatrixPair> pair,
            Set<MatrixPair> running,
            boolean underWay) {
        String head = sender + " → " + receiver;
        if (sender.equals(receiver)) {
            return head + ": a host is not tested against itself";
        }
        if (pair.isEmpty()) {
            return head + ": not in this matrix";
        }
        Optional<MatrixGrid.Cell> cell = grid.cell(sender, receiver);
        if (cell.isEmpty() || cell.get().rows().isEmpty()) {
            return head
                    + (running.contains(pair.get())
                            ? ": running now"
                            : underWay ? ": waiting for its turn" : ": not measured (Resume runs it)");
        }
        List<String> lines = new ArrayList<>();
        lines.add(head + (cell.get().failed() ? ": no measurement" : ""));
        for (MatrixRow r : cell.get().rows()) {
            lines.add("  " + r.client() + "→" + r.server() + (r.direction().isEmpty() ? "" : " " + r.direction()) + ": "
                    + rowText(r));
        }
        return String.join("\n", lines);
    }

    /** "9.41 Gbit/s (9.30–9.52), 12 retransmits, 94 % of 10G", or "failed: why". */
    static String rowText(MatrixRow r) {
        if (!r.ok() || r.bitsPerSecond() == null) {
            return r.status() + (r.reason() == null || r.reason().isBlank() ? "" : ": " + r.reason());
        }
        StringBuilder s = new StringBuilder(rate(r.bitsPerSecond()));
        if (r.bitsPerSecondMin() != null && r.bitsPerSecondMax() != null) {
            s.append(" (").append(rate(r.bitsPerSecondMin())).append(" – ").append(rate(r.bitsPerSecondMax()));
            s.append(")");
        }
        if (r.retransmits() != null) {
            s.append(", ").append(r.retransmits()).append(" retransmits");
        }
        if (r.fractionOfLink() != null) {
            s.append(", ").append(percent(r.fractionOfLink())).append(" of the ");
            s.append(rate(r.linkSpeedBps())).append(" link");
        }
        return s.toString();
    }

    static String rate(Double bps) {
        return Rates.screenTextOrEmpty(bps);
    }

    static String percent(Double fraction) {
        return fraction == null ? "" : String.format(Locale.ROOT, "%.0f %%", fraction * 100);
    }

    /** What the colour of the heatmap measures for these rows (the grid's shade, in words). */
    static String legend(List<MatrixRow> rows) {
        List<MatrixRow> measured =
                rows.stream().filter(r -> r.ok() && r.bitsPerSecond() != null).toList();
        long ofLink = measured.stream().filter(r -> r.fractionOfLink() != null).count();
        String best = rate(measured.stream()
                .map(MatrixRow::bitsPerSecond)
                .max(Double::compare)
                .orElse(null));
        if (measured.isEmpty()) {
            return "Colour: the rate as a share of the drawn link speed, or of the best rate measured where no speed "
                    + "is drawn; a pair with two measurements shows the lower.";
        }
        if (ofLink == measured.size()) {
            return "Colour: the rate as a share of the drawn link speed (the slowest link on the pair's path); a pair "
                    + "with two measurements shows the lower.";
        }
        if (ofLink == 0) {
            return "Colour: the rate as a share of the best rate measured in this matrix (" + best + "); draw link "
                    + "speeds in the lab to colour by share of link.";
        }
        return "Colour: the rate as a share of the drawn link speed; pairs without a drawn speed against the best "
                + "rate measured (" + best + ").";
    }

    /** Why a pair's rows hold no run: the first reason given. */
    static String reasonOf(List<MatrixRow> rows) {
        return new MatrixGrid.Cell("", "", rows).reason();
    }

    /**
     * Whether a pair's drawn path crosses a link: a switch-to-switch link it names, or a link that ends at the
     * interface the pair starts or ends in (a pair without a drawn path crosses none).
     */
    static boolean crosses(MatrixPair p, LinkSpec l) {
        if (p.uplinks().contains(l.id())) {
            return true;
        }
        for (LinkSpec.End e : List.of(l.a(), l.b())) {
            if (p.clientIface() != null
                    && e.nodeId().equals(p.client())
                    && Objects.equals(e.iface(), p.clientIface())) {
                return true;
            }
            if (p.serverIface() != null
                    && e.nodeId().equals(p.server())
                    && Objects.equals(e.iface(), p.serverIface())) {
                return true;
            }
        }
        return false;
    }

    /** Per drawn link, a cell of the rows of every pair that crosses it and has ended. */
    static Map<String, MatrixGrid.Cell> linkCells(
            MatrixLauncher.Request request, Map<MatrixPair, List<MatrixRow>> rowsByPair) {
        Map<String, MatrixGrid.Cell> out = new LinkedHashMap<>();
        for (LinkSpec l : request.lab().links()) {
            List<MatrixRow> rows = new ArrayList<>();
            rowsByPair.forEach((p, r) -> {
                if (r != null && crosses(p, l)) {
                    rows.addAll(r);
                }
            });
            if (!rows.isEmpty()) {
                out.put(l.id(), new MatrixGrid.Cell(l.a().nodeId(), l.b().nodeId(), rows));
            }
        }
        return out;
    }

    /** Of the pairs that cross a link, the one to open: failed first, then the lowest shade, then one not yet run. */
    static Optional<MatrixPair> worstPairOn(
            MatrixLauncher.Request request,
            String linkId,
            Map<MatrixPair, List<MatrixRow>> rowsByPair,
            MatrixGrid grid) {
        Optional<LinkSpec> link = request.lab().links().stream()
                .filter(l -> l.id().equals(linkId))
                .findFirst();
        if (link.isEmpty()) {
            return Optional.empty();
        }
        return request.pairs().stream().filter(p -> crosses(p, link.get())).min(Comparator.comparingDouble(p -> {
            List<MatrixRow> rows = rowsByPair.get(p);
            return rows == null
                    ? 2
                    : grid.shade(new MatrixGrid.Cell(p.client(), p.server(), rows))
                            .orElse(-1.0);
        }));
    }
}
