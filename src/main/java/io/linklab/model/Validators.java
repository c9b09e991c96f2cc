package io.linklab.model;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Strict syntax for every value that can end up on a remote command line. Each check returns the
 * reason a value is refused (empty when it is fine) so the GUI can mark the field where it is typed;
 * the {@code require*} forms throw {@link InvalidValueException} naming the field.
 */
public final class Validators {

    // Linux IFNAMSIZ is 16 including the NUL; no '/', ':' or whitespace; we also refuse shell metacharacters.
    private static final Pattern IFACE = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.\\-]{0,14}");
    private static final Pattern HOST_LABEL = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9\\-]{0,61}[A-Za-z0-9])?");
    // Ids name hosts in files and become parts of folder names: no '/', no control characters, a bounded length.
    // ':' and '%' are kept for the IPv6 hosts `linklab matrix --hosts` names its hosts by.
    private static final Pattern NODE_ID = Pattern.compile("[A-Za-z0-9_:%][A-Za-z0-9_.:%\\-]{0,63}");
    private static final Pattern USER = Pattern.compile("[a-z_][a-z0-9_.\\-]{0,31}");
    private static final Pattern IPV4 =
            Pattern.compile("(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]{2,45}(%[A-Za-z0-9_.\\-]{1,15})?");
    private static final Pattern SIZE = Pattern.compile("(\\d{1,10})(\\.\\d{1,3})?([KMGkmg])?");
    private static final Pattern RATE = Pattern.compile("(\\d{1,10})(\\.\\d{1,3})?([KMGTkmgt])?");

    private Validators() {}

    public static Optional<String> interfaceName(String v) {
        if (v == null || v.isEmpty()) {
            return Optional.of("an interface name is needed, e.g. eth0 or ens1f0np0");
        }
        if (!IFACE.matcher(v).matches() || v.equals(".") || v.equals("..")) {
            return Optional.of("expected a Linux interface name: 1 to 15 letters, digits, '_', '-' or '.', "
                    + "not starting with '-' or '.'");
        }
        return Optional.empty();
    }

    public static Optional<String> ipAddress(String v) {
        if (v == null || v.isEmpty()) {
            return Optional.of("an IP address is needed, e.g. 198.18.0.2");
        }
        if (IPV4.matcher(v).matches()) {
            return Optional.empty();
        }
        if (v.contains(":") && IPV6.matcher(v).matches() && isIpv6(v.split("%", 2)[0])) {
            return Optional.empty();
        }
        return Optional.of("expected an IPv4 address (198.18.0.2) or an IPv6 address (fd00::2)");
    }

    private static boolean isIpv6(String v) {
        try {
            // Only literal syntax is checked here: no name lookup happens for a string with ':'.
            InetAddress a = InetAddress.getByName("[" + v + "]");
            return a instanceof Inet6Address;
        } catch (UnknownHostException | SecurityException e) {
            return false;
        }
    }

    /** An IP address or a DNS name / ssh config alias. */
    public static Optional<String> hostOrAddress(String v) {
        if (v == null || v.isEmpty()) {
            return Optional.of("a host name or IP address is needed");
        }
        if (ipAddress(v).isEmpty()) {
            return Optional.empty();
        }
        if (v.length() > 253 || v.startsWith("-")) {
            return Optional.of("expected a host name (lab-a.example.org) or an IP address");
        }
        for (String label : v.split("\\.", -1)) {
            if (!HOST_LABEL.matcher(label).matches()) {
                return Optional.of("expected a host name (letters, digits, '-' and dots) or an IP address");
            }
        }
        return Optional.empty();
    }

    /** The id of a host or switch in a lab file: a name, never a path. */
    public static Optional<String> nodeId(String v) {
        if (v == null || !NODE_ID.matcher(v).matches()) {
            return Optional.of("expected an id of 1 to 64 letters, digits, '_', '-', '.', ':' or '%', "
                    + "not starting with '-' or '.'");
        }
        return Optional.empty();
    }

    /** A private key file: an absolute path or one under ~/, without control characters. */
    public static Optional<String> identityFile(String v) {
        if (v == null || v.chars().anyMatch(Character::isISOControl) || v.length() > 4096) {
            return Optional.of("a key file path without control characters");
        }
        return v.startsWith("/") || v.startsWith("~/")
                ? Optional.empty()
                : Optional.of(
                        "an absolute path (/home/me/.ssh/id_ed25519) or one starting with ~/, or blank for the agent");
    }

    public static Optional<String> userName(String v) {
        if (v == null || !USER.matcher(v).matches()) {
            return Optional.of("expected a login name: lower-case letters, digits, '_', '-' or '.', at most 32");
        }
        return Optional.empty();
    }

    /** No problem when {@code v} is from {@code min} to {@code max}; else {@code expected}. */
    private static Optional<String> within(double v, double min, double max, String expected) {
        return v >= min && v <= max ? Optional.empty() : Optional.of(expected);
    }

    public static Optional<String> port(int v) {
        return within(v, 1, 65535, "expected a port from 1 to 65535");
    }

    public static Optional<String> mtu(int v) {
        return within(v, 68, 65535, "expected an MTU from 68 to 65535");
    }

    public static Optional<String> durationSeconds(int v) {
        return within(v, 1, 86_400, "expected 1 to 86400 seconds");
    }

    public static Optional<String> intervalSeconds(double v) {
        return within(v, 0.1, 60, "expected 0.1 to 60 seconds");
    }

    public static Optional<String> streams(int v) {
        return within(v, 1, 128, "expected 1 to 128 streams");
    }

    public static Optional<String> processes(int v) {
        return within(v, 1, 64, "expected 1 to 64 processes");
    }

    public static Optional<String> repetitions(int v) {
        return within(v, 1, 100, "expected 1 to 100 repetitions");
    }

    /** A byte size as the tools take it: 128K, 4M, 1.5M, 65536. At most 1 GiB. */
    public static Optional<String> size(String v) {
        if (v == null || !SIZE.matcher(v).matches()) {
            return Optional.of("expected a size such as 65536, 128K, 4M or 1G");
        }
        double bytes = parseScaled(v, 1024);
        return bytes >= 1 && bytes <= (1L << 30) ? Optional.empty() : Optional.of("expected a size from 1 byte to 1G");
    }

    /** A bit rate as the tools take it: 100M, 10G, 1.5G, 0 (unlimited UDP). At most 1 Tbit/s. */
    public static Optional<String> rate(String v) {
        if (v == null || !RATE.matcher(v).matches()) {
            return Optional.of("expected a rate in bits/s such as 100M, 10G or 1.5G");
        }
        double bits = parseScaled(v, 1000);
        return bits <= 1e12 ? Optional.empty() : Optional.of("expected a rate of at most 1T bits/s");
    }

    /** Bytes (base 1024) or bits/s (base 1000) of a value that passed {@link #size} or {@link #rate}. */
    public static double parseScaled(String v, int base) {
        char last = Character.toUpperCase(v.charAt(v.length() - 1));
        double mult = switch (last) {
            case 'K' -> base;
            case 'M' -> (double) base * base;
            case 'G' -> (double) base * base * base;
            case 'T' -> (double) base * base * base * base;
            default -> 1;
        };
        String digits = Character.isDigit(v.charAt(v.length() - 1)) ? v : v.substring(0, v.length() - 1);
        return Double.parseDouble(digits) * mult;
    }

    public static String requireInterfaceName(String field, String v) {
        return require(field, v, interfaceName(v));
    }

    public static String requireIpAddress(String field, String v) {
        return require(field, v, ipAddress(v));
    }

    public static String requireHostOrAddress(String field, String v) {
        return require(field, v, hostOrAddress(v));
    }

    public static String requireUserName(String field, String v) {
        return require(field, v, userName(v));
    }

    public static String requireSize(String field, String v) {
        return require(field, v, size(v));
    }

    public static String requireRate(String field, String v) {
        return require(field, v, rate(v));
    }

    public static int requirePort(String field, int v) {
        require(field, String.valueOf(v), port(v));
        return v;
    }

    public static int requireMtu(String field, int v) {
        require(field, String.valueOf(v), mtu(v));
        return v;
    }

    private static String require(String field, String value, Optional<String> problem) {
        if (problem.isPresent()) {
            throw new InvalidValueException(field, value, problem.get());
        }
        return value;
    }
}
