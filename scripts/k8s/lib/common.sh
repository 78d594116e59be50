# shellcheck shell=bash
# Helpers shared by up, images and down.
log() { echo "k8s-$(basename "$0"): $*" >&2; }
die() { log "$*"; exit 1; }

# Starts a program in the background in its own session, its pid in $RUN_DIR/<name>.pid and
# its output in $STATE_DIR/log/<name>.log.
start_daemon() {
  local name=$1; shift
  mkdir -p "$RUN_DIR" "$STATE_DIR/log"
  if [ -f "$RUN_DIR/$name.pid" ] && kill -0 "$(cat "$RUN_DIR/$name.pid")" 2>/dev/null; then
    return 0
  fi
  setsid "$@" >>"$STATE_DIR/log/$name.log" 2>&1 </dev/null &
  echo $! >"$RUN_DIR/$name.pid"
}

# Waits until a command succeeds; prints the daemon's log tail on timeout.
wait_until() {
  local what=$1 seconds=$2 log_name=$3; shift 3
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    if [ $SECONDS -ge $deadline ]; then
      log "$what did not come up within ${seconds}s"
      [ -n "$log_name" ] && tail -n 40 "$STATE_DIR/log/$log_name.log" >&2
      return 1
    fi
    sleep 0.5
  done
}

kubectl() { "$BIN_DIR/kubectl" "$@"; }
