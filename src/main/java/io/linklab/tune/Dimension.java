package io.linklab.tune;

import io.linklab.model.InvalidValueException;
import java.util.EnumSet;
import java.util.Set;

/** A setting the tuner may change: what `--vary` lists. */
public enum Dimension {
    TOOL,
    PROCESSES,
    STREAMS,
    PINNING,
    WINDOW,
    /** Only when the user allows MTU changes: the run's MTU transaction restores both ends. */
    MTU;

    /** The name users type. */
    public String id() {
        return name().toLowerCase();
    }

    /**
     * "tool,processes,streams": the dimensions named, in any order.
     *
     * @throws InvalidValueException naming {@code field} and the names it knows
     */
    public static Set<Dimension> parseList(String field, String text) {
        Set<Dimension> out = EnumSet.noneOf(Dimension.class);
        if (text == null || text.isBlank()) {
            throw new InvalidValueException(
                    field, text, "name at least one of tool,processes,streams,pinning,window,mtu");
        }
        for (String part : text.split(",", -1)) {
            String name = part.trim().toLowerCase();
            Dimension found = null;
            for (Dimension d : values()) {
                if (d.id().equals(name)) {
                    found = d;
                }
            }
            if (found == null) {
                throw new InvalidValueException(
                        field,
                        text,
                        "'" + part.trim()
                                + "' is not a dimension; use tool, processes, streams, pinning, window or mtu");
            }
            out.add(found);
        }
        return out;
    }
}
