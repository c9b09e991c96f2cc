package io.linklab.model;

/**
 * A test (data) interface of a host.
 *
 * @param address IPv4/IPv6 address without prefix length, or null
 * @param mtu     expected MTU, 0 when not stated
 * @param speed   nominal speed as the engineer writes it ("10G", "100G", "IB EDR"), or null
 */
public record InterfaceSpec(String name, String address, int mtu, String speed) {}
