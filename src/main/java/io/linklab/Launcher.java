package io.linklab;

import io.linklab.cli.Cli;
import io.linklab.ui.LinkLabApp;

/**
 * Entry point of the jar. It is deliberately not a JavaFX Application: with no arguments it opens
 * the GUI, with arguments it runs a headless subcommand and never touches the toolkit.
 */
public final class Launcher {

    private Launcher() {}

    public static void main(String[] args) {
        if (args.length == 0) {
            LinkLabApp.launchGui(args);
            return;
        }
        System.exit(Cli.runInOwnJvm(args, System.out, System.err));
    }
}
