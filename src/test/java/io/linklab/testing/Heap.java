package io.linklab.testing;

/** The heap a test's JVM holds, for tests that bound what a piece of the program keeps. */
public final class Heap {

    private Heap() {}

    /**
     * Bytes in use once garbage is collected: the lowest reading after each of three collections. One is not
     * enough: what an earlier test left to a finalizer or a Cleaner (a closed window's resources) goes only in a
     * later collection, and System.gc is a request. In full runs a single reading varied by 200 MB either way.
     */
    public static long usedAfterGc() {
        Runtime rt = Runtime.getRuntime();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            used = Math.min(used, rt.totalMemory() - rt.freeMemory());
        }
        return used;
    }
}
