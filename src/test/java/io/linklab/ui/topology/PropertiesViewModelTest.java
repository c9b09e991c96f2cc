package io.linklab.ui.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linklab.model.Topology;
import io.linklab.ui.tasks.TaskRunner;
import java.util.List;
import org.junit.jupiter.api.Test;

class PropertiesViewModelTest {

    private final TopologyEditorViewModel editor =
            new TopologyEditorViewModel(new Topology("lab", List.of(), List.of(), List.of()), TaskRunner.sameThread());
    private final PropertiesViewModel vm = new PropertiesViewModel(editor);

    @Test
    void anInvalidAddressIsMarkedAndNotApplied() {
        String h = editor.addHost(0, 0);
        PropertiesViewModel.HostForm form = assertInstanceOf(PropertiesViewModel.HostForm.class, vm.form());
        var before = editor.topology();
        form.interfaces().get(0).address().set("10.0.0.999");
        assertFalse(form.interfaces().get(0).address().isValid());
        assertTrue(form.interfaces().get(0).address().errorProperty().get().contains("IPv4"));
        assertFalse(form.commit());
        assertEquals(before, editor.topology());
        assertEquals(h, editor.selection().iterator().next());
    }

    @Test
    void aValidFormIsOneUndoableEdit() {
        String h = editor.addHost(0, 0);
        PropertiesViewModel.HostForm form = (PropertiesViewModel.HostForm) vm.form();
        form.name.set("lab-a");
        form.address.set("198.18.4.11");
        form.user.set("root");
        form.interfaces().get(0).address().set("198.19.4.1");
        form.interfaces().get(0).mtu().set("9000");
        form.interfaces().get(0).speed().set("100G");
        int depth = editor.history().undoDepth();
        assertTrue(form.commit());
        assertEquals(depth + 1, editor.history().undoDepth());
        var host = editor.topology().host(h).orElseThrow();
        assertEquals("root@198.18.4.11", host.login());
        assertEquals(9000, host.interfaces().get(0).mtu());
        editor.undo();
        assertEquals("host1", editor.topology().host(h).orElseThrow().name());
    }

    @Test
    void renamingAnInterfaceKeepsItsLink() {
        String a = editor.addHost(0, 0);
        String b = editor.addHost(300, 0);
        editor.connect(a, b);
        editor.select(a, false);
        PropertiesViewModel.HostForm form = (PropertiesViewModel.HostForm) vm.form();
        form.interfaces().get(0).name().set("ens1f0np0");
        assertTrue(form.commit());
        assertEquals("ens1f0np0", editor.topology().links().get(0).a().iface());
    }

    @Test
    void duplicateNamesAndBadPortsAreRefusedWithAReason() {
        editor.addHost(0, 0);
        editor.addHost(300, 0);
        PropertiesViewModel.HostForm form = (PropertiesViewModel.HostForm) vm.form();
        form.name.set("host1");
        assertEquals(
                "another node is already called 'host1'",
                form.name.errorProperty().get());
        form.port.set("70000");
        assertFalse(form.port.isValid());
        form.jump.set("bastion:22");
        assertTrue(form.jump.isValid());
        form.jump.set("bastion;rm");
        assertFalse(form.jump.isValid());
    }

    @Test
    void linkEndsMustBeInterfacesOfTheirHosts() {
        String a = editor.addHost(0, 0);
        String b = editor.addHost(300, 0);
        editor.connect(a, b);
        PropertiesViewModel.LinkForm form = assertInstanceOf(PropertiesViewModel.LinkForm.class, vm.form());
        form.endA.set("eth7");
        assertTrue(form.endA.errorProperty().get().contains("no interface 'eth7'"));
        form.endA.set("eth0");
        form.speed.set("100G");
        assertTrue(form.commit());
        assertEquals("100G", editor.topology().links().get(0).nominalSpeed());
    }
}
