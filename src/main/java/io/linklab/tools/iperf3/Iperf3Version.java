package io.linklab.tools.iperf3;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An iperf3 release as {@code iperf3 --version} names it ("iperf 3.21 (cJSON 1.7.15)", "iperf 3.16"), and what
 * that release can do where LinkLab's commands and findings depend on it.
 */
public record Iperf3Version(int major, int minor) implements Comparable<Iperf3Version> {

    /** {@code --bidir}, both directions at once, from 3.7. */
    public static final Iperf3Version BIDIR = new Iperf3Version(3, 7);

    /** Each stream is a thread of its own from 3.16: one process can fill more than one core. */
    public static final Iperf3Version THREADS = new Iperf3Version(3, 16);

    /** {@code --json-stream}: every interval as one JSON line while the test runs, from 3.17. */
    public static final Iperf3Version JSON_STREAM = new Iperf3Version(3, 17);

    private static final Pattern RELEASE = Pattern.compile("\\biperf\\s+(\\d{1,3})\\.(\\d{1,3})");

    /** The release in a version line, empty when the line names none (not iperf3, nothing printed). */
    public static Optional<Iperf3Version> parse(String versionLine) {
        if (versionLine == null) {
            return Optional.empty();
        }
        Matcher m = RELEASE.matcher(versionLine);
        return m.find()
                ? Optional.of(new Iperf3Version(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))))
                : Optional.empty();
    }

    /** Whether a host whose {@code iperf3 --version} printed {@code versionLine} has {@code --json-stream}. */
    public static boolean hasJsonStream(String versionLine) {
        return parse(versionLine).map(v -> v.compareTo(JSON_STREAM) >= 0).orElse(false);
    }

    /** Whether a host whose {@code iperf3 --version} printed {@code versionLine} runs each stream as a thread. */
    public static boolean hasThreads(String versionLine) {
        return parse(versionLine).map(v -> v.compareTo(THREADS) >= 0).orElse(false);
    }

    /**
     * What this release can do that LinkLab's commands, findings or tuner depend on, by the names run.json's
     * {@code tool.features} lists: "bidir" (3.7+), "threads" (3.16+), "json-stream" (3.17+).
     */
    public List<String> features() {
        List<String> out = new ArrayList<>();
        if (compareTo(BIDIR) >= 0) {
            out.add("bidir");
        }
        if (compareTo(THREADS) >= 0) {
            out.add("threads");
        }
        if (compareTo(JSON_STREAM) >= 0) {
            out.add("json-stream");
        }
        return out;
    }

    /**
     * Why this release cannot run a plan that asks for {@code --bidir}, naming the release that can; empty when it
     * can. {@code where} names the end ("the client (h1)"). The one wording for the wizard, which knows a probed
     * host's release before anything starts, and the preflight, which learns it after login.
     */
    public Optional<String> refusesBidir(boolean bidir, String where) {
        if (!bidir || compareTo(BIDIR) >= 0) {
            return Optional.empty();
        }
        return Optional.of("iperf3 " + this + " on " + where + " has no --bidir (both directions at once), which"
                + " iperf3 " + BIDIR + " and newer have; update iperf3 there, or measure each direction on its own"
                + " (normal, then --reverse)");
    }

    @Override
    public int compareTo(Iperf3Version o) {
        return major != o.major ? Integer.compare(major, o.major) : Integer.compare(minor, o.minor);
    }

    @Override
    public String toString() {
        return major + "." + minor;
    }
}
