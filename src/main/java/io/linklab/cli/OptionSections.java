package io.linklab.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Help;
import picocli.CommandLine.IHelpSectionRenderer;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A command's --help with its options in sections ("Hosts:", "SSH:", …): an option's {@code order} in hundreds
 * picks its section. picocli's option groups would print the same, but matching them costs a command line
 * more start-up time than all of its options do (docs/decisions/0803-command-line-on-picocli.md).
 */
final class OptionSections {

    private OptionSections() {}

    /** Renders the option list with {@code headings} by section (order / 100); a section without one has none. */
    static IHelpSectionRenderer renderer(Map<Integer, String> headings) {
        return help -> {
            List<OptionSpec> options = new ArrayList<>();
            for (OptionSpec o : help.commandSpec().options()) {
                if (!o.hidden()) {
                    options.add(o);
                }
            }
            options.sort(Comparator.comparingInt(OptionSpec::order));
            StringBuilder text = new StringBuilder();
            Integer section = null;
            Help.Layout layout = null;
            for (OptionSpec o : options) {
                int s = Math.floorDiv(o.order(), 100);
                if (section == null || s != section) {
                    if (layout != null) {
                        text.append(layout).append(System.lineSeparator());
                    }
                    String heading = headings.get(s);
                    if (heading != null) {
                        text.append(heading).append(System.lineSeparator());
                    }
                    layout = help.createDefaultLayout();
                    section = s;
                }
                layout.addOption(o, help.parameterLabelRenderer());
            }
            return layout == null ? "" : text.append(layout).toString();
        };
    }
}
