#!/bin/sh
# Builds the head-to-head harness: this tree's committed HEAD with the ai
# package of an older commit copied in as package oldai, and this
# directory's main.go, into the binary OUT. adapt.sed then adapts the old
# package to the API of today's engine (renamed fields and methods only:
# see its comments); an old commit whose ai needs more does not build.
#   sh ai/testdata/headtohead/run.sh 109074d /tmp/headtohead
#   /tmp/headtohead -battles 50 -seed 1 -scenario assets/scenarios/le-dezert.tmx
set -eu
base=$1 out=$2
repo=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$repo" archive HEAD | tar -x -C "$work"
mkdir "$work/oldai" "$work/cmd/headtohead"
git -C "$repo" archive "$base" ai | tar -x -C "$work/oldai" --strip-components=1
rm -rf "$work/oldai/testdata" "$work"/oldai/*_test.go
sed -i 's/^package ai$/package oldai/' "$work"/oldai/*.go
sed -i -f "$repo/ai/testdata/headtohead/adapt.sed" "$work"/oldai/*.go
cp "$repo/ai/testdata/headtohead/main.go" "$work/cmd/headtohead/"
(cd "$work" && go build -o "$out" ./cmd/headtohead)
echo "built $out: this HEAD's opponent against the one of $base"
