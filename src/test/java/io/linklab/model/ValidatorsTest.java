package io.linklab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ValidatorsTest {

    /** A check, with values it accepts and values it refuses. */
    private record Check(
            String name, Function<String, Optional<String>> problem, List<String> accepted, List<String> refused) {}

    private static final List<Check> CHECKS = List.of(
            new Check(
                    "interface name",
                    Validators::interfaceName,
                    List.of("eth0", "ens1f0np0", "ib0", "bond0.100", "data0", "enp65s0f1", "lo"),
                    List.of(
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
                            "eth0\"")),
            new Check(
                    "address",
                    Validators::ipAddress,
                    List.of("198.18.0.1", "10.0.0.255", "::1", "fd00::2", "fe80::1%eth0"),
                    List.of("256.1.1.1", "1.2.3", "1.2.3.4;id", "::g", "$(id)", "1.2.3.4 ", "01.2.3.4x")),
            new Check(
                    "host name",
                    Validators::hostOrAddress,
                    List.of("lab-a", "lab-a.example.org", "h1", "198.18.0.11"),
                    List.of("-oProxyCommand=x", "host;id", "a..b", "a_b", "host name", "h`id`")),
            new Check(
                    "size",
                    Validators::size,
                    List.of("128K", "4M", "1.5M", "65536", "1G"),
                    List.of("4MB", "-1", "2G", "1e9", "4M;id", "0")),
            new Check(
                    "rate",
                    Validators::rate,
                    List.of("100M", "10G", "1.5G", "0", "800K"),
                    List.of("2T", "99999999999G", "10Gbps", "fast")));

    static Stream<Arguments> values() {
        return CHECKS.stream()
                .flatMap(c -> Stream.concat(
                        c.accepted().stream().map(v -> Arguments.of(c.name(), c.problem(), v, true)),
                        c.refused().stream().map(v -> Arguments.of(c.name(), c.problem(), v, false))));
    }

    @ParameterizedTest(name = "{0} ''{2}'' accepted: {3}")
    @MethodSource("values")
    void acceptsRealValuesAndRefusesHostileOrImpossibleOnes(
            String check, Function<String, Optional<String>> problem, String value, boolean accepted) {
        assertEquals(accepted, problem.apply(value).isEmpty(), check + " '" + value + "'");
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
