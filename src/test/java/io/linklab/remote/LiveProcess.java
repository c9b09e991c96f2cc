package io.linklab.remote;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A live (not zombie) process of this machine as /proc shows it, for the tests that check what is left running.
 *
 * @param cmdline its arguments joined by spaces
 */
record LiveProcess(String pid, long pgid, String cmdline) {

    static List<LiveProcess> all() throws IOException {
        List<LiveProcess> found = new ArrayList<>();
        try (var dirs = Files.list(Path.of("/proc"))) {
            for (Path d :
                    dirs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String stat = Files.readString(d.resolve("stat"));
                    // after "pid (comm) ": state, ppid, pgrp, ...
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    if (!f[0].equals("Z")) {
                        found.add(new LiveProcess(
                                d.getFileName().toString(),
                                Long.parseLong(f[2]),
                                Files.readString(d.resolve("cmdline")).replace('\0', ' ')));
                    }
                } catch (IOException gone) {
                    // exited while we looked
                }
            }
        }
        return found;
    }

    @Override
    public String toString() {
        return pid + " " + cmdline;
    }
}
