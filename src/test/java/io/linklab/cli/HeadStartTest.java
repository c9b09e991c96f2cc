package io.linklab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HeadStartTest {

    @Test
    void startsOnlyForCommandsThatConnect() throws InterruptedException {
        assertNull(HeadStart.beginFor(new String[0], false));
        assertNull(HeadStart.beginFor(new String[] {"--version"}, false));
        assertNull(HeadStart.beginFor(new String[] {"import", "log.txt"}, false));
        assertNull(HeadStart.beginFor(new String[] {"test", "--help"}, false));
        assertNull(HeadStart.beginFor(new String[] {"test", "--plan", "p.json", "--dry-run"}, false));
        Thread t = HeadStart.beginFor(new String[] {"test", "--client", "a", "--server", "b", "--target", "c"}, false);
        assertNotNull(t);
        assertEquals("linklab-head-start", t.getName());
        assertTrue(t.isDaemon(), "it must never keep a finished command's JVM alive");
        t.join(60_000);
        assertFalse(t.isAlive());
    }

    @Test
    void doesAllOfItsWorkOnThisRuntime() {
        // every algorithm a login uses and every listed class is there: the head start is not silently empty
        assertTrue(HeadStart.work());
    }
}
