package io.linklab.remote;

import java.util.Locale;
import java.util.Map;

/**
 * How to install a program LinkLab needs on a host: the one table of its packages and of each distribution's
 * install command, for the probe's "missing" lines, the preflight's refusals and the tool drivers.
 */
public final class InstallCommands {

    /** Programs whose (Debian) package has another name; the others are packaged under their own name. */
    private static final Map<String, String> PACKAGE_OF = Map.of(
            "netserver", "netperf",
            "taskset", "util-linux",
            "ping", "iputils-ping");
    /** Where Red Hat's family names a package otherwise than Debian's. */
    private static final Map<String, String> RPM_NAME = Map.of("iputils-ping", "iputils");

    private InstallCommands() {}

    /** The (Debian) package that holds {@code program}. */
    public static String packageOf(String program) {
        return PACKAGE_OF.getOrDefault(program, program);
    }

    /** How to install {@code program} when the host's distribution is not known. */
    public static String anyDistribution(String program) {
        String pkg = packageOf(program);
        return "apt-get install " + pkg + " or dnf install " + RPM_NAME.getOrDefault(pkg, pkg);
    }

    /** How to install {@code program}'s package on a distribution (os-release ID and ID_LIKE). */
    public static String forDistribution(String program, String osId, String osLike, boolean root) {
        String pkg = packageOf(program);
        String family = ((osId == null ? "" : osId) + " " + (osLike == null ? "" : osLike)).toLowerCase(Locale.ROOT);
        String sudo = root ? "" : "sudo ";
        // RHEL and its rebuilds ship iperf (2) and netperf only in EPEL; Fedora has them itself.
        boolean epel = (pkg.equals("iperf") || pkg.equals("netperf")) && !"fedora".equals(osId);
        if (family.matches(".*\\b(debian|ubuntu)\\b.*")) {
            String where = !pkg.equals("netperf")
                    ? ""
                    : family.contains("ubuntu")
                            ? "  # netperf is in Ubuntu's multiverse component"
                            : "  # netperf is in Debian's non-free component: enable it in the apt sources first";
            return sudo + "apt-get install -y " + pkg + where;
        }
        if (family.matches(".*\\b(rhel|centos|fedora|rocky|almalinux|ol)\\b.*")) {
            pkg = RPM_NAME.getOrDefault(pkg, pkg);
            return epel
                    ? sudo + "dnf install -y epel-release && " + sudo + "dnf install -y " + pkg
                    : sudo + "dnf install -y " + pkg;
        }
        if (family.matches(".*\\b(suse|opensuse|sles|opensuse-leap|opensuse-tumbleweed)\\b.*")) {
            return sudo + "zypper install -y " + pkg;
        }
        if (family.matches(".*\\barch\\b.*")) {
            return pkg.equals("netperf")
                    ? "install netperf from the AUR (e.g. yay -S netperf)"
                    : sudo + "pacman -S --noconfirm " + pkg;
        }
        if (family.matches(".*\\balpine\\b.*")) {
            return sudo + "apk add " + pkg;
        }
        return "install the " + pkg + " package with the distribution's package manager";
    }
}
