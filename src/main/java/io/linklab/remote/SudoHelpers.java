package io.linklab.remote;

import java.util.List;

/**
 * The two root-owned helpers a non-root login runs through {@code sudo -n} (installer/linux, README "MTU sweeps as
 * a non-root user"): {@code linklab-mtu IF MTU}, which checks both and sets the MTU, and {@code linklab-kill SIGNAL
 * PIDFILE}, which signals only a group whose leader runs LinkLab's wrapper for that pid file. A sudoers rule names
 * them alone; one for {@code ip link set dev * mtu *} and {@code kill} would grant far more (sudoers' {@code *}
 * matches spaces: {@code … netns 1 mtu 1500}, {@code kill -9 -1}).
 */
public final class SudoHelpers {

    public static final String MTU = "linklab-mtu";
    public static final String KILL = "linklab-kill";
    /** Where the lab and the README install them; the linklab package puts them in /usr/sbin. */
    public static final String DIR = "/usr/local/sbin";

    private SudoHelpers() {}

    /** The command as sudo runs it: an MTU change through {@link #MTU}, anything else as it is. */
    static List<String> forSudo(List<String> argv) {
        if (isMtuChange(argv)) {
            return List.of(MTU, argv.get(4), argv.get(6));
        }
        return argv;
    }

    /** {@code ip link set dev IF mtu N}. */
    static boolean isMtuChange(List<String> argv) {
        return argv.size() == 7
                && argv.subList(0, 4).equals(List.of("ip", "link", "set", "dev"))
                && argv.get(5).equals("mtu");
    }

    /** The sudoers line a non-root login needs for MTU sweeps: the two helpers, nothing else. */
    public static String sudoersLine(String user) {
        return (user == null || user.isBlank() ? "USER" : user) + " ALL=(root) NOPASSWD: " + DIR + "/" + MTU + ", "
                + DIR + "/" + KILL;
    }
}
