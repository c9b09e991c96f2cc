package io.linklab.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The concrete hosts of an OpenSSH client config (~/.ssh/config), for importing into a topology.
 * Wildcard patterns ("Host *", "Host lab-*") are settings, not hosts, and are skipped; their
 * values are left for SSH to apply at connect time. Match blocks are skipped for the same reason.
 */
public final class SshConfigHosts {

    /**
     * One {@code Host} alias and what its own block says.
     *
     * @param hostName the HostName, or null when the alias itself is the address
     * @param port     0 when not stated
     */
    public record Entry(String alias, String hostName, String user, int port, String identityFile, String proxyJump) {

        /** What SSH connects to: the HostName if given, else the alias. */
        public String address() {
            return hostName != null ? hostName : alias;
        }
    }

    private SshConfigHosts() {}

    public static List<Entry> read(Path config) throws IOException {
        return parse(Files.readAllLines(config, StandardCharsets.UTF_8));
    }

    static List<Entry> parse(List<String> lines) {
        Map<String, Map<String, String>> blocks = new LinkedHashMap<>();
        List<Map<String, String>> current = new ArrayList<>();
        for (String raw : lines) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] kv = line.split("\\s*=\\s*|\\s+", 2);
            String key = kv[0].toLowerCase(Locale.ROOT);
            String value = kv.length > 1 ? unquote(kv[1].strip()) : "";
            if (key.equals("host")) {
                current = new ArrayList<>();
                for (String alias : value.split("\\s+")) {
                    if (!alias.isEmpty() && !alias.contains("*") && !alias.contains("?") && !alias.startsWith("!")) {
                        current.add(blocks.computeIfAbsent(alias, a -> new LinkedHashMap<>()));
                    }
                }
            } else if (key.equals("match")) {
                current = new ArrayList<>();
            } else {
                for (Map<String, String> block : current) {
                    block.putIfAbsent(key, value); // ssh uses the first value it finds
                }
            }
        }
        List<Entry> entries = new ArrayList<>();
        blocks.forEach((alias, m) -> entries.add(new Entry(
                alias,
                m.get("hostname"),
                m.get("user"),
                port(m.get("port")),
                identity(m.get("identityfile")),
                m.get("proxyjump"))));
        return entries;
    }

    private static int port(String v) {
        try {
            return v == null ? 0 : Integer.parseInt(v);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static String identity(String v) {
        if (v == null) {
            return null;
        }
        if (v.startsWith("~/")) {
            return Path.of(System.getProperty("user.home"), v.substring(2)).toString();
        }
        return v;
    }

    private static String unquote(String v) {
        return v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"") ? v.substring(1, v.length() - 1) : v;
    }
}
