package io.linklab.counters;

/**
 * What the counters and the tool's numbers say about why a link reached what it reached.
 *
 * @param point    the sweep point, "" outside sweeps
 * @param severity "warning" (a limit was hit or something is wrong) or "info"
 * @param end      "client", "server" or "" (both, or the link)
 * @param code     a stable name scripts can match ("cpu-bound-one-core", "receiver-drops"…)
 * @param message  one sentence for the user, naming the number that triggered it
 * @param evidence the numbers it was decided on, "name=value; …"
 */
public record Finding(String point, String severity, String end, String code, String message, String evidence) {

    public static final String WARNING = "warning";
    public static final String INFO = "info";

    public Finding withPoint(String p) {
        return new Finding(p, severity, end, code, message, evidence);
    }
}
