#!/bin/sh
# Win rates of the opponent against greedy, from both sides, with greedy
# against greedy beside them, on every shipped scenario and on generated
# quick battles; prints a markdown table (docs/AI.md).
#   CLI=/tmp/hexfire-cli LEVEL=normal N=40 Q=100 QN=4 sh ai/testdata/winrates.sh
# (LEVEL unset: simulate's default, for a hexfire-cli without --ai-level)
# CLI: a hexfire-cli binary; N: battles per scenario and side (seeds 1..N);
# Q: generated quick battles (generate --seed 1..Q, ground cycling through
# the six kinds); QN: battles per quick battle and side.
set -eu
cli=${CLI:-hexfire-cli} n=${N:-40} q=${Q:-100} qn=${QN:-4}
tmp=$(mktemp -d)
wins() { # scenario allies axis battles -> "allies-wins axis-wins"
	"$cli" simulate --scenario "$1" --allies "$2" --axis "$3" --battles "$4" --seed 1 ${LEVEL:+--ai-level "$LEVEL"} --json |
		tr -d ' \n' | sed 's/.*"wins":{\([^}]*\)}.*/\1/' | tr ',' '\n' |
		awk -F: '/allies/{a=$2} /axis/{x=$2} END{print a, x}'
}
row() { # name scenario battles
	set -- "$1" "$2" "$3" $(wins "$2" opponent greedy "$3") $(wins "$2" greedy opponent "$3") $(wins "$2" greedy greedy "$3")
	# $4 opp-as-allies wins, $7 opp-as-axis wins ($6 is greedy-allies wins there), $8 $9 greedy-greedy
	awk -v name="$1" -v n="$3" -v oa="$4" -v ox="$7" -v ga="$8" -v gx="$9" 'BEGIN{
		printf "| %s | %d | %.0f%% | %.0f%% | %.0f%% | %.0f%% / %.0f%% |\n", name, n, 100*oa/n, 100*ox/n, 50*(oa+ox)/n, 100*ga/n, 100*gx/n }'
}
echo "| battle | battles a side | opponent as allies | opponent as axis | mean | greedy vs greedy: allies / axis |"
echo "|---|---|---|---|---|---|"
for s in assets/scenarios/*.tmx; do
	row "$(basename "$s" .tmx)" "$s" "$n"
done
grounds="bocage town steppe river forest mixed"
i=1
while [ "$i" -le "$q" ]; do
	g=$(echo $grounds | cut -d' ' -f$(( (i - 1) % 6 + 1 )))
	"$cli" generate --seed "$i" --ground "$g" --out "$tmp/q$i.tmx" > /dev/null
	row "quick $i ($g)" "$tmp/q$i.tmx" "$qn"
	i=$((i + 1))
done
rm -rf "$tmp"
