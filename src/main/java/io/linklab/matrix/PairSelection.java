package io.linklab.matrix;

/** Which pairs of hosts a matrix tests. */
public enum PairSelection {
    /** Hosts joined by a drawn link, directly or through switches only: one pair per two such hosts. */
    LINKS,
    /** Every ordered pair of hosts: both directions of every two hosts. */
    ALL,
    /** The pairs listed in a file, one "CLIENT SERVER" a line. */
    FILE
}
