#!/bin/sh
# The computer opponent against random play under one ruleset: every
# shipped scenario, the opponent on each side in turn, N battles a side
# from seed 1; prints a markdown table (issues 9–12; docs/RULES-NAME.md).
#   go build -o /tmp/hexfire-cli ./cmd/hexfire-cli
#   CLI=/tmp/hexfire-cli RULES=d20 N=200 sh ai/testdata/vsrandom.sh
# simulate stops with an error at the first order the battle refuses, so a
# complete table also says that no order was refused.
set -eu
cli=${CLI:-hexfire-cli} rules=${RULES:?set RULES to a ruleset name} n=${N:-200}
wins() { # scenario allies axis -> "allies-wins axis-wins unended mean-turns"
	"$cli" simulate --scenario "$1" --rules "$rules" --allies "$2" --axis "$3" --battles "$n" --seed 1 --json |
		tr -d ' \n' | awk '{
			match($0, /"allies":[0-9]+,"axis":[0-9]+/); split(substr($0, RSTART, RLENGTH), w, /[:,]/)
			match($0, /"mean_turns":[0-9.]+/); t = substr($0, RSTART + 13, RLENGTH - 13)
			match($0, /"unended":[0-9]+/); u = substr($0, RSTART + 10, RLENGTH - 10)
			print w[2], w[4], u, t }'
}
echo "| scenario | opponent as the Allies against random | opponent as the Axis against random |"
echo "|---|---|---|"
for s in assets/scenarios/*.tmx; do
	set -- $(wins "$s" opponent random) $(wins "$s" random opponent)
	awk -v s="$(basename "$s")" -v n="$n" -v a="$1" -v ua="$3" -v ta="$4" -v x="$6" -v ux="$7" -v tx="$8" 'BEGIN{
		printf "| `%s` | %d of %d (%.1f%%), %.2f turns, %d unended | %d of %d (%.1f%%), %.2f turns, %d unended |\n",
			s, a, n, 100*a/n, ta, ua, x, n, 100*x/n, tx, ux }'
done
