package board

import (
	"fmt"
	"iter"
	"runtime"
	"sync"
)

// Sight is what a viewshed knows about one hex.
type Sight struct {
	Visible   bool // the line of sight to the hex is clear
	Hindrance int  // its total hindrance when visible, as LOS.Hindrance
}

// Viewshed is the line of sight from one hex to every hex of the board, in
// one call. Each entry equals what Board.LOS reports for the same pair.
type Viewshed struct {
	From   Hex
	board  *Board
	sights []Sight // by cell index, row*Width + col
}

// At returns the sight of hex h; a hex off the board is not visible.
func (v *Viewshed) At(h Hex) Sight {
	if i, ok := v.board.index(h); ok {
		return v.sights[i]
	}
	return Sight{}
}

// All yields every hex of the board with its sight, row by row.
func (v *Viewshed) All() iter.Seq2[Hex, Sight] {
	return func(yield func(Hex, Sight) bool) {
		i := 0
		for h := range v.board.Hexes() {
			if !yield(h, v.sights[i]) {
				return
			}
			i++
		}
	}
}

// Viewshed traces the line of sight from hex from to every hex of the
// board; smoke is as for LOS. It reports an error when from is off the board.
//
// The board's terrain is packed once into a grid of cell flags, and the
// lines are traced in parallel over the rows, each stopping at its first
// block; the result does not depend on the number of goroutines.
func (b *Board) Viewshed(from Hex, smoke func(Hex) int) (*Viewshed, error) {
	if !b.Contains(from) {
		return nil, fmt.Errorf("viewshed from %s: hex is off the %dx%d map", b.Label(from), b.Width, b.Height)
	}
	t := b.losGrid(smoke)
	v := &Viewshed{From: from, board: b, sights: make([]Sight, b.Width*b.Height)}
	workers := min(runtime.NumCPU(), b.Height)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Rows are dealt out in turn so that each worker gets near and
			// far rows alike.
			for row := w; row < b.Height; row += workers {
				for col := range b.Width {
					to := b.Layout.ToHex(Offset{col, row})
					clear, hind := t.trace(from, to, nil)
					v.sights[row*b.Width+col] = Sight{Visible: clear, Hindrance: hind}
				}
			}
		}()
	}
	wg.Wait()
	return v, nil
}

// losGrid packs the board's cells, smoke and hexside features into a grid
// of flags in axial order, with a margin of two hexes of empty flags around
// the board so that a trace may look at the neighbours of any board hex.
func (b *Board) losGrid(smoke func(Hex) int) *losTerrain {
	const margin = 2
	qmin, qmax, rmin, rmax := 0, 0, 0, 0
	first := true
	for h := range b.Hexes() {
		if first {
			qmin, qmax, rmin, rmax, first = h.Q, h.Q, h.R, h.R, false
		}
		qmin, qmax = min(qmin, h.Q), max(qmax, h.Q)
		rmin, rmax = min(rmin, h.R), max(rmax, h.R)
	}
	t := &losTerrain{b: b, smoke: smoke, q0: qmin - margin, r0: rmin - margin, stride: rmax - rmin + 1 + 2*margin}
	t.grid = make([]uint16, (qmax-qmin+1+2*margin)*t.stride)
	for d := range 6 {
		v := Direction(d).Vector()
		t.step[d] = v.Q*t.stride + v.R
	}
	for row := range b.Height {
		for col := range b.Width {
			h := b.Layout.ToHex(Offset{col, row})
			s := 0
			if smoke != nil {
				s = smoke(h)
			}
			t.grid[t.index(h)] = cellFlags(b.cells[row*b.Width+col], s, [3]HexsideFeature{})
		}
	}
	for side, feat := range b.hexsides {
		t.grid[t.index(side.hex)] |= uint16(feat&3) << (sideShift + 2*int(side.dir))
	}
	return t
}
