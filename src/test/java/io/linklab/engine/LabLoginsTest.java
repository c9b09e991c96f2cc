package io.linklab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.Topology;
import io.linklab.remote.LoginPrompts;
import io.linklab.remote.SshSettings;
import io.linklab.remote.SshTarget;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A lab's host logs in as it is drawn (key file, port, jump host); any other login as it is written. */
public class LabLoginsTest {

    /** h2 is reached only through h1, with a key of its own. */
    public static Topology jumpOnlyLab() {
        HostSpec h1 = new HostSpec(
                "h1",
                "h1",
                "198.18.0.11",
                "root",
                22,
                null,
                null,
                List.of(new InterfaceSpec("data0", "198.19.0.1", 1500, null)),
                0,
                0);
        HostSpec h2 = new HostSpec(
                "h2",
                "h2",
                "198.19.0.2",
                "lab",
                2222,
                "/keys/h2_ed25519",
                "root@198.18.0.11",
                List.of(new InterfaceSpec("data0", "198.19.0.2", 1500, null)),
                0,
                0);
        return new Topology("jump", List.of(h1, h2), List.of(), List.of());
    }

    @Test
    void aLabHostLogsInWithItsOwnKeyFileAndJumpHost() {
        LabLogins logins = new LabLogins(SshSettings.defaults(), LoginPrompts.NONE, jumpOnlyLab());
        assertEquals(
                new SshTarget("lab", "198.19.0.2", 2222, "/keys/h2_ed25519", "root@198.18.0.11"),
                logins.target("lab@198.19.0.2:2222"));
    }

    @Test
    void aLoginOutsideTheLabLogsInAsItIsWritten() {
        LabLogins logins = new LabLogins(SshSettings.defaults(), LoginPrompts.NONE, jumpOnlyLab());
        assertEquals(SshTarget.parse("lab@198.19.0.9"), logins.target("lab@198.19.0.9"));
        assertEquals(
                SshTarget.parse("lab@198.19.0.2:2222"),
                new LabLogins(SshSettings.defaults(), LoginPrompts.NONE).target("lab@198.19.0.2:2222"));
    }
}
