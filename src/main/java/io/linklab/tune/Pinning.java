package io.linklab.tune;

/** Where a probe's processes run: the scheduler's choice, one core each, or the cores of the NIC's NUMA node. */
public enum Pinning {
    NONE("none"),
    SPREAD("spread"),
    NUMA("numa");

    private final String id;

    Pinning(String id) {
        this.id = id;
    }

    /** The name in tune.csv and on the command line. */
    public String id() {
        return id;
    }

    /** The pinning named {@code id} as {@link #id()} writes it. */
    public static Pinning fromId(String id) {
        for (Pinning p : values()) {
            if (p.id.equals(id)) {
                return p;
            }
        }
        throw new IllegalArgumentException("'" + id + "' is not a pinning; use none, spread or numa");
    }
}
