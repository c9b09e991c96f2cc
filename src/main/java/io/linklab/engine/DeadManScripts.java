package io.linklab.engine;

/**
 * The shell scripts of the dead-man switch (decision record 0300). They run as the login user, never
 * through sudo: the only thing that needs root is {@code ip link set dev IF mtu N}, which they run
 * through {@code sudo -n linklab-mtu IF N} unless the login is root, so a sudoers rule naming that helper is enough
 * ({@link io.linklab.remote.SudoHelpers}).
 * The state of each switch is a folder of the user who armed it, made by {@code mktemp -d} (mode 700)
 * in /run for root and /tmp for other users, and checked (real directory, owner, mode) before each use;
 * a pid read back from it is only signalled once it is proven to be that folder's watcher. Values reach
 * the scripts only as positional parameters, never as script text.
 */
final class DeadManScripts {

    private DeadManScripts() {}

    /** Folder names: {@code BASE/linklab-mtu.XXXXXXXXXX}, BASE /run (root) or /tmp (other users). */
    static final String FOLDER_PREFIX = "linklab-mtu.";

    /**
     * Run as {@code setsid sh -c WATCHER linklab-mtu-watch FOLDER IF ORIGINAL}: writes "PID STARTTIME" to
     * FOLDER/pid, then while FOLDER/deadline can be read sleeps until the deadline passes, then sets
     * ORIGINAL and removes the folder. Removing the folder (disarm) ends it quietly. A failed restore is
     * retried; if it keeps failing the folder stays, so the next run restores it before reading any MTU.
     */
    static final String WATCHER = """
            d=$1; if=$2; orig=$3
            read -r st </proc/$$/stat || exit 1
            st=${st##*) }; set -- $st
            echo "$$ ${20}" >"$d/pid.new" && mv -f "$d/pid.new" "$d/pid" || exit 1
            su=; [ "$(id -u)" = 0 ] || su="sudo -n"
            setmtu() { if [ -n "$su" ]; then sudo -n linklab-mtu "$1" "$2"; else ip link set dev "$1" mtu "$2"; fi; }
            tries=0
            while read -r dl <"$d/deadline"; do
              case $dl in ''|*[!0-9]*) dl=0;; esac
              if [ "$(date +%s)" -ge "$dl" ]; then
                if setmtu "$if" "$orig"; then rm -rf "$d"; exit 0; fi
                tries=$((tries+1)); [ $tries -ge 30 ] && { rm -f "$d/pid"; exit 1; }
              fi
              sleep 1
            done 2>/dev/null
            exit 0
            """;

    /**
     * Run as {@code sh -c GUARD linklab-mtu-guard ACTION ARGS...}:
     * <ul>
     * <li>{@code claim IF RUN LIMIT}: finds the switches of this user for IF in this network namespace
     * left by other runs; one whose deadline is still more than two of its keep-alives and a second ahead
     * (8 s of a 15-s period: the period each switch was armed with, kept in its folder) may belong to a live run and
     * is watched for up to LIMIT s; a left-over one gets its original MTU set first, then its watcher
     * ended and its folder removed ("restored MTU RUN END" or "fired RUN END" when it restored by itself
     * meanwhile). Then prints "mtu N", the MTU IF has now. Exit 3 with "busy RUN END MTU" when a switch
     * is still being kept alive by another run. Folders from before a reboot are removed unread.</li>
     * <li>{@code arm RUN END IF ORIGINAL SECONDS WATCHER}: makes the folder, starts the watcher in its own
     * session, returns once it runs; prints the folder.</li>
     * <li>{@code extend FOLDER SECONDS}: moves the deadline; fails when the folder is not ours or its
     * watcher is gone (it fired, or was killed).</li>
     * <li>{@code disarm FOLDER}: removes the folder and ends its watcher.</li>
     * </ul>
     * Every SECONDS must be a plain decimal number within the dead-man period's bounds ({@link
     * RunTimings#DEAD_MAN_MIN} to {@link RunTimings#DEAD_MAN_MAX}), LIMIT one from 1 to that maximum, else the
     * action exits 2 before it touches anything: the script may run as root on a host others share.
     */
    static final String GUARD = "lo=" + RunTimings.DEAD_MAN_MIN.toSeconds() + "; hi="
            + RunTimings.DEAD_MAN_MAX.toSeconds() + "; std=" + RunTimings.STANDARD.deadManSeconds() + "\n" + """
            act=$1; shift
            if [ "$(id -u)" = 0 ]; then base=/run; su=; else base=/tmp; su="sudo -n"; fi
            setmtu() { if [ -n "$su" ]; then sudo -n linklab-mtu "$1" "$2"; else ip link set dev "$1" mtu "$2"; fi; }
            boot=$(cat /proc/sys/kernel/random/boot_id 2>/dev/null)
            net=$(readlink /proc/self/ns/net 2>/dev/null); net=${net#*[}; net=${net%]}
            now() { date +%s; }
            # A folder of this user that nobody else can have written: real directory, owner, mode 700.
            private() { [ -d "$1" ] && [ ! -h "$1" ] && [ -O "$1" ] && [ "$(stat -c %a "$1")" = 700 ]; }
            # Whether FOLDER/pid names that folder's live watcher: our uid, leader of its own session and
            # group, the start time it wrote, its command line naming the folder. Sets wp to its pid.
            watcher() {
              wd=$1; wp=; wt=
              read -r wp wt 2>/dev/null <"$wd/pid" || { wp=; return 1; }
              case $wp in ''|*[!0-9]*) wp=; return 1;; esac
              case $wt in ''|*[!0-9]*) wp=; return 1;; esac
              if [ -O "/proc/$wp" ] && read -r ws 2>/dev/null </proc/$wp/stat; then
                ws=${ws##*) }; set -- $ws
                if [ "$1" != Z ] && [ "$3" = "$wp" ] && [ "$4" = "$wp" ] && [ "${20}" = "$wt" ] \\
                    && tr '\\000' '\\n' 2>/dev/null </proc/$wp/cmdline | grep -qxF -- "$wd"; then
                  return 0
                fi
              fi
              wp=; return 1
            }
            # Seconds until the folder's deadline (negative once passed).
            left() { read -r dl 2>/dev/null <"$1/deadline" || return 1; echo $(( dl - $(now) )); }
            # Whether $1 is a number of seconds from $2 to hi: digits only, no leading zero (octal in $(( ))).
            secs() {
              case $1 in ''|*[!0-9]*|0?*) return 1;; esac
              [ ${#1} -le 6 ] && [ "$1" -ge "$2" ] && [ "$1" -le "$hi" ]
            }
            # Exits 2 unless $1 (named $2) is a number of seconds from $3 to hi.
            need_secs() { secs "$1" "$3" || { echo "$2 must be a number of seconds from $3 to $hi, not '$1'" >&2; exit 2; }; }
            case $act in
            claim)
              if=$1; run=$2; limit=$3; rc=0
              need_secs "$limit" limit 1
              for d in "$base/linklab-mtu."*; do
                private "$d" || continue
                { read -r b; read -r n; read -r i; read -r o; read -r r; read -r e; } 2>/dev/null <"$d/info" || continue
                # Its own period (a folder of an earlier LinkLab has none: the standard one), and from it how far
                # ahead a live run keeps the deadline: more than two keep-alives (a fifth of it each) and a second.
                p=$(sed -n 7p "$d/info" 2>/dev/null); secs "$p" "$lo" || p=$std
                busy=$(( p - (2 * p + 4) / 5 - 1 ))
                if [ "$b" != "$boot" ]; then rm -rf "$d"; continue; fi
                [ "$n" = "$net" ] && [ "$i" = "$if" ] && [ "$r" != "$run" ] || continue
                t0=$(now)
                while watcher "$d" && [ "$(left "$d")" -gt "$busy" ] && [ $(( $(now) - t0 )) -lt "$limit" ]; do sleep 1; done
                if watcher "$d" && [ "$(left "$d")" -gt "$busy" ]; then echo "busy $r $e $o"; rc=3; continue; fi
                [ -d "$d" ] || { echo "fired $r $e"; continue; }
                setmtu "$if" "$o" || { echo "cannot set MTU $o on $if, left by run $r" >&2; exit 1; }
                watcher "$d" && kill -TERM -"$wp" 2>/dev/null
                rm -rf "$d"
                echo "restored $o $r $e"
              done
              [ $rc = 0 ] || exit $rc
              read -r m </sys/class/net/"$if"/mtu || exit 1
              echo "mtu $m"
              ;;
            arm)
              run=$1; end=$2; if=$3; orig=$4; period=$5
              need_secs "$period" period "$lo"
              d=$(mktemp -d "$base/linklab-mtu.XXXXXXXXXX") || { echo "cannot make a private folder in $base" >&2; exit 1; }
              private "$d" || { echo "$d is not a private folder of $(id -un)" >&2; exit 1; }
              printf '%s\\n' "$boot" "$net" "$if" "$orig" "$run" "$end" "$period" >"$d/info" || exit 1
              echo $(( $(now) + period )) >"$d/deadline" || exit 1
              setsid sh -c "$6" linklab-mtu-watch "$d" "$if" "$orig" </dev/null >/dev/null 2>&1 &
              # Back only once the watcher runs in its own session: one still starting when the SSH session
              # ends could die with it.
              i=0; while ! watcher "$d" && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
              watcher "$d" || { rm -rf "$d"; echo "the restore watcher did not start" >&2; exit 1; }
              echo "$d"
              ;;
            extend)
              d=$1
              need_secs "$2" period "$lo"
              [ -e "$d" ] || { echo "its folder is gone: the watcher fired and restored the MTU, or was disarmed" >&2; exit 1; }
              private "$d" || { echo "$d is not a private folder of $(id -un) any more" >&2; exit 1; }
              watcher "$d" || { echo "its watcher is gone (it may have restored the MTU already)" >&2; exit 1; }
              # a file of this command's own ($$): the keep-alive and a point's MTU change may extend at once
              echo $(( $(now) + $2 )) >"$d/deadline.$$" && mv -f "$d/deadline.$$" "$d/deadline"
              ;;
            disarm)
              d=$1
              [ -e "$d" ] || exit 0
              private "$d" || { echo "$d is not a private folder of $(id -un); left alone" >&2; exit 1; }
              watcher "$d"; p=$wp
              rm -rf "$d"
              # dash's kill builtin knows no "--" before a negative pid.
              [ -z "$p" ] || kill -TERM -"$p" 2>/dev/null
              exit 0
              ;;
            *) echo "unknown action $act" >&2; exit 2;;
            esac
            """;
}
