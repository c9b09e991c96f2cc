package io.linklab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BoundedLinesTest {

    @Test
    void keepsEverythingThatFits() {
        BoundedLines l = new BoundedLines(100);
        l.line("first");
        l.line("second");
        assertEquals("first\nsecond\n", l.text());
        assertEquals(0, l.droppedLines());
    }

    @Test
    void keepsTheHeadAndTheTailAndSaysWhatWasLeftOut() {
        BoundedLines l = new BoundedLines(40);
        for (int i = 0; i < 1000; i++) {
            l.line("line " + i);
        }
        String text = l.text();
        assertTrue(text.startsWith("line 0\nline 1\n"), text);
        assertTrue(text.endsWith("line 998\nline 999\n"), text);
        long dropped = l.droppedLines();
        assertTrue(dropped > 990, text);
        assertTrue(text.contains("[... " + dropped + " lines ("), text);
        // the kept lines stay within the bound; the note on what was left out comes on top
        String kept = text.replaceAll("\\[\\.\\.\\. .* left out \\.\\.\\.]\n", "");
        assertTrue(kept.length() <= 40, kept);
        assertEquals(1000 - dropped, kept.lines().count());
    }

    @Test
    void anOverlongLineIsCutToTheRoom() {
        BoundedLines l = new BoundedLines(20);
        l.line("x".repeat(1000));
        l.line("last");
        assertTrue(l.text().length() < 60, l.text());
        assertEquals("last", l.lastNonBlank());
    }

    @Test
    void theLastNonBlankLineComesFromTheTailOrTheHead() {
        BoundedLines l = new BoundedLines(1000);
        assertTrue(l.isEmpty());
        assertEquals("", l.lastNonBlank());
        l.line("  error: it broke  ");
        l.line("");
        assertEquals("error: it broke", l.lastNonBlank());
    }
}
