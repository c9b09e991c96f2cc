package io.linklab.tools.shape;

import io.linklab.model.Direction;
import io.linklab.model.Role;
import io.linklab.model.Sample;
import io.linklab.model.Summary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The end-of-test totals of one test in the one shape every summary.csv has: a SUM per process, direction
 * and role (a single stream's total doubles as its SUM), and both roles of every SUM, a role the tool does
 * not report standing as an empty row that says so.
 */
public final class TotalRows {

    private TotalRows() {}

    private record Group(String process, Direction direction, Role role) {}

    /** The SUM rows {@code totals} lack: one per process, direction and role whose only total is one stream's. */
    public static List<Summary> singleStreamSums(List<Summary> totals) {
        List<Summary> sums = new ArrayList<>();
        for (List<Summary> g : groups(totals)) {
            if (g.size() == 1 && !g.get(0).isSum()) {
                sums.add(g.get(0).asSum());
            }
        }
        return sums;
    }

    /**
     * The SUM rows {@code totals} lack where every one of a group's {@code streams} streams has a total but the tool
     * printed no SUM (iperf 2's server, under load, sometimes ends without its SUM line): their bytes over the
     * longest of their times, with a note that says so.
     */
    public static List<Summary> sumsOfAllStreams(List<Summary> totals, int streams) {
        List<Summary> sums = new ArrayList<>();
        for (List<Summary> g : groups(totals)) {
            if (streams < 2 || g.size() != streams || g.stream().anyMatch(Summary::isSum)) {
                continue;
            }
            Summary first = g.get(0);
            double start = g.stream().mapToDouble(Summary::startS).min().orElse(0);
            double end = g.stream().mapToDouble(Summary::endS).max().orElse(0);
            boolean allBytes = g.stream().allMatch(x -> x.bytes() != null);
            Long bytes = allBytes ? g.stream().mapToLong(Summary::bytes).sum() : null;
            Double bps = allBytes && end > start
                    ? bytes * 8 / (end - start)
                    : g.stream().allMatch(x -> x.bitsPerSecond() != null)
                            ? g.stream().mapToDouble(Summary::bitsPerSecond).sum()
                            : null;
            Long retransmits = g.stream().allMatch(x -> x.retransmits() != null)
                    ? g.stream().mapToLong(Summary::retransmits).sum()
                    : null;
            sums.add(Summary.transfer(
                    first.process(),
                    Sample.SUM,
                    first.direction(),
                    first.role(),
                    start,
                    end,
                    bytes,
                    bps,
                    retransmits,
                    "the sum of the " + streams + " streams' totals: the tool printed no SUM"));
        }
        return sums;
    }

    /**
     * Rows for the roles {@code tool} does not report, beside the SUM rows of {@code totals} (SUMs included,
     * single-stream ones too): for each process and direction whose SUM has one role only, the other role,
     * empty, with the note "not reported by TOOL". A role that some process of the direction did report is
     * missing from the others for another reason (a process that failed, said elsewhere), so it gets none.
     */
    public static List<Summary> missingRoles(List<Summary> totals, String tool) {
        Map<List<Object>, Set<Role>> roles = new LinkedHashMap<>();
        Map<List<Object>, Summary> firstOf = new LinkedHashMap<>();
        Map<Direction, Set<Role>> reportedIn = new LinkedHashMap<>();
        for (Summary s : totals) {
            if (!s.isSum() || s.role() == null || s.bitsPerSecond() == null && s.bytes() == null) {
                continue;
            }
            List<Object> key = Arrays.asList(s.process(), s.direction());
            roles.computeIfAbsent(key, k -> EnumSet.noneOf(Role.class)).add(s.role());
            firstOf.putIfAbsent(key, s);
            reportedIn
                    .computeIfAbsent(s.direction(), d -> EnumSet.noneOf(Role.class))
                    .add(s.role());
        }
        List<Summary> rows = new ArrayList<>();
        roles.forEach((key, present) -> {
            Summary first = firstOf.get(key);
            for (Role r : Role.values()) {
                if (!present.contains(r) && !reportedIn.get(first.direction()).contains(r)) {
                    rows.add(notReported(first, r, tool));
                }
            }
        });
        return rows;
    }

    /** The totals of each process, direction and role, in the order they came. */
    private static Collection<List<Summary>> groups(List<Summary> totals) {
        Map<Group, List<Summary>> groups = new LinkedHashMap<>();
        for (Summary s : totals) {
            groups.computeIfAbsent(new Group(s.process(), s.direction(), s.role()), g -> new ArrayList<>())
                    .add(s);
        }
        return groups.values();
    }

    private static Summary notReported(Summary like, Role role, String tool) {
        return Summary.transfer(
                like.process(),
                Sample.SUM,
                like.direction(),
                role,
                like.startS(),
                like.endS(),
                null,
                null,
                null,
                "not reported by " + Objects.requireNonNullElse(tool, "the tool"));
    }
}
