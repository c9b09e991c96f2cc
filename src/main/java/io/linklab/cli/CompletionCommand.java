package io.linklab.cli;

import io.linklab.engine.LabLogins;
import java.util.Iterator;
import java.util.List;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * `linklab completion bash|zsh`: the shell completion script, made by picocli from the same option definitions
 * the commands parse with, so it never lags behind them. One script serves both shells: in zsh it loads
 * bashcompinit itself.
 */
@Command(
        name = "completion",
        mixinStandardHelpOptions = true,
        versionProvider = Cli.Version.class,
        description = "print the bash/zsh completion script of the linklab command",
        descriptionHeading = "%n",
        footer = {
            "",
            "This shell:      source <(linklab completion bash)",
            "Every new bash:  linklab completion bash > ~/.local/share/bash-completion/completions/linklab",
            "Every new zsh:   linklab completion zsh > ~/.linklab-completion.zsh",
            "                 and add 'source ~/.linklab-completion.zsh' to ~/.zshrc",
            "",
            "It completes the subcommands, their options, the values of --tool and --format, and file names."
        })
final class CompletionCommand extends CliCommand {

    @Parameters(
            paramLabel = "SHELL",
            arity = "0..1",
            defaultValue = "bash",
            completionCandidates = Shells.class,
            description = "bash or zsh (default: bash)")
    String shell;

    /** The shells the script is for. */
    static final class Shells implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("bash", "zsh").iterator();
        }
    }

    @Override
    public Integer call() {
        if (!shell.equals("bash") && !shell.equals("zsh")) {
            throw new UsageException("SHELL '" + shell + "': expected bash or zsh");
        }
        // The script completes the installed command (or the one linklab.command names), never "java -jar …".
        String name = Cli.invocation().contains(" ") ? "linklab" : Cli.invocation();
        out.print(AutoComplete.bash(name, Cli.commandLine(out, err, LabLogins::new, name)));
        return Cli.OK;
    }
}
