package infantry

import (
	"fmt"
	"slices"
	"strconv"

	"hexfire/combat"
)

// action is how the allocation spends points on one defender.
type action = combat.Loss

const (
	aNone      = combat.NoLoss
	aPin       = combat.LossPin
	aReduce    = combat.LossReduce
	aReducePin = combat.LossReducePin
	aEliminate = combat.LossEliminate
	aCheck     = combat.LossCheck   // a vehicle or Gun takes 2..CR points and checks 1d6 ≤ CR
	aDestroy   = combat.LossDestroy // a vehicle or Gun takes more than its CR (pinned: its CR)
)

// Spend spends points on the defenders with the automatic allocation (see
// Allocate) and rolls 1d6 for each unarmoured vehicle or Gun that took
// between 2 points and its CR: up to its CR pinned, above it destroyed.
// Passengers share their vehicle's fate: pinned with it (never on their
// own), eliminated with it.
func Spend(defs []combat.Defender, points int, d combat.Dice) combat.Spent {
	acts, steps := allocate(defs, points)
	return spendActs(defs, acts, steps, d)
}

// spendActs carries out an allocation: it rolls the check of each vehicle
// or Gun that took 2 points up to its CR and gives every defender's fate.
func spendActs(defs []combat.Defender, acts []action, steps []string, d combat.Dice) combat.Spent {
	sp := combat.Spent{Fates: make([]combat.Fate, len(defs)), Steps: steps}
	checks := make([]bool, len(defs)) // check passed, for vehicles with aCheck
	for i, a := range acts {
		if a != aCheck {
			continue
		}
		die := d.Roll(6)
		sp.Rolls = append(sp.Rolls, combat.Roll{Purpose: "vehicle check", Sides: 6, Dice: []int{die}})
		checks[i] = die <= defs[i].CR
		result := "destroyed"
		if checks[i] {
			result = "pinned"
		}
		sp.Steps = append(sp.Steps, fmt.Sprintf("%s: pinned on %d or less, rolled %d: %s", defs[i].Name, defs[i].CR, die, result))
	}
	sp.Fates = fates(defs, acts, checks)
	return sp
}

// fates turns actions and check results into each defender's fate.
func fates(defs []combat.Defender, acts []action, checks []bool) []combat.Fate {
	fs := make([]combat.Fate, len(defs))
	for i, a := range acts {
		switch a {
		case aPin:
			fs[i] = combat.FatePinned
		case aReduce:
			fs[i] = combat.FateReduced
		case aReducePin:
			fs[i] = combat.FateReducedPinned
		case aEliminate, aDestroy:
			fs[i] = combat.FateEliminated
		case aCheck:
			fs[i] = combat.FateEliminated
			if checks[i] {
				fs[i] = combat.FatePinned
			}
		}
	}
	for i, d := range defs {
		if d.Carrier == 0 {
			continue
		}
		switch fs[d.Carrier-1] {
		case combat.FateEliminated:
			fs[i] = combat.FateEliminated
		case combat.FatePinned:
			switch fs[i] {
			case combat.FateUntouched:
				fs[i] = combat.FatePinned
			case combat.FateReduced:
				fs[i] = combat.FateReducedPinned
			}
		}
	}
	return fs
}

// SpendOdds returns every effect Spend can have with its weight out of
// 6^V, V the number of unarmoured vehicles and Guns among the defenders
// (each may roll one check die).
func SpendOdds(defs []combat.Defender, points int) []combat.FateOdds {
	acts, _ := allocate(defs, points)
	var checked []int
	per := uint64(1)
	for i, d := range defs {
		switch {
		case acts[i] == aCheck:
			checked = append(checked, i)
		case d.Vehicle():
			per *= 6
		}
	}
	var out []combat.FateOdds
	for mask := 0; mask < 1<<len(checked); mask++ {
		checks := make([]bool, len(defs))
		w := per
		for j, i := range checked {
			pass := uint64(min(max(defs[i].CR, 0), 6))
			if mask&(1<<j) != 0 {
				checks[i] = true
				w *= pass
			} else {
				w *= 6 - pass
			}
		}
		if w > 0 {
			out = append(out, combat.FateOdds{Fates: fates(defs, acts, checks), Weight: w})
		}
	}
	return out
}

// option is one way of spending points on a group: a unit on the map and
// its passengers.
type option struct {
	acts   []action // per member of the group
	lo, hi int      // points it absorbs: from lo to hi (hi < 0: no limit)
	loss6  int      // six times the expected casualty rating lost
}

const unlimited = -1

// allocate is the automatic allocation (infantry-combat.md, [DECIDED] for
// both sides): a valorous unit or a shielded Gun ignores the first point
// and must take the rest first; when pins alone cover the total, unpinned
// units are pinned, that unit first, then in the defenders' order;
// otherwise the allocation that covers the total with the least expected
// casualty rating lost (a vehicle check counts its chance of destruction),
// then the least overspent, then the fewest units eliminated, then the
// lightest actions on the earliest defenders. When the total is more than
// the hex can absorb, every unit in it is eliminated. Already pinned units take points only when the unpinned ones
// cannot absorb the total; points beyond what the hex absorbs are lost.
func allocate(defs []combat.Defender, points int) ([]action, []string) {
	acts := make([]action, len(defs))
	favoured, points, steps := favour(defs, points)
	if points <= 0 {
		return acts, steps
	}
	// Pins first, where they cover the total.
	pinnable := pinnables(defs, favoured)
	if pinsCover(pinnable, points, favoured) {
		for _, i := range pinnable[:points] {
			acts[i] = aPin
		}
		return acts, append(steps, describe(defs, acts, points)...)
	}
	groups := groupsOf(defs)
	usePinned, allCap := capacities(defs, groups, points)
	if allCap != unlimited && allCap < points {
		for i := range acts { // no vehicle here: capacity would be unlimited
			acts[i] = aEliminate
		}
		steps = append(steps, describe(defs, acts, allCap)...)
		return acts, append(steps, fmt.Sprintf("%d point%s beyond what the hex can absorb lost", points-allCap, plural(points-allCap)))
	}
	target := points
	opts := make([][]option, len(groups))
	for gi, g := range groups {
		opts[gi] = groupOptions(defs, g, usePinned, favoured)
	}
	best := make([]action, len(defs))
	bestLoss, bestOver, bestElim, found := 0, 0, 0, false
	cur := make([]action, len(defs))
	var walk func(gi, lo, hi, loss int)
	walk = func(gi, lo, hi, loss int) {
		if gi == len(groups) {
			if hi != unlimited && hi < target {
				return
			}
			if favoured >= 0 && cur[favoured] == aNone {
				return
			}
			over, elim := max(0, lo-target), eliminations(cur)
			if !found || loss < bestLoss || (loss == bestLoss && (over < bestOver ||
				(over == bestOver && (elim < bestElim || (elim == bestElim && slices.Compare(cur, best) < 0))))) {
				copy(best, cur)
				bestLoss, bestOver, bestElim, found = loss, over, elim, true
			}
			return
		}
		for _, o := range opts[gi] {
			for k, m := range groups[gi] {
				cur[m] = o.acts[k]
			}
			nhi := unlimited
			if hi != unlimited && o.hi != unlimited {
				nhi = hi + o.hi
			}
			walk(gi+1, lo+o.lo, nhi, loss+o.loss6)
		}
		for _, m := range groups[gi] {
			cur[m] = aNone
		}
	}
	walk(0, 0, 0, 0)
	if !found {
		return acts, steps // no unit can take anything
	}
	return best, append(steps, describe(defs, best, target)...)
}

// favour finds the defender that ignores the first point and takes the
// rest first (a valorous unit, else a Gun whose shield faces the attack;
// -1 for none) and returns the points left to spend with the step line
// saying so.
func favour(defs []combat.Defender, points int) (favoured, left int, steps []string) {
	favoured = -1
	for i, d := range defs {
		if d.Valorous || (d.Shielded && d.Vehicle()) {
			favoured = i
			break
		}
	}
	if points > 0 && favoured >= 0 {
		points--
		why := "Valor"
		if !defs[favoured].Valorous {
			why = "its gun shield"
		}
		steps = append(steps, fmt.Sprintf("%s ignores the first point (%s) and takes the rest first", defs[favoured].Name, why))
	}
	return favoured, points, steps
}

// pinnables lists the defenders a point may pin: unpinned units on the
// map, the favoured one first.
func pinnables(defs []combat.Defender, favoured int) []int {
	var pinnable []int
	if favoured >= 0 && !defs[favoured].Pinned && defs[favoured].Carrier == 0 {
		pinnable = append(pinnable, favoured)
	}
	for i, d := range defs {
		if i != favoured && !d.Pinned && d.Carrier == 0 {
			pinnable = append(pinnable, i)
		}
	}
	return pinnable
}

// pinsCover reports whether pins alone spend the points, the favoured
// unit (if any) among them.
func pinsCover(pinnable []int, points, favoured int) bool {
	return points <= len(pinnable) && (favoured < 0 || pinnable[0] == favoured)
}

// capacities returns whether already pinned units must take points (the
// unpinned ones cannot absorb them all) and the most the hex can absorb
// (unlimited with a vehicle or Gun in it).
func capacities(defs []combat.Defender, groups [][]int, points int) (usePinned bool, allCap int) {
	unpinnedCap := 0
	for _, g := range groups {
		unpinnedCap = addCap(unpinnedCap, capacity(defs, g, false))
		allCap = addCap(allCap, capacity(defs, g, true))
	}
	return unpinnedCap != unlimited && unpinnedCap < points, allCap
}

// eliminations counts the units an allocation eliminates or destroys.
func eliminations(acts []action) int {
	n := 0
	for _, a := range acts {
		if a == aEliminate || a == aDestroy {
			n++
		}
	}
	return n
}

func addCap(a, b int) int {
	if a == unlimited || b == unlimited {
		return unlimited
	}
	return a + b
}

// groupsOf returns the defenders grouped: each unit on the map with the
// passengers it carries, in the defenders' order.
func groupsOf(defs []combat.Defender) [][]int {
	var groups [][]int
	for i, d := range defs {
		if d.Carrier != 0 {
			continue
		}
		g := []int{i}
		for j, p := range defs {
			if p.Carrier == i+1 {
				g = append(g, j)
			}
		}
		groups = append(groups, g)
	}
	return groups
}

// capacity returns the most points a group can absorb (unlimited when a
// vehicle can be destroyed), counting already pinned units only if
// withPinned.
func capacity(defs []combat.Defender, g []int, withPinned bool) int {
	total := 0
	for _, m := range g {
		d := defs[m]
		if d.Pinned && !withPinned {
			continue
		}
		if d.Vehicle() {
			return unlimited
		}
		total += d.CR
	}
	return total
}

// unitOptions lists the actions one defender may take, with the points
// each absorbs.
func unitOptions(d combat.Defender, usePinned bool) []option {
	opts := []option{{acts: []action{aNone}}}
	if d.Pinned && !usePinned {
		return opts
	}
	if d.Vehicle() {
		if d.Pinned {
			return append(opts, option{acts: []action{aDestroy}, lo: d.CR, hi: unlimited})
		}
		opts = append(opts, option{acts: []action{aPin}, lo: 1, hi: 1})
		if d.CR >= 2 {
			opts = append(opts, option{acts: []action{aCheck}, lo: 2, hi: d.CR})
		}
		return append(opts, option{acts: []action{aDestroy}, lo: d.CR + 1, hi: unlimited})
	}
	if !d.Pinned {
		if d.Carrier == 0 {
			opts = append(opts, option{acts: []action{aPin}, lo: 1, hi: 1})
		}
		if diff := d.CR - d.HalfCR; d.HalfCR > 0 && diff > 0 {
			opts = append(opts, option{acts: []action{aReduce}, lo: diff, hi: diff, loss6: 6 * diff})
			if d.Carrier == 0 {
				opts = append(opts, option{acts: []action{aReducePin}, lo: diff + 1, hi: diff + 1, loss6: 6 * diff})
			}
		}
	}
	return append(opts, option{acts: []action{aEliminate}, lo: d.CR, hi: d.CR, loss6: 6 * d.CR})
}

// groupOptions combines the options of a unit and its passengers. A
// destroyed vehicle takes its passengers with it, so they need no action
// of their own; its loss counts their remaining casualty ratings.
func groupOptions(defs []combat.Defender, g []int, usePinned bool, favoured int) []option {
	opts := unitOptions(defs[g[0]], usePinned || g[0] == favoured)
	for _, m := range g[1:] {
		var next []option
		for _, o := range opts {
			if o.acts[0] == aDestroy {
				next = append(next, option{acts: append(slices.Clone(o.acts), aNone), lo: o.lo, hi: o.hi, loss6: o.loss6})
				continue
			}
			for _, p := range unitOptions(defs[m], usePinned || m == favoured) {
				hi := unlimited
				if o.hi != unlimited {
					hi = o.hi + p.hi
				}
				next = append(next, option{acts: append(slices.Clone(o.acts), p.acts[0]), lo: o.lo + p.lo, hi: hi, loss6: o.loss6 + p.loss6})
			}
		}
		opts = next
	}
	lead := defs[g[0]]
	if !lead.Vehicle() {
		return opts
	}
	for i := range opts {
		at := lead.CR // what the vehicle's destruction costs: its CR and its passengers'
		for k, m := range g[1:] {
			switch opts[i].acts[k+1] {
			case aNone:
				at += defs[m].CR
			case aReduce:
				at += defs[m].HalfCR
			}
		}
		switch opts[i].acts[0] {
		case aCheck:
			opts[i].loss6 += (6 - min(lead.CR, 6)) * at
		case aDestroy:
			opts[i].loss6 += 6 * at
		}
	}
	return opts
}

// describe says how the points are spent, one line per defender touched.
func describe(defs []combat.Defender, acts []action, points int) []string {
	var steps []string
	for i, a := range acts {
		d := defs[i]
		switch a {
		case aPin:
			steps = append(steps, d.Name+" pinned (1)")
		case aReduce:
			steps = append(steps, fmt.Sprintf("%s reduced to a half squad (%d)", d.Name, d.CR-d.HalfCR))
		case aReducePin:
			steps = append(steps, fmt.Sprintf("%s reduced to a half squad and pinned (%d)", d.Name, d.CR-d.HalfCR+1))
		case aEliminate:
			steps = append(steps, fmt.Sprintf("%s eliminated (%d)", d.Name, d.CR))
		case aCheck:
			steps = append(steps, fmt.Sprintf("%s takes 2 to %d points: it checks", d.Name, d.CR))
		case aDestroy:
			if d.Pinned {
				steps = append(steps, fmt.Sprintf("%s, already pinned, destroyed (%d)", d.Name, d.CR))
			} else {
				steps = append(steps, fmt.Sprintf("%s destroyed (more than its casualty rating %d)", d.Name, d.CR))
			}
		}
	}
	if len(steps) == 0 && points > 0 {
		steps = append(steps, strconv.Itoa(points)+" points, but nothing in the hex can take them")
	}
	return steps
}
