package infantry

import (
	"fmt"
	"slices"
	"strings"

	"hexfire/combat"
)

// Allocations returns every legal way of spending points on defs, the
// automatic allocation (Spend's) first. Legal (infantry-combat.md, the
// spending rules): a valorous unit or a shielded Gun ignores the first
// point and must take some of the rest; when pins alone cover the total
// the points pin that many unpinned units on the map; otherwise units
// are reduced, eliminated or (vehicles and Guns) checked or destroyed,
// with pins for what is left, already pinned units only when the
// unpinned ones cannot absorb the total; a total beyond what the hex can
// absorb eliminates every unit. The rules ask the defender to spend the
// total, so a choice that would still spend it with a unit (or a vehicle
// and its passengers) taking a lighter share is not offered: no pin,
// reduction or elimination more than the points need (our reading).
func Allocations(defs []combat.Defender, points int) [][]combat.Loss {
	auto, _ := allocate(defs, points)
	out := [][]combat.Loss{auto}
	for _, c := range legalAllocations(defs, points) {
		if !slices.Equal(c, auto) {
			out = append(out, c)
		}
	}
	return out
}

// legalAllocations enumerates the legal allocations (see Allocations) in
// the order of the defenders' groups and options.
func legalAllocations(defs []combat.Defender, points int) [][]combat.Loss {
	favoured, points, _ := favour(defs, points)
	if points <= 0 {
		return [][]combat.Loss{make([]combat.Loss, len(defs))}
	}
	if pinnable := pinnables(defs, favoured); pinsCover(pinnable, points, favoured) {
		return pinSets(len(defs), pinnable, points, favoured)
	}
	groups := groupsOf(defs)
	usePinned, allCap := capacities(defs, groups, points)
	if allCap != unlimited && allCap < points {
		all := make([]combat.Loss, len(defs))
		for i := range all {
			all[i] = aEliminate
		}
		return [][]combat.Loss{all}
	}
	opts := make([][]option, len(groups))
	for gi, g := range groups {
		opts[gi] = groupOptions(defs, g, usePinned, favoured)
	}
	var out [][]combat.Loss
	chosen := make([]int, len(groups))   // the option of each group
	covers := func(skip, alt int) bool { // with group skip taking option alt
		hi := 0
		for gi, oi := range chosen {
			if gi == skip {
				oi = alt
			}
			if opts[gi][oi].hi == unlimited {
				return true
			}
			hi += opts[gi][oi].hi
		}
		return hi >= points
	}
	var walk func(gi int)
	walk = func(gi int) {
		if gi < len(groups) {
			for oi := range opts[gi] {
				chosen[gi] = oi
				walk(gi + 1)
			}
			return
		}
		if !covers(-1, 0) {
			return
		}
		cur := make([]combat.Loss, len(defs))
		for gi, oi := range chosen {
			for k, m := range groups[gi] {
				cur[m] = opts[gi][oi].acts[k]
			}
		}
		if favoured >= 0 && cur[favoured] == aNone {
			return
		}
		for gi, oi := range chosen { // no group could take less
			for alt, o := range opts[gi] {
				if lighter(o, opts[gi][oi]) && covers(gi, alt) && !sparesFavoured(groups[gi], o, favoured) {
					return
				}
			}
		}
		out = append(out, cur)
	}
	walk(0)
	return out
}

// lighter reports whether option a of a group is a lighter share than b:
// no member takes more, and one takes less (a destroyed vehicle's
// passengers count as eliminated with it).
func lighter(a, b option) bool {
	harm := func(o option, k int) combat.Loss {
		if k > 0 && o.acts[0] == aDestroy {
			return aEliminate
		}
		return o.acts[k]
	}
	less := false
	for k := range a.acts {
		switch ha, hb := harm(a, k), harm(b, k); {
		case ha > hb:
			return false
		case ha < hb:
			less = true
		}
	}
	return less
}

// sparesFavoured reports whether option o of group g leaves the favoured
// unit untouched, which the rules do not allow.
func sparesFavoured(g []int, o option, favoured int) bool {
	k := slices.Index(g, favoured)
	return k >= 0 && o.acts[k] == aNone
}

// pinSets returns every set of points units of pinnable pinned, the
// favoured one always among them.
func pinSets(n int, pinnable []int, points, favoured int) [][]combat.Loss {
	var out [][]combat.Loss
	var pick func(from, left int, cur []combat.Loss)
	pick = func(from, left int, cur []combat.Loss) {
		if left == 0 {
			out = append(out, slices.Clone(cur))
			return
		}
		for k := from; k <= len(pinnable)-left; k++ {
			if favoured >= 0 && k > 0 && cur[favoured] == aNone {
				return // the favoured unit (first) must be pinned
			}
			cur[pinnable[k]] = aPin
			pick(k+1, left-1, cur)
			cur[pinnable[k]] = aNone
		}
	}
	pick(0, points, make([]combat.Loss, n))
	return out
}

// SpendAs spends points on defs as choice says, which must be one of
// Allocations, rolling 1d6 for each vehicle or Gun it leaves to check.
func SpendAs(defs []combat.Defender, points int, choice []combat.Loss, d combat.Dice) (combat.Spent, error) {
	if len(choice) != len(defs) {
		return combat.Spent{}, fmt.Errorf("the allocation names %d units; the hex has %d that take points", len(choice), len(defs))
	}
	if !slices.ContainsFunc(Allocations(defs, points), func(c []combat.Loss) bool { return slices.Equal(c, choice) }) {
		return combat.Spent{}, fmt.Errorf("%s is not a legal way to spend %d casualty point%s", DescribeAllocation(defs, choice), points, plural(points))
	}
	_, left, steps := favour(defs, points)
	return spendActs(defs, choice, append(steps, describe(defs, choice, left)...), d), nil
}

// DescribeAllocation writes an allocation in a line: "US Rifle Squad #1
// reduced, US Leader #3 pinned"; "nothing" when it touches no unit.
func DescribeAllocation(defs []combat.Defender, choice []combat.Loss) string {
	var parts []string
	for i, c := range choice {
		if i < len(defs) && c != aNone {
			parts = append(parts, defs[i].Name+" "+c.Words())
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// RollAP rolls an AP attack's casualty points without spending them.
func RollAP(a combat.APAttack, d combat.Dice) combat.APOutcome {
	o, err := roll(a, d)
	if err != nil {
		o.Err = err
	}
	return o
}
