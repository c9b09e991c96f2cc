#!/usr/bin/env bash
# LinkLab test lab: test hosts made of Linux network namespaces, each with a real OpenSSH
# server on a management bridge; h1 and h2 also share a data link (veth) whose MTU and netem can change.
#
#   lab.sh up | down | status | env | mgmt-down HOST | mgmt-up HOST | sshd-down HOST | sshd-up HOST | purge-users
#
# h3, the third host (a matrix of every ordered pair, issue 20), is on the management bridge only: its data
# address is its management address (H3_DATA_IF=mgmt0). A test that needs all three hosts to reach each other
# uses every host's management address as its data address, so the h1<->h2 veth, whose MTU and netem other
# tests change, is never in its path, and h1/h2 keep the one data interface the other tests expect.
# sshd-down/sshd-up stop and start a host's sshd alone (its pairs fail at once with "Connection refused");
# mgmt-down/mgmt-up cut the host off the bridge.
#
# Several labs can live side by side: LINKLAB_LAB_ID=N (0..99) picks the instance, its
# namespaces (llN-h1, llN-h2) and its addresses. "up" keeps the lab's keys and sshd files in a fresh
# folder from mktemp -d (a fixed /tmp name could be made first by any user) and records where in the
# symlink /run/linklab/lab-N, which only root can write; everything else (and Lab.java) finds the
# folder through it, and trusts it only while root owns it and nobody else can write it.
# Addresses come from 198.18.0.0/15, the benchmarking range no real network routes:
#   management 198.18.N.0/24 (root side .1, h1 .11, h2 .12, h3 .13; .99 is deliberately unused)
#   data       198.19.N.0/24 (h1 data0 .1, h2 data0 .2; h3 has none)
# Only traffic between these namespaces and the root namespace is ever generated.
#
# Slow logins (issue 29): every host also runs a second sshd on port 2201 (SLOW_LOGIN_PORT in lab.env) whose
# root has a home of its own (HOST/slow-home) with a .bashrc that Debian's bash reads for every command sshd
# starts (even "bash -c"; BASH_ENV is not read then): it burns 0.9 s of the shell's own CPU (counted in
# /proc, not slept), as `pyenv init` does on many lab and HPC hosts, and appends one line "EPOCHREALTIME PID"
# per login shell to HOST/logins.log in the lab's folder (H1_LOGIN_LOG etc.), so tests count the login
# shells a run starts on each host. bash processes the commands start later read no .bashrc (SHLVL >= 2) and
# are not counted. Port 22 stays fast.
set -euo pipefail

ID=${LINKLAB_LAB_ID:-0}
[[ "$ID" =~ ^[0-9]{1,2}$ ]] || { echo "LINKLAB_LAB_ID must be 0..99, not '$ID'" >&2; exit 2; }
P="ll${ID}"
POINTERS=/run/linklab
POINTER="$POINTERS/lab-${ID}"
BR="${P}-br"
HOSTS=(h1 h2 h3)
MGMT_NET="198.18.${ID}"
DATA_NET="198.19.${ID}"
declare -A MGMT_IP=([h1]="${MGMT_NET}.11" [h2]="${MGMT_NET}.12" [h3]="${MGMT_NET}.13")
declare -A DATA_IP=([h1]="${DATA_NET}.1" [h2]="${DATA_NET}.2" [h3]="${MGMT_NET}.13")
declare -A DATA_IF=([h1]=data0 [h2]=data0 [h3]=mgmt0)
SLOW_PORT=2201
# CPU a slow login shell burns, in clock ticks (USER_HZ, 100 on Linux): what `pyenv init` costs on an idle core
SLOW_LOGIN_TICKS=90

ns() { echo "${P}-$1"; }

# Root owns it, it is no symlink, and neither group nor others may write it.
root_only() {
  local st
  [[ -e "$1" && ! -L "$1" ]] || return 1
  st=$(stat -c '%u %a' -- "$1") || return 1
  [[ ${st% *} == 0 ]] && (( (8#${st#* } & 8#022) == 0 ))
}

# The lab's folder as the pointer names it, or nothing when there is no lab (or the pointer is not to be trusted).
lab_dir() {
  [[ -L "$POINTER" ]] || return 0
  if ! root_only "$POINTERS"; then echo "ignoring $POINTER: $POINTERS is not root's alone" >&2; return 0; fi
  local d; d=$(readlink -- "$POINTER")
  if [[ "$d" =~ ^/tmp/linklab-lab-${ID}\.[A-Za-z0-9]+$ ]] && root_only "$d"; then echo "$d"
  else echo "ignoring $POINTER -> $d: not a lab folder only root can write" >&2; fi
}
DIR=$(lab_dir)
need_root() { [[ $(id -u) -eq 0 ]] || { echo "lab.sh must run as root (it creates network namespaces)" >&2; exit 2; }; }

need_tools() {
  local missing=()
  for t in ip ssh-keygen ssh-keyscan; do command -v "$t" >/dev/null || missing+=("$t"); done
  [[ -x /usr/sbin/sshd ]] || missing+=(sshd)
  if ((${#missing[@]})); then
    echo "missing: ${missing[*]} — install with: apt-get install -y iproute2 openssh-server openssh-client" >&2
    exit 2
  fi
}

# Two non-root logins for the privilege tests, shared by every lab instance (users are machine-wide):
# linklab-sudo may run LinkLab's sudo helpers (installer/linux/linklab-mtu and linklab-kill, installed
# root-owned in /usr/local/sbin, where sudo's secure_path finds them first) as root without a password,
# linklab-nopw may use sudo only with a
# password (it has none, so sudo -n always refuses). They have no password and log in only through the
# lab's sshd (AuthorizedKeysFile is the lab's). Left in place by "down" since other labs may use them;
# "purge-users" removes them.
SUDO_USERS=(linklab-sudo linklab-nopw)
SUDOERS=/etc/sudoers.d/linklab-lab
SUDO_HELPERS=(linklab-mtu linklab-kill)
HELPER_DIR=/usr/local/sbin
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
ensure_users() {
  command -v sudo >/dev/null || { echo "note: sudo not installed, privilege tests will fail (apt-get install sudo)" >&2; return 0; }
  for u in "${SUDO_USERS[@]}"; do
    if ! id "$u" >/dev/null 2>&1; then
      useradd --system --home-dir /tmp --no-create-home --shell /bin/sh "$u" 2>/dev/null || id "$u" >/dev/null
    fi
    # "*": no password can match, but the account is not locked (sshd without PAM refuses locked ones).
    usermod -p '*' "$u"
  done
  # sshd reads AuthorizedKeysFile as the user: let them through the lab folder (the private key stays 600).
  if [[ -n "$DIR" && -d "$DIR" ]]; then chmod 711 "$DIR"; [[ -f "$DIR/authorized_keys" ]] && chmod 644 "$DIR/authorized_keys"; fi
  local want h
  # the helpers as README installs them: root-owned copies, not links into this (user-writable) checkout
  for h in "${SUDO_HELPERS[@]}"; do
    cmp -s "$REPO/installer/linux/$h" "$HELPER_DIR/$h" 2>/dev/null \
      || install -o root -g root -m 755 "$REPO/installer/linux/$h" "$HELPER_DIR/$h"
  done
  # linklab-sudo: the rule README documents for MTU sweeps ("MTU sweeps as a non-root user"), plus
  # "ip monitor" for SudoLabTest's long-running root process.
  want=$(printf '%s\n' "linklab-sudo ALL=(root) NOPASSWD: $HELPER_DIR/linklab-mtu, $HELPER_DIR/linklab-kill" \
    "linklab-sudo ALL=(root) NOPASSWD: $(type -P ip) monitor *" "linklab-nopw ALL=(root) ALL")
  if [[ "$(cat "$SUDOERS" 2>/dev/null)" != "$want" ]]; then
    printf '%s\n' "$want" > "$SUDOERS.tmp" && chmod 440 "$SUDOERS.tmp"
    visudo -cqf "$SUDOERS.tmp" && mv "$SUDOERS.tmp" "$SUDOERS" || { rm -f "$SUDOERS.tmp"; echo "bad sudoers rule" >&2; exit 2; }
  fi
}

purge_users() {
  rm -f "$SUDOERS"
  for h in "${SUDO_HELPERS[@]}"; do rm -f "$HELPER_DIR/$h"; done
  for u in "${SUDO_USERS[@]}"; do userdel "$u" 2>/dev/null || true; done
}

sshd_pid() { [[ -n "$DIR" && -s "$DIR/$1/sshd${2:-}.pid" ]] && cat "$DIR/$1/sshd${2:-}.pid" || true; }

status() {
  local ok=0
  for h in "${HOSTS[@]}"; do
    local n; n=$(ns "$h")
    if ip netns list | grep -qw "$n"; then
      local pid slow; pid=$(sshd_pid "$h"); slow=$(sshd_pid "$h" -slow)
      if [[ -n "$pid" && -e "/proc/$pid" && -n "$slow" && -e "/proc/$slow" ]]; then
        echo "$h: namespace $n up, sshd pid $pid on ${MGMT_IP[$h]}:22 (slow logins: pid $slow on :$SLOW_PORT), ${DATA_IF[$h]} ${DATA_IP[$h]} mtu $(ip netns exec "$n" cat "/sys/class/net/${DATA_IF[$h]}/mtu" 2>/dev/null || echo '?')"
      else
        echo "$h: namespace $n up, sshd NOT running"; ok=1
      fi
    else
      echo "$h: down"; ok=1
    fi
  done
  return $ok
}

down() {
  for h in "${HOSTS[@]}"; do
    local n; n=$(ns "$h")
    if ip netns list | grep -qw "$n"; then
      # Everything started inside the host dies with it: sshd, and anything a test left behind.
      local pids; pids=$(ip netns pids "$n" || true)
      [[ -n "$pids" ]] && kill $pids 2>/dev/null || true
      sleep 0.2
      pids=$(ip netns pids "$n" || true)
      [[ -n "$pids" ]] && kill -9 $pids 2>/dev/null || true
      ip netns del "$n"
    fi
    ip link del "${P}-${h}m" 2>/dev/null || true
  done
  ip link del "$BR" 2>/dev/null || true
  rm -f "$POINTER"
  [[ -n "$DIR" ]] && rm -rf "$DIR"
  DIR=
}

# start_sshd HOST [-slow]: the host's sshd (port 22), or its slow-login one (port 2201, root's home slow-home).
start_sshd() {
  local h=$1 cfg="$DIR/$1/sshd${2:-}_config" home="$DIR/$1/home"
  [[ ${2:-} == -slow ]] && home="$DIR/$1/slow-home"
  if [[ ${LINKLAB_LAB_HOME:-empty} == machine && ${2:-} != -slow ]]; then
    ip netns exec "$(ns "$h")" /usr/sbin/sshd -f "$cfg"
  else
    ip netns exec "$(ns "$h")" unshare --mount --propagation private \
      sh -c 'mount --bind "$1" /root && exec /usr/sbin/sshd -f "$2"' sh "$home" "$cfg"
  fi
}

# sshd forks into the background: wait until it answers.
await_sshd() {
  local port=${2:-22}
  for _ in $(seq 1 50); do
    if timeout 2 bash -c "exec 3<>/dev/tcp/${MGMT_IP[$1]}/$port" 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "$1: sshd does not answer on ${MGMT_IP[$1]}:$port" >&2
  return 1
}

write_sshd_config() {
  local h=$1 d="$DIR/$1"
  cat > "$d/sshd_config" <<CFG
ListenAddress ${MGMT_IP[$h]}
Port 22
HostKey $d/ssh_host_ed25519_key
HostKey $d/ssh_host_ecdsa_key
PidFile $d/sshd.pid
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
AuthorizedKeysFile $DIR/authorized_keys
StrictModes no
UsePAM no
PrintMotd no
PrintLastLog no
MaxSessions 64
MaxStartups 64:30:128
ClientAliveInterval 10
ClientAliveCountMax 3
Subsystem sftp internal-sftp
CFG
  # The slow-login sshd: the same host keys and logins on another port; root's home there is slow-home.
  sed -e "s/^Port 22\$/Port $SLOW_PORT/" -e "s|^PidFile .*|PidFile $d/sshd-slow.pid|" "$d/sshd_config" > "$d/sshd-slow_config"
  mkdir -p -m 700 "$d/slow-home"
  # The CPU is read from /proc/$$/stat (utime + stime, fields 14 and 15): on a loaded machine it costs
  # what pyenv would, more wall time for the same CPU.
  cat > "$d/slow-home/.bashrc" <<RC
[ -n "\$SSH_CONNECTION" ] && echo "\$EPOCHREALTIME \$\$" >> $d/logins.log
while :; do
  for ((linklab_i = 0; linklab_i < 2000; linklab_i++)); do :; done
  read -r linklab_s < /proc/\$\$/stat
  linklab_s=(\${linklab_s##*) })
  (( linklab_s[11] + linklab_s[12] >= $SLOW_LOGIN_TICKS )) && break
done
unset linklab_i linklab_s
RC
  : > "$d/logins.log"
}

up() {
  need_tools
  ensure_users
  if status >/dev/null 2>&1; then echo "lab $ID already up"; status; write_env; return 0; fi
  down  # a half-made lab is rebuilt from nothing
  # A failure from here on takes down what was made so far (the EXIT trap runs as set -e stops the script).
  trap 'rc=$?; if ((rc)); then echo "lab $ID: up failed, taking down what it made" >&2; down; fi' EXIT
  mkdir -p /run/sshd
  mkdir -p -m 755 "$POINTERS"
  root_only "$POINTERS" || { echo "$POINTERS must be root's alone (owner root, not group/world writable)" >&2; exit 2; }
  DIR=$(mktemp -d "/tmp/linklab-lab-${ID}.XXXXXX")
  chmod 711 "$DIR"
  ln -sfn "$DIR" "$POINTER.new" && mv -T "$POINTER.new" "$POINTER"
  ssh-keygen -q -t ed25519 -N '' -C "linklab-lab-$ID" -f "$DIR/id_ed25519"
  cp "$DIR/id_ed25519.pub" "$DIR/authorized_keys"
  chmod 644 "$DIR/authorized_keys"
  : > "$DIR/known_hosts"

  ip link add "$BR" type bridge
  ip addr add "${MGMT_NET}.1/24" dev "$BR"
  ip link set "$BR" up

  for h in "${HOSTS[@]}"; do
    local n; n=$(ns "$h")
    ip netns add "$n"
    ip -n "$n" link set lo up
    ip link add "${P}-${h}m" type veth peer name mgmt0 netns "$n"
    ip link set "${P}-${h}m" master "$BR" up
    ip -n "$n" addr add "${MGMT_IP[$h]}/24" dev mgmt0
    ip -n "$n" link set mgmt0 up
  done

  # The data link: a veth pair straight between h1 and h2.
  ip link add "${P}-d1" netns "$(ns h1)" type veth peer name "${P}-d2" netns "$(ns h2)"
  ip -n "$(ns h1)" link set "${P}-d1" name data0
  ip -n "$(ns h2)" link set "${P}-d2" name data0
  for h in h1 h2; do
    ip -n "$(ns "$h")" addr add "${DATA_IP[$h]}/24" dev data0
    ip -n "$(ns "$h")" link set data0 up
  done

  for h in "${HOSTS[@]}"; do
    mkdir -p "$DIR/$h"
    ssh-keygen -q -t ed25519 -N '' -f "$DIR/$h/ssh_host_ed25519_key"
    ssh-keygen -q -t ecdsa -N '' -f "$DIR/$h/ssh_host_ecdsa_key"
    write_sshd_config "$h"
    # Root's logins on a lab host get a home of the host's own, empty like a fresh machine's: the test
    # machine's /root/.bashrc (pyenv, cargo) would otherwise cost every command 1-3 s of login shell.
    # SlowLoginShellTest and the warm launchers cover hosts whose rc files are slow.
    # LINKLAB_LAB_HOME=machine keeps this machine's /root instead (engine-bench.sh: hosts whose login shells are
    # slow, as a by-hand ssh pays on them).
    mkdir -m 700 "$DIR/$h/home"
    start_sshd "$h"
    start_sshd "$h" -slow
    # known_hosts from the generated keys themselves: no network round trip to trust.
    for k in ed25519 ecdsa; do
      echo "${MGMT_IP[$h]} $(cut -d' ' -f1,2 "$DIR/$h/ssh_host_${k}_key.pub")" >> "$DIR/known_hosts"
      echo "[${MGMT_IP[$h]}]:$SLOW_PORT $(cut -d' ' -f1,2 "$DIR/$h/ssh_host_${k}_key.pub")" >> "$DIR/known_hosts"
    done
  done

  cat > "$DIR/ssh_config" <<CFG
Host h1
  HostName ${MGMT_IP[h1]}
Host h2
  HostName ${MGMT_IP[h2]}
Host h3
  HostName ${MGMT_IP[h3]}
Host h1 h2 h3 ${MGMT_NET}.*
  User root
  IdentityFile $DIR/id_ed25519
  UserKnownHostsFile $DIR/known_hosts
  StrictHostKeyChecking yes
CFG

  for h in "${HOSTS[@]}"; do await_sshd "$h" || true; await_sshd "$h" "$SLOW_PORT" || true; done
  write_env
  status
  trap - EXIT
}

write_env() {
  cat > "$DIR/lab.env" <<ENV
LAB_ID=$ID
LAB_DIR=$DIR
IDENTITY=$DIR/id_ed25519
KNOWN_HOSTS=$DIR/known_hosts
SSH_CONFIG=$DIR/ssh_config
BRIDGE_ADDR=${MGMT_NET}.1
UNUSED_MGMT_ADDR=${MGMT_NET}.99
H1_NS=$(ns h1)
H1_MGMT=${MGMT_IP[h1]}
H1_DATA_IF=data0
H1_DATA=${DATA_IP[h1]}
H1_MGMT_VETH=${P}-h1m
H2_NS=$(ns h2)
H2_MGMT=${MGMT_IP[h2]}
H2_DATA_IF=data0
H2_DATA=${DATA_IP[h2]}
H2_MGMT_VETH=${P}-h2m
H3_NS=$(ns h3)
H3_MGMT=${MGMT_IP[h3]}
H3_DATA_IF=${DATA_IF[h3]}
H3_DATA=${DATA_IP[h3]}
H3_MGMT_VETH=${P}-h3m
SUDO_USER=linklab-sudo
NOPW_USER=linklab-nopw
SLOW_LOGIN_PORT=$SLOW_PORT
H1_LOGIN_LOG=$DIR/h1/logins.log
H2_LOGIN_LOG=$DIR/h2/logins.log
H3_LOGIN_LOG=$DIR/h3/logins.log
ENV
}

cmd=${1:-status}
case "$cmd" in
  up) need_root; up ;;
  down) need_root; down; echo "lab $ID down" ;;
  status) status ;;
  env) [[ -n "$DIR" && -f "$DIR/lab.env" ]] || { echo "lab $ID is not up (no $POINTER); bring it up as root with: LINKLAB_LAB_ID=$ID bash src/test/lab/lab.sh up" >&2; exit 1; }
       cat "$DIR/lab.env" ;;
  purge-users) need_root; purge_users; echo "removed ${SUDO_USERS[*]}, $SUDOERS and the helpers in $HELPER_DIR" ;;
  mgmt-down|mgmt-up|sshd-down|sshd-up)
    need_root
    h=${2:?"usage: lab.sh $cmd h1|h2|h3"}
    [[ -n "${MGMT_IP[$h]:-}" ]] || { echo "unknown lab host '$h' (h1, h2 or h3)" >&2; exit 2; }
    [[ -n "$DIR" ]] || { echo "lab $ID is not up" >&2; exit 1; }
    case "$cmd" in
      mgmt-*) ip link set "${P}-${h}m" "${cmd#mgmt-}" ;;
      # the listener only (sessions already open live on), by the pid it wrote into the lab's root-only folder
      sshd-down)
        pid=$(sshd_pid "$h")
        if [[ -n "$pid" ]]; then
          kill "$pid" 2>/dev/null || true
          for _ in $(seq 1 50); do [[ -e "/proc/$pid" ]] || break; sleep 0.1; done
          rm -f "$DIR/$h/sshd.pid"
        fi ;;
      sshd-up)
        pid=$(sshd_pid "$h")
        if [[ -z "$pid" || ! -e "/proc/$pid" ]]; then start_sshd "$h"; fi
        await_sshd "$h" ;;
    esac ;;
  *) echo "usage: lab.sh up|down|status|env|mgmt-down HOST|mgmt-up HOST|sshd-down HOST|sshd-up HOST|purge-users" >&2; exit 2 ;;
esac
