package io.linklab.ui.topology;

import io.linklab.model.HostSpec;
import io.linklab.model.InterfaceSpec;
import io.linklab.model.LinkSpec;
import io.linklab.model.SwitchSpec;
import io.linklab.model.Topology;
import io.linklab.model.Validators;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The property panel's forms for the selected host, switch, link, or the topology itself.
 * Fields keep what the user typed; {@link Form#commit()} turns a valid form into one undoable
 * edit and leaves an invalid one marked and uncommitted.
 */
public final class PropertiesViewModel {

    /** Common nominal speeds offered in the speed pickers; anything else may be typed. */
    public static final List<String> SPEEDS = List.of(
            "1G", "10G", "25G", "40G", "50G", "100G", "200G", "400G", "IB SDR", "IB DDR", "IB QDR", "IB FDR", "IB EDR",
            "IB HDR", "IB NDR");

    private final TopologyEditorViewModel editor;
    private final ReadOnlyObjectWrapper<Form> form = new ReadOnlyObjectWrapper<>();

    public PropertiesViewModel(TopologyEditorViewModel editor) {
        this.editor = editor;
        editor.selectionProperty().addListener(o -> refresh());
        editor.history().topologyProperty().addListener(o -> refresh());
        refresh();
    }

    /** The form for the current selection; replaced when the selection, or the selected item, changes. */
    public ReadOnlyObjectProperty<Form> formProperty() {
        return form.getReadOnlyProperty();
    }

    public Form form() {
        return form.get();
    }

    /** Throws away what was typed: a fresh form of the item as it is now. */
    public void discardTyping() {
        refresh(true);
    }

    private void refresh() {
        refresh(false);
    }

    private void refresh(boolean force) {
        Optional<Object> item = editor.selectedItem();
        Object subject =
                item.orElse(editor.selection().isEmpty() ? editor.topology().name() : editor.selection());
        Form current = form.get();
        if (!force && current != null && Objects.equals(current.subject(), subject)) {
            return; // same thing selected and unchanged: keep what the user is typing
        }
        if (item.isPresent() && item.get() instanceof HostSpec h) {
            form.set(new HostForm(h));
        } else if (item.isPresent() && item.get() instanceof SwitchSpec s) {
            form.set(new SwitchForm(s));
        } else if (item.isPresent() && item.get() instanceof LinkSpec l) {
            form.set(new LinkForm(l));
        } else if (editor.selection().isEmpty()) {
            form.set(new TopologyForm(editor.topology().name()));
        } else {
            form.set(new MultipleForm(editor.selection()));
        }
    }

    /** A form over one subject; {@code subject()} is the record it was loaded from. */
    public sealed interface Form permits HostForm, SwitchForm, LinkForm, TopologyForm, MultipleForm {
        Object subject();

        String title();

        /** Every field of the form, in display order. */
        List<FieldModel> fields();

        default boolean isValid() {
            return fields().stream().allMatch(FieldModel::isValid);
        }

        /** Applies the fields as one edit when they are all valid and differ from the subject. */
        boolean commit();
    }

    /** A test interface's row in the host form. */
    public record InterfaceRow(FieldModel name, FieldModel address, FieldModel mtu, FieldModel speed) {
        List<FieldModel> fields() {
            return List.of(name, address, mtu, speed);
        }
    }

    public final class HostForm implements Form {
        private final HostSpec host;
        public final FieldModel name = new FieldModel(
                "Name",
                "How the host is shown and named in results",
                v -> FieldChecks.name(v).or(() -> nameTaken(v)));
        public final FieldModel address = new FieldModel(
                "SSH address",
                "Where SSH reaches the host: IP address, DNS name, ~/.ssh/config alias, or 'local' for this machine",
                FieldChecks::managementAddress);
        public final FieldModel user = new FieldModel(
                "SSH user", "Login name; blank uses the SSH config or your own", FieldChecks::optionalUser);
        public final FieldModel port = new FieldModel("SSH port", "Port of the host's sshd (22)", FieldChecks::port);
        public final FieldModel keyFile = new FieldModel(
                "Key file",
                "Private key to log in with; blank uses the SSH agent and your default keys",
                FieldChecks::keyFile);
        public final FieldModel jump = new FieldModel(
                "Jump host",
                "[user@]host[:port] to hop through (ProxyJump); blank for a direct connection",
                FieldChecks::optionalJump);
        private final List<InterfaceRow> interfaces = new ArrayList<>();

        HostForm(HostSpec host) {
            this.host = host;
            name.set(host.name());
            address.set(host.managementAddress());
            user.set(host.sshUser());
            port.set(host.sshPort() == 0 ? 22 : host.sshPort(), false);
            keyFile.set(host.identityFile());
            jump.set(host.jumpHost());
            for (int i = 0; i < host.interfaces().size(); i++) {
                InterfaceSpec f = host.interfaces().get(i);
                int index = i;
                InterfaceRow row = new InterfaceRow(
                        new FieldModel(
                                "Interface",
                                "Linux name of the test interface (ip link), e.g. ens1f0np0",
                                v -> Validators.interfaceName(v).or(() -> ifaceTaken(v, index))),
                        new FieldModel(
                                "Address",
                                "The interface's IP address, the target of tests to this host",
                                FieldChecks::optionalAddress),
                        new FieldModel(
                                "MTU",
                                "Expected MTU; the probe checks it, blank when not stated",
                                FieldChecks::optionalMtu),
                        new FieldModel("Speed", "Nominal speed: 10G, 25G, 100G, IB EDR…", FieldChecks::optionalSpeed));
                row.name().set(f.name());
                row.address().set(f.address());
                row.mtu().set(f.mtu(), true);
                row.speed().set(f.speed());
                interfaces.add(row);
            }
        }

        private Optional<String> nameTaken(String v) {
            Topology t = editor.topology();
            boolean taken = t.hosts().stream()
                            .anyMatch(h -> !h.id().equals(host.id()) && h.name().equals(v))
                    || t.switches().stream().anyMatch(s -> s.name().equals(v));
            return taken ? Optional.of("another node is already called '" + v + "'") : Optional.empty();
        }

        private Optional<String> ifaceTaken(String v, int index) {
            for (int i = 0; i < interfaces.size(); i++) {
                if (i != index && interfaces.get(i).name().value().equals(v)) {
                    return Optional.of("this host already has an interface '" + v + "'");
                }
            }
            return Optional.empty();
        }

        @Override
        public Object subject() {
            return host;
        }

        @Override
        public String title() {
            return "Host " + host.name();
        }

        public List<InterfaceRow> interfaces() {
            return List.copyOf(interfaces);
        }

        @Override
        public List<FieldModel> fields() {
            List<FieldModel> all = new ArrayList<>(List.of(name, address, user, port, keyFile, jump));
            interfaces.forEach(r -> all.addAll(r.fields()));
            return all;
        }

        /** The host as the fields describe it, if every field is valid. */
        public Optional<HostSpec> built() {
            if (!isValid()) {
                return Optional.empty();
            }
            List<InterfaceSpec> ifaces = interfaces.stream()
                    .map(r -> new InterfaceSpec(
                            r.name().value(),
                            r.address().valueOrNull(),
                            FieldChecks.parseInt(r.mtu().value(), 0),
                            r.speed().valueOrNull()))
                    .toList();
            return Optional.of(new HostSpec(
                    host.id(),
                    name.value(),
                    address.value(),
                    user.valueOrNull(),
                    Integer.parseInt(port.value()),
                    keyFile.valueOrNull(),
                    jump.valueOrNull(),
                    ifaces,
                    host.x(),
                    host.y()));
        }

        @Override
        public boolean commit() {
            Optional<HostSpec> next = built();
            if (next.isEmpty()) {
                return false;
            }
            if (!next.get().equals(current())) {
                editor.replaceHost(next.get());
            }
            return true;
        }

        private HostSpec current() {
            return editor.topology().host(host.id()).orElse(host);
        }

        public void addInterface() {
            HostSpec h = current();
            List<InterfaceSpec> list = new ArrayList<>(h.interfaces());
            list.add(new InterfaceSpec(TopologyChanges.freeInterfaceName(h), null, 1500, null));
            editor.replaceHost(h.withInterfaces(list));
        }

        public void removeInterface(int index) {
            HostSpec h = current();
            List<InterfaceSpec> list = new ArrayList<>(h.interfaces());
            if (index < 0 || index >= list.size()) {
                return;
            }
            list.remove(index);
            editor.replaceHost(h.withInterfaces(list));
        }
    }

    public final class SwitchForm implements Form {
        private final SwitchSpec sw;
        public final FieldModel name = new FieldModel("Name", "How the switch is shown", FieldChecks::name);
        public final FieldModel model =
                new FieldModel("Model", "Make and model, for the record (optional)", v -> Optional.empty());
        public final FieldModel maxMtu = new FieldModel(
                "Max MTU",
                "Largest frame the switch forwards; an MTU sweep should stay below it",
                FieldChecks::optionalMtu);

        SwitchForm(SwitchSpec sw) {
            this.sw = sw;
            name.set(sw.name());
            model.set(sw.model());
            maxMtu.set(sw.maxMtu(), true);
        }

        @Override
        public Object subject() {
            return sw;
        }

        @Override
        public String title() {
            return "Switch " + sw.name();
        }

        @Override
        public List<FieldModel> fields() {
            return List.of(name, model, maxMtu);
        }

        @Override
        public boolean commit() {
            if (!isValid()) {
                return false;
            }
            SwitchSpec next = new SwitchSpec(
                    sw.id(),
                    name.value(),
                    model.valueOrNull(),
                    FieldChecks.parseInt(maxMtu.value(), 0),
                    sw.x(),
                    sw.y());
            SwitchSpec now = editor.topology().switches().stream()
                    .filter(s -> s.id().equals(sw.id()))
                    .findFirst()
                    .orElse(sw);
            if (!next.equals(new SwitchSpec(now.id(), now.name(), now.model(), now.maxMtu(), sw.x(), sw.y()))) {
                editor.replaceSwitch(
                        new SwitchSpec(sw.id(), next.name(), next.model(), next.maxMtu(), now.x(), now.y()));
            }
            return true;
        }
    }

    public final class LinkForm implements Form {
        private final LinkSpec link;
        public final FieldModel endA;
        public final FieldModel endB;
        public final FieldModel speed = new FieldModel(
                "Nominal speed", "What the link is rated for: 10G, 100G, IB EDR…", FieldChecks::optionalSpeed);
        public final FieldModel expect = new FieldModel(
                "Expected rate",
                "What a test over this link must reach to pass: a rate (90G) or a share of the slower end's speed "
                        + "(90%); blank for 90 %",
                FieldChecks::optionalExpect);

        LinkForm(LinkSpec link) {
            this.link = link;
            endA = endField(link.a());
            endB = endField(link.b());
            endA.set(link.a().iface());
            endB.set(link.b().iface());
            speed.set(link.nominalSpeed());
            expect.set(link.expect());
        }

        private FieldModel endField(LinkSpec.End end) {
            boolean host = editor.topology().host(end.nodeId()).isPresent();
            String label = editor.nodeName(end.nodeId()) + (host ? " interface" : " port");
            return new FieldModel(
                    label,
                    host ? "Which of the host's interfaces the cable plugs into" : "Switch port label (optional)",
                    v -> host
                            ? Validators.interfaceName(v).or(() -> knownInterface(end.nodeId(), v))
                            : Optional.empty());
        }

        private Optional<String> knownInterface(String hostId, String iface) {
            HostSpec h = editor.topology().host(hostId).orElse(null);
            if (h == null || h.interfaces().stream().anyMatch(f -> f.name().equals(iface))) {
                return Optional.empty();
            }
            return Optional.of(h.name() + " has no interface '" + iface + "' — add it to the host first");
        }

        /** The interface names the end's host has, for a picker (empty for a switch end). */
        public List<String> choices(boolean a) {
            String node = (a ? link.a() : link.b()).nodeId();
            return editor.topology()
                    .host(node)
                    .map(h -> h.interfaces().stream().map(InterfaceSpec::name).toList())
                    .orElse(List.of());
        }

        @Override
        public Object subject() {
            return link;
        }

        @Override
        public String title() {
            return "Link " + editor.nodeName(link.a().nodeId()) + " — "
                    + editor.nodeName(link.b().nodeId());
        }

        @Override
        public List<FieldModel> fields() {
            return List.of(endA, endB, speed, expect);
        }

        @Override
        public boolean commit() {
            if (!isValid()) {
                return false;
            }
            LinkSpec next = new LinkSpec(
                    link.id(),
                    new LinkSpec.End(link.a().nodeId(), endA.valueOrNull()),
                    new LinkSpec.End(link.b().nodeId(), endB.valueOrNull()),
                    speed.valueOrNull(),
                    expect.valueOrNull());
            if (!next.equals(link)) {
                editor.replaceLink(next);
            }
            return true;
        }
    }

    public final class TopologyForm implements Form {
        private final String subject;
        public final FieldModel name = new FieldModel("Lab name", "The name of this lab drawing", FieldChecks::name);

        TopologyForm(String current) {
            this.subject = current;
            name.set(current);
        }

        @Override
        public Object subject() {
            return subject;
        }

        @Override
        public String title() {
            return "Lab";
        }

        @Override
        public List<FieldModel> fields() {
            return List.of(name);
        }

        @Override
        public boolean commit() {
            if (!isValid()) {
                return false;
            }
            if (!name.value().equals(editor.topology().name())) {
                editor.rename(name.value());
            }
            return true;
        }
    }

    public final class MultipleForm implements Form {
        private final Set<String> ids;

        MultipleForm(Set<String> ids) {
            this.ids = ids;
        }

        @Override
        public Object subject() {
            return ids;
        }

        @Override
        public String title() {
            return ids.size() + " items selected";
        }

        @Override
        public List<FieldModel> fields() {
            return List.of();
        }

        @Override
        public boolean commit() {
            return true;
        }
    }
}
