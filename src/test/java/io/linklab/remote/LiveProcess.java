package io.linklab.remote;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A live process of this machine as /proc shows it, for the tests that check what is left running: not a zombie,
 * and not one already dying. A process sent SIGKILL (a wrapper's watchdog, killed with its group as the command's
 * end is reported) is in /proc until the kernel has scheduled its exit, which on a loaded machine takes a moment
 * after the kill returned; nothing can stop it any more, so it is not left running.
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
                    if (!f[0].equals("Z") && !dying(f, d)) {
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

    /** Flag of /proc/PID/stat's field 9: the process is in its exit (include/linux/sched.h). */
    private static final long PF_EXITING = 0x4;

    /** Exiting already, or with SIGKILL pending (bit 8 of the pending-signal masks in /proc/PID/status). */
    private static boolean dying(String[] statAfterComm, Path proc) throws IOException {
        if ((Long.parseLong(statAfterComm[6]) & PF_EXITING) != 0) {
            return true;
        }
        for (String line : Files.readAllLines(proc.resolve("status"))) {
            if (line.startsWith("SigPnd:") || line.startsWith("ShdPnd:")) {
                long pending = Long.parseUnsignedLong(line.substring(7).trim(), 16);
                if ((pending & (1L << 8)) != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return pid + " " + cmdline;
    }
}
