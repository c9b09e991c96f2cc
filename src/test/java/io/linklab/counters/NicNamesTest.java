package io.linklab.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class NicNamesTest {

    private static final Map<String, Long> KERNEL = Map.of(
            "rx_bytes",
            1L,
            "tx_bytes",
            2L,
            "rx_packets",
            3L,
            "tx_packets",
            4L,
            "rx_dropped",
            5L,
            "rx_missed_errors",
            6L,
            "rx_errors",
            7L);

    @Test
    void mlx5PhysicalPortCountersWinOverTheKernels() {
        Map<String, Long> c = NicNames.canonical(
                Map.of(
                        "rx_bytes_phy",
                        100L,
                        "rx_bytes",
                        90L,
                        "rx_out_of_buffer",
                        11L,
                        "rx_discards_phy",
                        12L,
                        "rx_pause_ctrl_phy",
                        13L,
                        "tx_pause_ctrl_phy",
                        14L),
                KERNEL);
        assertEquals(100L, c.get("rx_bytes"));
        assertEquals(11L, c.get("rx_missed"));
        assertEquals(12L, c.get("rx_dropped"));
        assertEquals(13L, c.get("rx_pause"));
        assertEquals(14L, c.get("tx_pause"));
        assertEquals(2L, c.get("tx_bytes"), "not in this ethtool output: the kernel's");
    }

    @Test
    void intelAndBroadcomNames() {
        assertEquals(
                21L,
                NicNames.canonical(Map.of("port.link_xoff_rx", 21L), KERNEL).get("rx_pause"),
                "i40e");
        assertEquals(
                22L, NicNames.canonical(Map.of("link_xoff_tx.nic", 22L), KERNEL).get("tx_pause"), "ice");
        assertEquals(
                23L, NicNames.canonical(Map.of("rx_missed_errors", 23L), KERNEL).get("rx_missed"), "ixgbe");
        assertEquals(
                24L, NicNames.canonical(Map.of("rx_pause_frames", 24L), KERNEL).get("rx_pause"), "bnxt");
    }

    @Test
    void virtioQueuesAreSummedAndPauseIsNotReportedWithoutIt() {
        Map<String, Long> c = NicNames.canonical(
                Map.of("rx_queue_0_bytes", 10L, "rx_queue_1_bytes", 5L, "rx_queue_0_drops", 1L, "rx_queue_1_drops", 2L),
                KERNEL);
        assertEquals(15L, c.get("rx_bytes"));
        assertEquals(3L, c.get("rx_dropped"));
        assertFalse(c.containsKey("rx_pause"), "IPoIB, veth, virtio: no pause counter means not reported");
    }

    @Test
    void keepsTheDriversLossCountersUnderTheirOwnNamesButNotPerQueue() {
        Map<String, Long> kept = NicNames.kept(Map.of(
                "rx_out_of_buffer",
                1L,
                "rx_bytes_phy",
                2L,
                "rx3_cqe_err",
                3L,
                "rx_queue_0_drops",
                4L,
                "port.link_xoff_rx",
                5L));
        assertEquals(Map.of("ethtool.rx_out_of_buffer", 1L, "ethtool.port.link_xoff_rx", 5L), kept);
        assertTrue(NicNames.CANONICAL.contains("rx_missed"));
    }
}
