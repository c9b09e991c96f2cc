package io.linklab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ValidatorsTest {

    @ParameterizedTest
    @ValueSource(strings = {"eth0", "ens1f0np0", "ib0", "bond0.100", "data0", "enp65s0f1", "lo"})
    void acceptsRealInterfaceNames(String name) {
        assertTrue(Validators.interfaceName(name).isEmpty(), name);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "eth0;reboot",
                "$(reboot)",
                "`id`",
                "eth0\nreboot",
                "-eth0",
                "a b",
                "eth0/1",
                "averyveryverylongname",
                "",
                "..",
                "eth0&&id",
                "eth0|x",
                "eth0'",
                "eth0\""
            })
    void refusesHostileOrImpossibleInterfaceNames(String name) {
        assertTrue(Validators.interfaceName(name).isPresent(), name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"198.18.0.1", "10.0.0.255", "::1", "fd00::2", "fe80::1%eth0"})
    void acceptsAddresses(String a) {
        assertTrue(Validators.ipAddress(a).isEmpty(), a);
    }

    @ParameterizedTest
    @ValueSource(strings = {"256.1.1.1", "1.2.3", "1.2.3.4;id", "::g", "$(id)", "1.2.3.4 ", "01.2.3.4x"})
    void refusesBadAddresses(String a) {
        assertTrue(Validators.ipAddress(a).isPresent(), a);
    }

    @ParameterizedTest
    @ValueSource(strings = {"lab-a", "lab-a.example.org", "h1", "198.18.0.11"})
    void acceptsHostNames(String h) {
        assertTrue(Validators.hostOrAddress(h).isEmpty(), h);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-oProxyCommand=x", "host;id", "a..b", "a_b", "host name", "h`id`"})
    void refusesBadHostNames(String h) {
        assertTrue(Validators.hostOrAddress(h).isPresent(), h);
    }

    @ParameterizedTest
    @ValueSource(strings = {"128K", "4M", "1.5M", "65536", "1G"})
    void acceptsSizes(String s) {
        assertTrue(Validators.size(s).isEmpty(), s);
    }

    @ParameterizedTest
    @ValueSource(strings = {"4MB", "-1", "2G", "1e9", "4M;id", "0"})
    void refusesBadSizes(String s) {
        assertTrue(Validators.size(s).isPresent(), s);
    }

    @ParameterizedTest
    @ValueSource(strings = {"100M", "10G", "1.5G", "0", "800K"})
    void acceptsRates(String s) {
        assertTrue(Validators.rate(s).isEmpty(), s);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2T", "99999999999G", "10Gbps", "fast"})
    void refusesBadRates(String s) {
        assertTrue(Validators.rate(s).isPresent(), s);
    }

    @Test
    void numbersHaveBounds() {
        assertTrue(Validators.port(0).isPresent());
        assertTrue(Validators.port(65536).isPresent());
        assertTrue(Validators.port(5201).isEmpty());
        assertTrue(Validators.mtu(67).isPresent());
        assertTrue(Validators.mtu(9000).isEmpty());
        assertTrue(Validators.streams(129).isPresent());
        assertTrue(Validators.durationSeconds(0).isPresent());
    }

    @Test
    void errorsNameTheFieldAndShowControlCharacters() {
        InvalidValueException e = assertThrows(
                InvalidValueException.class, () -> Validators.requireInterfaceName("--client-if", "eth0\nreboot"));
        assertEquals("--client-if", e.field());
        assertTrue(e.getMessage().startsWith("--client-if: 'eth0\\x0areboot' is not valid"), e.getMessage());
    }

    @Test
    void scalesSizesInPowersOf1024AndRatesInPowersOf1000() {
        assertEquals(4 * 1024 * 1024, Validators.parseScaled("4M", 1024));
        assertEquals(10e9, Validators.parseScaled("10G", 1000));
    }
}
