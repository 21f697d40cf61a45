#!/bin/bash
# perf-split.sh N1 N2 PROGRAM ARGS...
#
# Splits the CPU time of one frame between our process's own code (the Go
# binary: game, ebiten, runtime), the rest of our threads (Mesa's GL front
# end, the kernel, libc) and Mesa's llvmpipe rasteriser threads (the
# software stand-in for the GPU under Xvfb). It runs PROGRAM twice under
# `perf record` inside xvfb-run, with N1 and then N2 frames (every "{N}" in
# ARGS is replaced by the count), and divides the difference of the
# samples by N2 - N1, so start-up and one-off costs cancel out.
#
# Needs perf (linux-perf) and xvfb-run. Examples, from the repository root:
#
#   go test -c -o /tmp/game.test ./game/
#   game/testdata/perf-split.sh 40 120 /tmp/game.test -test.run '^$' \
#       -test.bench '^BenchmarkPlayFrame$/^default-fire$/^still$' -test.benchtime '{N}x'
#
#   go build -o /tmp/hexfire .
#   game/testdata/perf-split.sh 100 400 /tmp/hexfire -seed 1 -screenshot /tmp/s.png \
#       -select E4 -hover C1 -frames '{N}'
set -euo pipefail
n1=$1 n2=$2 prog=$3
shift 3
rate=2000 # samples per second of CPU: one sample is 0.5 ms
exe=$(basename "$prog")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for n in "$n1" "$n2"; do
	args=("${@//\{N\}/$n}")
	xvfb-run -a perf record -q -F $rate -o "$tmp/$n.data" "$prog" "${args[@]}" >/dev/null 2>&1
	perf report -i "$tmp/$n.data" --stdio --sort comm,dso -n 2>/dev/null |
		awk -v n="$n" -v exe="$exe" '/^#/ || NF < 4 { next }
			{ k = "other: Mesa GL front end, kernel, libc on our threads"
			  if ($3 ~ /^llvmpipe/) k = "llvmpipe rasteriser threads"
			  else if ($4 == exe) k = "our Go binary: game, ebiten, runtime"
			  t[k] += $2 }
			END { for (k in t) print n "\t" k "\t" t[k] }'
done >"$tmp/samples"
awk -F '\t' -v a="$n1" -v b="$n2" -v rate=$rate '
	{ v[$1 FS $2] = $3; keys[$2] = 1 }
	END { for (k in keys) printf "%-55s %6.2f ms/frame\n", k, (v[b FS k] - v[a FS k]) * 1000 / rate / (b - a) }' "$tmp/samples" | sort
