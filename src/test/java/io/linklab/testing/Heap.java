package io.linklab.testing;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;

/** The heap a test's JVM holds, for tests that bound what a piece of the program keeps. */
public final class Heap {

    private Heap() {}

    /**
     * Bytes the heap held at the end of a full collection, read from each heap pool's usage after its last
     * collection. Runtime's total less free memory, read right after System.gc, also counts what other threads
     * (the FX thread rendering at each pulse) allocated once the collection had ended: the matrix view's test read
     * 24 and 71 MB for the matrix in two runs on an idle machine that way, and from -59 to 219 MB in full runs,
     * where jcmd GC.class_histogram before and after found 24 MB of live objects added each time (as this does).
     */
    public static long usedAfterGc() {
        System.gc();
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage afterGc = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            if (afterGc != null) {
                used += afterGc.getUsed();
            }
        }
        return used;
    }
}
