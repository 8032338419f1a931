// bench/process_wall.mjs
//
// The wall time of a child process as a shell sees it. A small bash reads its microsecond clock
// ($EPOCHREALTIME) right before and after the command and leaves both on stderr's last line:
// forking the benchmark's node process, which is large once DuckDB holds its data (tens of ms per
// fork), would otherwise be counted as the command's time.

const script = 'start=$EPOCHREALTIME; "$@"; status=$?; ' +
  'echo "SLUICE_WALL $start $EPOCHREALTIME" >&2; exit $status';

// The command line that runs `argv` between two readings of bash's clock.
export function withBashClock(argv) {
  return ['bash', '-c', script, 'bash', ...argv];
}

// The wall seconds that bash measured around the command of a spawnSync result (null when the
// line is missing: bash did not get that far); the line is removed from result.stderr.
export function takeBashClock(result) {
  const lines = (result.stderr || '').split('\n');
  const wall = lines.find((line) => line.startsWith('SLUICE_WALL '));
  result.stderr = lines.filter((line) => !line.startsWith('SLUICE_WALL ')).join('\n');
  if (!wall) return null;
  const [, from, to] = wall.split(' ').map(Number);
  return to >= from ? to - from : null;
}
