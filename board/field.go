package board

// MinefieldDetour is the MP CostField adds for entering a minefield: a
// planner's distance goes round one for up to this many MP more. Our
// choice: two moves of a squad, since a unit entering a minefield is
// eliminated on 3 or less of a die (rules 20.7).
const MinefieldDetour = 8

// CostField returns, for every hex of the board by cell index (row·Width +
// col), the fewest movement points mover m pays to go from that hex to the
// nearest of goals, or -1 where no goal can be reached. It is the search
// of Reachable without units, facing or a limit of MP, run backwards from
// the goals (every goal costs 0), with the same step costs (StepCost) and
// the same bucket queue. Goals off the board are ignored. A planner reads
// it as a distance to its objectives from anywhere on the map. Entering a
// minefield counts MinefieldDetour more than its cost, so the field leads
// round minefields where a way round is not much longer.
func (b *Board) CostField(m Mover, goals []Hex) []int32 {
	dist := make([]int32, b.Width*b.Height)
	for i := range dist {
		dist[i] = -1
	}
	hexOf := func(i int32) Hex { return b.Layout.ToHex(Offset{int(i) % b.Width, int(i) / b.Width}) }
	q := newMoveQueue(1, len(dist))
	for _, g := range goals {
		if i, ok := b.index(g); ok && dist[i] != 0 {
			dist[i] = 0
			q.push(int32(i), 0)
		}
	}
	for {
		it, ok := q.pop()
		if !ok {
			return dist
		}
		if int32(it.key) != dist[it.id] {
			continue // a cheaper entry of this hex came out before
		}
		h := hexOf(it.id)
		for d := range Direction(6) {
			n := h.Neighbor(d)
			j, ok := b.index(n)
			if !ok || dist[j] >= 0 && dist[j] <= dist[it.id] {
				continue // off the board, or already as near: no step costs less than nothing
			}
			// The step from n back into h.
			c, why := b.chargeBetween(m, false, b.cells[j], b.cells[it.id], n, d.Opposite())
			if why != noBlock {
				continue
			}
			step := int32(c.total())
			if c.fort == Minefield {
				step += MinefieldDetour
			}
			if nc := dist[it.id] + step; dist[j] < 0 || nc < dist[j] {
				dist[j] = nc
				q.push(int32(j), int(nc))
			}
		}
	}
}
