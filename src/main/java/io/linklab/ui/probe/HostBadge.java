package io.linklab.ui.probe;

/** What the last probe of a host found, as one badge on the canvas and in the status bar. */
public enum HostBadge {
    NOT_PROBED("not probed", "badge-unknown"),
    PROBING("probing…", "badge-probing"),
    /** Reachable, login ok, a tool found, interfaces as the topology says. */
    READY("ready", "badge-ready"),
    /** Reachable and logged in, but something differs: a tool missing, an MTU or speed not as drawn. */
    WARNING("check", "badge-warning"),
    /** Not reachable, login refused, or host key refused. */
    FAILED("failed", "badge-failed");

    private final String text;
    private final String styleClass;

    HostBadge(String text, String styleClass) {
        this.text = text;
        this.styleClass = styleClass;
    }

    public String text() {
        return text;
    }

    public String styleClass() {
        return styleClass;
    }
}
