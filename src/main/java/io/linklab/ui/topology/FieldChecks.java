package io.linklab.ui.topology;

import io.linklab.model.Expectation;
import io.linklab.model.HostSpec;
import io.linklab.model.Validators;
import io.linklab.remote.SshTarget;
import java.util.Optional;
import java.util.regex.Pattern;

/** Checks of the editor's fields that go beyond {@link Validators}: optional values, numbers as typed. */
public final class FieldChecks {

    private static final Pattern SPEED = Pattern.compile("[A-Za-z0-9 .+/]{1,24}");
    private static final Pattern NAME = Pattern.compile("[^\\p{Cntrl}]{1,64}");

    private FieldChecks() {}

    public static Optional<String> name(String v) {
        if (v.isEmpty()) {
            return Optional.of("a name is needed");
        }
        return NAME.matcher(v).matches()
                ? Optional.empty()
                : Optional.of("at most 64 characters, no control characters");
    }

    public static Optional<String> managementAddress(String v) {
        if (HostSpec.LOCAL.equals(v)) {
            return Optional.empty();
        }
        if (v.isEmpty()) {
            return Optional.of("where SSH reaches the host: an address, a name, an ~/.ssh/config alias, or 'local'");
        }
        return Validators.hostOrAddress(v);
    }

    public static Optional<String> optionalUser(String v) {
        return v.isEmpty() ? Optional.empty() : Validators.userName(v);
    }

    public static Optional<String> port(String v) {
        return integer(v, 1, 65535, "expected a port from 1 to 65535");
    }

    public static Optional<String> optionalMtu(String v) {
        // 65536 is what the loopback interface reports; no other interface goes above 65535.
        return v.isEmpty() ? Optional.empty() : integer(v, 68, 65536, "expected an MTU from 68 to 65535, or blank");
    }

    public static Optional<String> optionalAddress(String v) {
        return v.isEmpty() ? Optional.empty() : Validators.ipAddress(v);
    }

    public static Optional<String> optionalSpeed(String v) {
        return v.isEmpty() || SPEED.matcher(v).matches()
                ? Optional.empty()
                : Optional.of("a speed such as 10G, 25G, 100G or IB EDR");
    }

    /** A link's expected rate as --expect takes it (90G, 90%); blank for the default, 90 % of its speed. */
    public static Optional<String> optionalExpect(String v) {
        return v.isEmpty() ? Optional.empty() : Expectation.problem(v);
    }

    public static Optional<String> keyFile(String v) {
        return v.isEmpty() ? Optional.empty() : Validators.identityFile(v);
    }

    /** ProxyJump: [user@]host[:port], blank for a direct connection. */
    public static Optional<String> optionalJump(String v) {
        if (v.isEmpty()) {
            return Optional.empty();
        }
        return SshTarget.problem(v).map(p -> "expected [user@]host[:port]: " + p);
    }

    public static Optional<String> integer(String v, int min, int max, String expected) {
        try {
            int n = Integer.parseInt(v);
            return n >= min && n <= max ? Optional.empty() : Optional.of(expected);
        } catch (NumberFormatException e) {
            return Optional.of(expected);
        }
    }

    public static int parseInt(String v, int blank) {
        return v.isEmpty() ? blank : Integer.parseInt(v);
    }
}
