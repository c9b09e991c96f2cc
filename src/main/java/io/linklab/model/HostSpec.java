package io.linklab.model;

import java.util.List;

/**
 * A Linux host of the lab.
 *
 * @param managementAddress where SSH reaches it (address, name or ~/.ssh/config alias), or {@link #LOCAL}
 * @param sshUser           login name; null means the ssh config's or the current user's
 * @param identityFile      private key path; null means agent / ssh config / default keys
 * @param jumpHost          ProxyJump spec, null for direct
 * @param x                 canvas position
 */
public record HostSpec(
        String id,
        String name,
        String managementAddress,
        String sshUser,
        int sshPort,
        String identityFile,
        String jumpHost,
        List<InterfaceSpec> interfaces,
        double x,
        double y) {

    /** Management address meaning "this machine, through plain local processes". */
    public static final String LOCAL = "local";

    public HostSpec {
        interfaces = List.copyOf(interfaces);
    }

    public boolean isLocal() {
        return LOCAL.equals(managementAddress);
    }

    /** user@host:port as the CLI and plan files spell it, or "local". */
    public String login() {
        if (isLocal()) {
            return LOCAL;
        }
        String user = sshUser == null || sshUser.isBlank() ? "" : sshUser + "@";
        String port = sshPort == 22 || sshPort == 0 ? "" : ":" + sshPort;
        // An IPv6 address before a port is bracketed, or its last group would read as the port.
        String host =
                !port.isEmpty() && managementAddress.contains(":") ? "[" + managementAddress + "]" : managementAddress;
        return user + host + port;
    }

    /** This host at another place on the canvas. */
    public HostSpec at(double newX, double newY) {
        return copy(id, name, interfaces, newX, newY);
    }

    /** This host with other interfaces. */
    public HostSpec withInterfaces(List<InterfaceSpec> newInterfaces) {
        return copy(id, name, newInterfaces, x, y);
    }

    /** This host under another id and name, as a pasted copy is; how it is reached stays. */
    public HostSpec renamed(String newId, String newName) {
        return copy(newId, newName, interfaces, x, y);
    }

    private HostSpec copy(String newId, String newName, List<InterfaceSpec> newInterfaces, double newX, double newY) {
        return new HostSpec(
                newId, newName, managementAddress, sshUser, sshPort, identityFile, jumpHost, newInterfaces, newX, newY);
    }
}
