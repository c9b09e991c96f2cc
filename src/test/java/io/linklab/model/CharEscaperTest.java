package io.linklab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CharEscaperTest {

    private static final CharEscaper RULE = c -> switch (c) {
        case 'k' -> null;
        case 'd' -> "";
        default -> "<" + c + ">";
    };

    @Test
    void eachCharacterIsKeptLeftOutOrReplacedAsTheRuleSays() {
        assertEquals("k<x>k<y>", RULE.apply("kxdkyd"));
    }

    @Test
    void nullIsTheEmptyText() {
        assertEquals("", RULE.apply(null));
        assertEquals("", RULE.apply(""));
    }
}
