package io.linklab.remote;

import java.util.ArrayList;
import java.util.List;

/**
 * The shell scripts that make every command LinkLab starts findable and killable (decision record
 * 0200): each runs as the leader of its own session and process group, with its group id in a pid
 * file under the run's folder, and a watchdog that kills the group when the command's stdin (the SSH
 * channel, or the pipe from this JVM) closes. The scripts are constants; values only ever reach them
 * as positional parameters, never as script text.
 */
final class ProcessGroups {

    private ProcessGroups() {}

    /**
     * Run as {@code setsid -w sh -c WRAPPER PIDFILE COMMAND...}. {@code setsid} makes the shell the
     * leader of a new session and process group ($$ is the group id), {@code -w} keeps the exit status.
     * The command gets /dev/null as stdin; the watchdog alone reads the real stdin, and its end-of-file
     * (channel closed, session dropped, JVM gone) kills the group: TERM, then KILL once the command is
     * gone or after 2 s. When the command ends normally whatever it left in its group is sent TERM.
     *
     * <p>The TERM trap is set before the watchdog can fire: a channel already at end of file when the
     * wrapper starts (cancelled while the login shell was still starting) must not kill the wrapper itself
     * before it reports an exit status. The last wrapper to end removes the then empty folder, so a command
     * that started only after the run's cleanup leaves no folder behind; the folder a wrapper creates may
     * vanish that way before its pid file is written, hence the retries. The watchdog's KILL takes the
     * wrapper too, so the watchdog removes the pid file and the empty folder itself first.
     *
     * <p>The pid file appears whole, by a rename: a cleanup that read it between its creation and its
     * first byte took it for a stale file, removed it and left the command running with no file to
     * find it by.
     *
     * <p>When the command ends by itself the watchdog is ended with KILL, not left to the group's TERM
     * (once it has fired, its {@code PIDFILE.fired} says so and it finishes the kill itself): it is forked
     * with the wrapper's TERM trap, and a TERM that reaches it before it has reset that trap is swallowed,
     * after which it reads its stdin forever and the wrapper's {@code wait} never returns - a command as
     * short as {@code true} then hung until its timeout and came back without an exit status.
     */
    static final String WRAPPER = """
            f=$0
            d=${f%/*}
            n=0
            until { mkdir -m 700 "$d" 2>/dev/null || { [ -d "$d" ] && [ ! -h "$d" ] && [ -O "$d" ]; }; } \\
                && echo $$ 2>/dev/null >"$f.new" && mv -f "$f.new" "$f" 2>/dev/null; do
              if [ -h "$d" ] || { [ -e "$d" ] && { [ ! -d "$d" ] || [ ! -O "$d" ]; }; } || [ $n -ge 5 ]; then
                echo "linklab: cannot use $d for pid files" >&2; exit 125
              fi
              n=$((n+1))
            done
            trap : TERM HUP INT
            exec 3<&0 </dev/null
            "$@" 3<&- &
            c=$!
            ( read -r _ <&3; trap '' TERM; : >"$f.fired"; kill -TERM -$$; i=0
              while kill -0 $c && [ $i -lt 20 ]; do sleep 0.1; i=$((i+1)); done
              rm -f "$f" "$f.fired"; rmdir "$d"
              kill -KILL -$$ ) >/dev/null 2>&1 &
            w=$!
            exec 3<&-
            while :; do
              wait $c; s=$?
              if [ $s -gt 128 ] && kill -0 $c 2>/dev/null; then continue; fi
              break
            done
            trap '' TERM
            [ -e "$f.fired" ] || kill -KILL $w 2>/dev/null
            kill -TERM -$$ 2>/dev/null
            wait
            rm -f "$f" "$f.fired"
            rmdir "$d" 2>/dev/null
            exit $s
            """;

    /**
     * Run as {@code sh -c KILLER linklab-kill MODE SUDO TARGET...}: MODE "one" kills the groups of the
     * given pid files (waiting up to 2 s for a file a command has not written yet), "all" those of every
     * pid file in the given folders and then removes the folders. SUDO is "sudo" when groups started
     * through sudo (pid files *.root.pid) must be killed through sudo. A group is TERMed, given 2 s,
     * then KILLed. A pid file whose leader is alive but is not our wrapper for that very file (the pid
     * was reused) is ignored. Prints "killed FILE PGID SIGNAL" or "survived FILE PGID" per group.
     */
    static final String KILLER = """
            mode=$1; su=; [ "$2" = sudo ] && su="sudo -n"; shift 2
            members() {
              n=0
              for s in /proc/[0-9]*/stat; do
                read -r l 2>/dev/null <"$s" || continue
                l=${l##*) }
                set -- $l
                if [ "$1" != Z ] && [ "$3" = "$pg" ]; then n=$((n+1)); fi
              done
              echo $n
            }
            gone() { [ "$(members)" -eq 0 ]; }
            # a group started through sudo is signalled through the helper, which checks the group is ours again
            sig() { if [ -n "$r" ]; then $r linklab-kill $1 "$f"; else kill -$1 -$pg; fi 2>/dev/null; }
            kg() {
              f=$1
              case $f in *.root.pid) r=$su;; *) r=;; esac
              pg=
              read -r pg 2>/dev/null <"$f"
              case $pg in ''|*[!0-9]*) rm -f "$f"; return 0;; esac
              st=
              if read -r st 2>/dev/null </proc/$pg/stat; then st=${st##*) }; st=${st%% *}; fi
              if [ -n "$st" ] && [ "$st" != Z ]; then
                tr '\\000' '\\n' </proc/$pg/cmdline 2>/dev/null | grep -qxF -- "$f" || { rm -f "$f"; return 0; }
              fi
              if gone; then rm -f "$f"; return 0; fi
              sig TERM
              i=0; while ! gone && [ $i -lt 20 ]; do sleep 0.1; i=$((i+1)); done
              how=TERM
              if ! gone; then
                how=KILL; sig KILL
                i=0; while ! gone && [ $i -lt 10 ]; do sleep 0.1; i=$((i+1)); done
              fi
              if gone; then echo "killed $f $pg $how"; rm -f "$f"; else echo "survived $f $pg"; rc=1; fi
            }
            rc=0
            for t in "$@"; do
              if [ "$mode" = one ]; then
                i=0; while [ ! -s "$t" ] && [ $i -lt 20 ]; do sleep 0.1; i=$((i+1)); done
                [ -e "$t" ] && kg "$t"
              elif [ -d "$t" ] && [ ! -h "$t" ] && [ -O "$t" ]; then
                for f in "$t"/*.pid; do [ -e "$f" ] && kg "$f"; done
                [ $rc -eq 0 ] && rm -rf "$t"
              fi
            done
            exit $rc
            """;

    /**
     * Run as {@code sh -c SWEEP linklab-sweep CURRENT_RUN_FOLDER} at login: prints the login's uid, then
     * removes run folders of earlier LinkLab sessions that were left behind (a transport closed while its
     * connection was down: the watchdog killed the commands, nobody removed the folder). Only folders of
     * this user, named like ours, untouched for 10 minutes, and with no pid file whose process or group
     * still exists, are removed.
     */
    static final String SWEEP = """
            id -u
            cur=$1
            find /tmp -maxdepth 1 -name 'linklab-*' -type d -user "$(id -u)" -mmin +10 2>/dev/null | while read -r d; do
              [ "$d" = "$cur" ] && continue
              n=${d#/tmp/linklab-}
              case $n in *[!0-9a-f]*) continue;; esac
              [ ${#n} -eq 12 ] && [ ! -h "$d" ] || continue
              live=
              for f in "$d"/*.pid; do
                [ -e "$f" ] || continue
                pg=; read -r pg 2>/dev/null <"$f"
                case $pg in ''|*[!0-9]*) continue;; esac
                if [ -d /proc/$pg ]; then live=1; break; fi
                for s in /proc/[0-9]*/stat; do
                  read -r l 2>/dev/null <"$s" || continue
                  l=${l##*) }; set -- $l
                  if [ "$1" != Z ] && [ "$3" = "$pg" ]; then live=1; break 2; fi
                done
              done
              [ -z "$live" ] && rm -rf "$d"
            done
            exit 0
            """;

    /** The argv that runs {@code command} under {@link #WRAPPER} with its group id in {@code pidFile}. */
    static List<String> wrap(String pidFile, List<String> command) {
        List<String> argv = new ArrayList<>(command.size() + 6);
        argv.add("setsid");
        argv.add("-w");
        argv.add("sh");
        argv.add("-c");
        argv.add(WRAPPER);
        argv.add(pidFile);
        argv.addAll(command);
        return argv;
    }

    /** Kills the groups of the given pid files. */
    static List<String> killGroups(boolean sudo, List<String> pidFiles) {
        return killer("one", sudo, pidFiles);
    }

    /**
     * Run as {@code sh -c CLEANUP linklab-cleanup KILLER SUDO RUN_FOLDER [SWEEP]}: {@link #KILLER} in mode
     * "all" on the run folder, then (when given) {@link #SWEEP}, in one command; the killer's output and
     * exit status are the command's.
     */
    static final String CLEANUP = """
            sh -c "$1" linklab-kill all "$2" "$3"; k=$?
            [ -n "$4" ] && sh -c "$4" linklab-sweep "$3" >/dev/null
            exit $k
            """;

    /**
     * Kills every group with a pid file in the folder, then removes it; with {@code sweep} also removes
     * the run folders earlier sessions left behind ({@link #SWEEP}).
     */
    static List<String> killAll(boolean sudo, String runDir, boolean sweep) {
        List<String> argv =
                new ArrayList<>(List.of("sh", "-c", CLEANUP, "linklab-cleanup", KILLER, sudo ? "sudo" : "-", runDir));
        if (sweep) {
            argv.add(SWEEP);
        }
        return argv;
    }

    private static List<String> killer(String mode, boolean sudo, List<String> targets) {
        List<String> argv = new ArrayList<>();
        argv.add("sh");
        argv.add("-c");
        argv.add(KILLER);
        argv.add("linklab-kill");
        argv.add(mode);
        argv.add(sudo ? "sudo" : "-");
        argv.addAll(targets);
        return argv;
    }
}
