#!/bin/sh
# The command line's contract: help on stdout with status 0; unknown commands and options refused
# on stderr with status 2; output lost to a full disk, a closed pipe or a closed stdout is a
# failure with a message on stderr. Usage: cli_test.sh path/to/normlab
set -u
normlab=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

fail() {
  echo "FAILED: $1" >&2
  failures=$((failures + 1))
}

# expect NAME STATUS STDOUT_PATTERN STDERR_PATTERN -- ARGS...: runs normlab ARGS, stdout and
# stderr to files; an empty pattern means the stream must be empty.
expect() {
  name=$1 status=$2 out_pattern=$3 err_pattern=$4
  shift 5
  "$normlab" "$@" >"$work/out" 2>"$work/err"
  got=$?
  [ "$got" -eq "$status" ] || fail "$name: status $got, expected $status"
  if [ -n "$out_pattern" ]; then
    grep -q -- "$out_pattern" "$work/out" || fail "$name: stdout lacks '$out_pattern'"
  elif [ -s "$work/out" ]; then
    fail "$name: stdout is not empty"
  fi
  if [ -n "$err_pattern" ]; then
    grep -q -- "$err_pattern" "$work/err" || fail "$name: stderr lacks '$err_pattern'"
  elif [ -s "$work/err" ]; then
    fail "$name: stderr is not empty"
  fi
}

expect "--help" 0 "^usage: normlab COMMAND" "" -- --help
expect "-h" 0 "^usage: normlab COMMAND" "" -- -h
expect "help after a command" 0 "^usage:" "" -- figures --help
expect "unknown command" 2 "" "unknown command 'bogus'" -- bogus
expect "unknown option" 2 "" "unknown option '--jsno'" -- figures --jsno
expect "two commands" 2 "" "one command at a time" -- curves figures
expect "no command" 2 "" "no command given" --
expect "a command" 0 "first under 0.3" "" -- curves
expect "tutorial" 0 "\"nudge\"" "" -- tutorial --json
expect "starting slopes" 0 "\"pre\":\\[" "" -- starting-slopes --json
expect "starting slopes over draws" 0 "\"perDraw\":\\[\\[" "" -- starting-slopes-ensemble --draws 2
expect "draws given inline" 0 "\"draws\":3," "" -- starting-slopes-ensemble --draws=3 --json
expect "draws beyond 64" 1 "" "SizeError: draws 65 is outside 1..64" -- starting-slopes-ensemble --draws=65
expect "seeds beyond 64" 1 "" "SizeError: 65 seeds is outside 1..64" -- warm-up-ensemble --seeds 65
expect "seeds past the largest size" 1 "" "SizeError: .* seeds is outside 1..64" -- warm-up-ensemble --seeds 99999999999999999999999
expect "no seeds" 2 "" "'--seeds' takes a whole number from 1, not '0'" -- warm-up-ensemble --seeds 0
expect "seeds not a number" 2 "" "'--seeds' takes a whole number from 1, not '-3'" -- warm-up-ensemble --seeds=-3
expect "seeds without a value" 2 "" "'--seeds' needs a whole number" -- warm-up-ensemble --seeds
expect "seeds of another command" 2 "" "'--seeds' is an option of warm-up-ensemble, not of figures" -- figures --seeds 3
expect "draws of another command" 2 "" "'--draws' is an option of starting-slopes-ensemble" -- warm-up-ensemble --draws 3

# A full disk.
if [ -w /dev/full ]; then
  "$normlab" figures --json >/dev/full 2>"$work/err"
  got=$?
  [ "$got" -ne 0 ] || fail "/dev/full: status 0"
  grep -q "could not write" "$work/err" || fail "/dev/full: no message on stderr"
fi

# A closed pipe: the reader leaves before the output (larger than a pipe's buffer) is written.
{ "$normlab" figures --json 2>"$work/err"; echo $? >"$work/status"; } | true
[ "$(cat "$work/status")" -ne 0 ] || fail "closed pipe: status 0"
grep -q "could not write" "$work/err" || fail "closed pipe: no message on stderr"

# A closed stdout.
"$normlab" figures --json >&- 2>"$work/err"
got=$?
[ "$got" -ne 0 ] || fail "closed stdout: status 0"
grep -q "could not write" "$work/err" || fail "closed stdout: no message on stderr"

if [ "$failures" -ne 0 ]; then
  echo "$failures CLI check(s) failed" >&2
  exit 1
fi
echo "every CLI check passed"
