#!/bin/sh
# Win rates of the opponent against greedy, from both sides, with greedy
# against greedy beside them, on every shipped scenario and on generated
# quick battles; prints a markdown table (docs/AI.md). The quick battles
# are summed into one row (QROWS=1 adds a row for each).
#   CLI=/tmp/hexfire-cli LEVEL=normal N=60 Q=100 QN=4 sh ai/testdata/winrates.sh
# (LEVEL unset: simulate's default, for a hexfire-cli without --ai-level;
# RULES=NAME plays every battle by that ruleset instead of its own)
# CLI: a hexfire-cli binary; N: battles per scenario and side (seeds 1..N;
# 0: no scenario rows); Q: generated quick battles (generate --seed
# QSEED..QSEED+Q-1, QSEED at least 1, 1 unless set, ground cycling through
# the six kinds); QN: battles per quick battle and side.
set -eu
cli=${CLI:-hexfire-cli} n=${N:-40} q=${Q:-100} qn=${QN:-4} first=${QSEED:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
wins() { # scenario allies axis battles -> "allies-wins axis-wins"
	"$cli" simulate --scenario "$1" --allies "$2" --axis "$3" --battles "$4" --seed 1 ${LEVEL:+--ai-level "$LEVEL"} ${RULES:+--rules "$RULES"} --json |
		tr -d ' \n' | sed 's/.*"wins":{\([^}]*\)}.*/\1/' | tr ',' '\n' |
		awk -F: '/allies/{a=$2} /axis/{x=$2} END{print a, x}'
}
counts() { # scenario battles -> "opp-allies-wins opp-axis-wins greedy-allies-wins greedy-axis-wins"
	set -- "$1" "$2" $(wins "$1" opponent greedy "$2") $(wins "$1" greedy opponent "$2") $(wins "$1" greedy greedy "$2")
	echo "$3 $6 $7 $8"
}
row() { # name battles opp-allies opp-axis greedy-allies greedy-axis
	awk -v name="$1" -v n="$2" -v oa="$3" -v ox="$4" -v ga="$5" -v gx="$6" 'BEGIN{
		printf "| %s | %d | %.1f%% | %.1f%% | %.1f%% | %.0f%% / %.0f%% |\n", name, n, 100*oa/n, 100*ox/n, 50*(oa+ox)/n, 100*ga/n, 100*gx/n }'
}
echo "| battle | battles a side | opponent as allies | opponent as axis | mean | greedy vs greedy: allies / axis |"
echo "|---|---|---|---|---|---|"
for s in assets/scenarios/*.tmx; do
	[ "$n" -gt 0 ] && row "$(basename "$s" .tmx)" "$n" $(counts "$s" "$n")
done
grounds="bocage town steppe river forest mixed"
i=$first qa=0 qx=0 ga=0 gx=0
while [ "$i" -lt $((first + q)) ]; do
	g=$(echo $grounds | cut -d' ' -f$(( (i - 1) % 6 + 1 )))
	"$cli" generate --seed "$i" --ground "$g" --out "$tmp/q$i.tmx" > /dev/null
	set -- $(counts "$tmp/q$i.tmx" "$qn")
	[ "${QROWS:-}" = 1 ] && row "quick $i ($g)" "$qn" "$@"
	qa=$((qa + $1)) qx=$((qx + $2)) ga=$((ga + $3)) gx=$((gx + $4))
	i=$((i + 1))
done
[ "$q" -gt 0 ] && row "$q quick battles ($first–$((first + q - 1))), $qn a side each" $((q * qn)) "$qa" "$qx" "$ga" "$gx"
exit 0
