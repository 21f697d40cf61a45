package boardview

import (
	"cmp"
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"hexfire/battle"
	"hexfire/board"
	"hexfire/combat"
	"hexfire/game/ui"
	"hexfire/maps"
	"hexfire/units"
)

// Counter colours, all our own choice: the body in the colour of the
// unit's nation, a strip along the top in the colour of its side, so that
// both nation and side read at a glance.
var (
	nationColours = map[string]color.RGBA{
		"US": {0x5b, 0x6b, 0x2e, 0xff}, // olive drab
		"UK": {0xc4, 0xa8, 0x76, 0xff}, // khaki
		"DE": {0x9c, 0xa5, 0xa2, 0xff}, // field grey
		"SU": {0x8a, 0x66, 0x3a, 0xff}, // brown-green
	}
	colNationOther = color.RGBA{0xb4, 0xb4, 0xb4, 0xff}
	sideColours    = map[maps.Side]color.RGBA{
		"allies": {0x1f, 0x4e, 0xa6, 0xff}, // blue strip
		"axis":   {0x18, 0x18, 0x18, 0xff}, // black strip
	}
	colSideOther = color.RGBA{0x70, 0x70, 0x70, 0xff}
	// CounterEdge outlines a counter (and a flag's pole over the board).
	CounterEdge = color.RGBA{0x10, 0x10, 0x10, 0xff}
	InkDark     = color.RGBA{0x10, 0x10, 0x10, 0xff}
	// InkLight is the ink of text on a dark fill (a counter's, a banner's).
	InkLight        = color.RGBA{0xff, 0xff, 0xff, 0xff}
	colTurretDisc   = color.RGBA{0xff, 0xff, 0xff, 0xff}
	colFacing       = color.RGBA{0xff, 0xf4, 0xc0, 0xff} // the facing arrow
	colSmoke        = color.RGBA{0xd8, 0xd8, 0xd8, 0xff}
	colSniperSight  = color.RGBA{0xf4, 0xf0, 0xe6, 0xff}
	colSmokeShade   = color.RGBA{0x98, 0x98, 0x98, 0xff}
	colBadge        = color.RGBA{0x20, 0x20, 0x20, 0xff} // the passenger count
	colCounterShade = color.RGBA{0x00, 0x00, 0x00, 0x60} // the shadow under a counter
	// SelectedColour rings the selected counter, and the selected hex
	// over the board.
	SelectedColour = color.RGBA{0xff, 0xc8, 0x00, 0xff}
)

// counterMarkers are the markers shown as tags down the left edge of a
// counter, in this order (a new marker is one line here and a row of the
// legend in docs/UI.md). Pinned comes first: it stops the unit doing
// almost anything.
var counterMarkers = [...]struct {
	marker    battle.Markers
	text      string
	fill, ink color.RGBA
}{
	{battle.Pinned, "PIN", colPinned, InkLight},
	{battle.Fired, "F", color.RGBA{0xd0, 0x24, 0x1c, 0xff}, InkLight},
	{battle.Moved, "M", color.RGBA{0xf2, 0xf2, 0xf2, 0xff}, InkDark},
	{battle.Immobile, "IM", color.RGBA{0xf0, 0x8c, 0x10, 0xff}, InkDark},
	{battle.Valorous, "V", colValor, InkDark},
}

// The Pinned, Valor and ruleset-state tag colours (our own choice):
// violet, unlike any terrain or other tag, for a pin; gold for valor; a
// dark teal for the states a ruleset declares (shock, suppressed…), each
// told apart by its label.
var (
	colPinned   = color.RGBA{0x8a, 0x2b, 0xe2, 0xff}
	colValor    = color.RGBA{0xf0, 0xc8, 0x30, 0xff}
	colStateTag = color.RGBA{0x10, 0x6e, 0x6a, 0xff}
)

// Counter sizes (our own choice). A counter is counterScale of a hex's
// height on a side (Counters.Size). Faces are drawn at sizes a factor
// faceStep apart and scaled to the exact size, so a zoom redraws them
// only when it crosses to another step. Below minFaceSize pixels a
// counter is a plain disc; from largeFaceSize on a face prints every
// value, in smaller type.
const (
	counterScale  = 0.8
	faceStep      = 1.25
	minFaceSize   = 14
	largeFaceSize = 56
)

// The layout of counters, for whoever points at one (our own choice).
const (
	// HalfSquadScale is a half squad's counter size, in full counters.
	HalfSquadScale = 0.8
	// StackStep is the offset between the counters stacked in a hex, in
	// counter sizes: the first sits down-left, the last (on top) up-right.
	StackStep = 0.2
	// FullFaceSize is the counter size in pixels from which a face prints
	// its name and values; below it, its main value and its symbol (an
	// AFV, vehicle or Gun: its name, short, in the strip) only.
	FullFaceSize = 30
)

// faceKey names a counter face: the printed values come from the type as
// the ruleset rates it, the colours from its nation and the side, the
// name from the unit.
type faceKey struct {
	t     *units.Type
	rules string // the ruleset's name
	side  maps.Side
	name  string
}

// Counters is the counter layer over the terrain: it draws a side's view
// of the units as counters, from art (faces, marker tags and smoke
// markers) drawn once per zoom step, and finds the counter under a point.
// Its zero value is not ready: use NewCounters.
type Counters struct {
	terrain *Terrain
	fonts   *ui.Fonts
	batch   *ui.TriBatch
	step    int // the zoom step the images are drawn for; 0 before the first
	size    int // face size in pixels at that step
	faces   map[faceKey]*ebiten.Image
	markers [len(counterMarkers)]*ebiten.Image
	smoke   [3]*ebiten.Image // by smoke level; [0] unused
	// tags are the ruleset states' tags drawn so far at this step, by
	// label; states the ruleset declares.
	tags   map[string]*ebiten.Image
	states []combat.StateSpec
	rules  combat.Ruleset // the battle's, whose ratings the faces print

	stack    map[board.Hex]int     // units in each hex this frame
	placed   map[board.Hex]int     // units drawn so far in each hex
	riders   map[battle.UnitID]int // passengers of each carrier
	declared map[battle.UnitID]int // AT shots declared and not yet rolled at each unit
	last     lastDraw              // the last Draw's board, camera and sizes
	covered  []board.Hex           // scratch: the hexes whose labels DrawLabels writes, in order
	labelled []coveredLabel        // the labels written over the counters this frame
	arrows   []span                // the facing arrows drawn this frame, which those labels keep clear of
}

// span is a screen rectangle, from (x0, y0) to (x1, y1).
type span struct{ x0, y0, x1, y1 float32 }

// overlaps reports whether s and o share any point.
func (s span) overlaps(o span) bool {
	return s.x0 <= o.x1 && o.x0 <= s.x1 && s.y0 <= o.y1 && o.y0 <= s.y1
}

// coveredLabel is a hex label written over the counters, centred on (x, y).
type coveredLabel struct {
	text string
	x, y float64
}

// NewCounters returns the counter layer over terrain t, writing with f.
func NewCounters(t *Terrain, f *ui.Fonts) *Counters {
	return &Counters{terrain: t, fonts: f, batch: ui.NewTriBatch(),
		faces: map[faceKey]*ebiten.Image{}, tags: map[string]*ebiten.Image{},
		stack: map[board.Hex]int{}, placed: map[board.Hex]int{},
		riders: map[battle.UnitID]int{}, declared: map[battle.UnitID]int{}}
}

// Size returns the size in pixels of a counter as cam shows the board.
func (a *Counters) Size(cam Camera) float64 {
	return counterScale * a.terrain.HexHeight() * cam.Zoom
}

// Draw draws, as cam shows the board on dst, the units of side v.Side's
// view as counters at their hexes (units sharing a hex stacked with a
// small offset, passengers as a count on their carrier), the contacts
// and last sightings of the enemy (drawSighting), the fortifications,
// the smoke, fire lane and sniper markers, and a highlight round the
// selected unit. DrawLabels then writes over them (and over whatever the
// caller draws in between, such as rings round hexes) the labels the
// counters cover.
func (a *Counters) Draw(dst *ebiten.Image, v *battle.View, cam Camera, selected battle.UnitID) {
	b := v.Known()
	hexPx := a.terrain.HexHeight() * cam.Zoom
	size := a.prepare(hexPx)
	a.states = b.States()
	a.rules = b.Rules()

	a.countStacks(b)
	sightings := Sightings(v)
	for _, e := range sightings {
		a.stack[e.Pose.Hex]++ // a sighting stacks with the units there
	}
	layout := v.Board().Layout
	dirs := screenDirections(layout)
	drawForts(dst, a.batch, v.Board(), &cam, hexPx, &dirs)
	bounds := dst.Bounds()
	// at places the next counter of hex h, of size s, and reports whether
	// it shows on dst.
	at := func(h board.Hex, s float64) (ui.Point, bool) {
		n, k := a.stack[h], a.placed[h]
		a.placed[h] = k + 1
		x, y := cam.WorldToScreen(layout.Center(h))
		off := (float64(k) - float64(n-1)/2) * StackStep * size
		x, y = x+off, y-off
		return ui.Pt(float32(x), float32(y)), x+s >= float64(bounds.Min.X) && x-s <= float64(bounds.Max.X) && y+s >= float64(bounds.Min.Y) && y-s <= float64(bounds.Max.Y)
	}
	for _, u := range b.Units() {
		if !u.OnMap() {
			continue
		}
		s := size
		if u.Type.Kind == units.HalfSquad {
			s *= HalfSquadScale
		}
		if c, shown := at(u.Pose.Hex, s); shown {
			a.drawCounter(dst, a.fonts, u, c, float32(s), &dirs, u.ID == selected)
		}
	}
	for _, e := range sightings {
		if c, shown := at(e.Pose.Hex, size); shown {
			a.drawSighting(dst, a.fonts, e, battle.Opponent(v.Side), c, float32(size))
		}
	}
	a.batch.Flush(dst)
	for _, h := range b.SmokeHexes() {
		x, y := cam.WorldToScreen(layout.Center(h))
		a.drawSmoke(dst, ui.Pt(float32(x-0.24*hexPx), float32(y+0.2*hexPx)), float32(size), b.Smoke(h))
	}
	a.drawLanes(dst, b, cam, hexPx)
	for _, side := range []maps.Side{maps.Allies, maps.Axis} {
		if h, ok := b.SniperAt(side); ok {
			x, y := cam.WorldToScreen(layout.Center(h))
			a.drawSniper(dst, ui.Pt(float32(x+0.24*hexPx), float32(y+0.2*hexPx)), float32(size), side)
		}
	}
	a.batch.Flush(dst)
	a.last = lastDraw{board: v.Board(), cam: cam, hexPx: hexPx, size: size}
}

// lastDraw is how Draw last drew the counters, for DrawLabels.
type lastDraw struct {
	board       *board.Board
	cam         Camera
	hexPx, size float64
}

// DrawLabels writes the labels of the hexes the counters of the last Draw
// cover, over them, where the terrain (drawn before the counters, whose
// labels switch it follows) writes labels (drawCoveredLabels).
func (a *Counters) DrawLabels(dst *ebiten.Image) {
	if l := a.last; l.board != nil && labelsShown(a.terrain.labels, l.hexPx) {
		a.drawCoveredLabels(dst, l.board, l.cam, l.hexPx, l.size)
	}
}

// Covered labels' colours (our own choice): light type on a dark,
// nearly opaque backing reads over any counter, terrain or marker.
var (
	colCoveredLabelBack = color.RGBA{0x14, 0x14, 0x14, 0xd8}
	colCoveredLabelInk  = color.RGBA{0xf2, 0xf2, 0xf2, 0xff}
)

// drawCoveredLabels writes again, over the counters, the label of each
// hex that holds one, which the counter would otherwise hide (the terrain
// writes it under the counter): in the terrain's type, light on a dark
// backing whose bottom is the top edge of a lone counter (size pixels),
// so it sits at the hex's top edge above the counters, where VASL and a
// printed map put the hex ID, and leaves a lone counter's name strip
// whole (counters set lower in the hex instead would reach into the hex
// below, over its label, and stacks would hide the label still). A label
// that would cover a facing arrow (a counter facing the top hexside)
// stands beside it instead. The terrain decides whether
// labels show (the labels switch it was last drawn with, the minimum hex
// size): the counter layer follows.
func (a *Counters) drawCoveredLabels(dst *ebiten.Image, bd *board.Board, cam Camera, hexPx, size float64) {
	face := labelFace(a.fonts, hexPx)
	pad := max(1, face.GoText.Size/8)
	h := face.GoText.Size*0.72 + 2*pad // the capitals' height and a margin
	bounds := dst.Bounds()
	a.labelled = a.labelled[:0]
	// In a fixed order (row, then column), so that where two labels'
	// boxes overlap every frame draws them alike.
	a.covered = a.covered[:0]
	for hex := range a.stack {
		a.covered = append(a.covered, hex)
	}
	slices.SortFunc(a.covered, func(p, q board.Hex) int { return cmp.Or(cmp.Compare(p.R, q.R), cmp.Compare(p.Q, q.Q)) })
	for _, hex := range a.covered {
		x, y := cam.WorldToScreen(bd.Layout.Center(hex))
		bottom := y - size/2
		if x+hexPx < float64(bounds.Min.X) || x-hexPx > float64(bounds.Max.X) || bottom < float64(bounds.Min.Y) || bottom-h > float64(bounds.Max.Y) {
			continue
		}
		l := coveredLabel{bd.Label(hex), x, bottom - h/2}
		w := ui.TextWidth(face, l.text) + 2*pad
		box := span{float32(x - w/2), float32(bottom - h), float32(x + w/2), float32(bottom)}
		for _, ar := range a.arrows {
			if !box.overlaps(ar) {
				continue
			}
			// Beside the arrow: left of one up the label's middle or
			// right of it, right of one left of the middle.
			shift := ar.x0 - 1 - box.x1
			if (ar.x0+ar.x1)/2 < float32(x) {
				shift = ar.x1 + 1 - box.x0
			}
			box.x0 += shift
			box.x1 += shift
			l.x += float64(shift)
		}
		a.batch.Rect(dst, box.x0, box.y0, box.x1-box.x0, box.y1-box.y0, colCoveredLabelBack)
		a.labelled = append(a.labelled, l)
	}
	a.batch.Flush(dst)
	for _, l := range a.labelled {
		ui.DrawText(dst, l.text, face, l.x, l.y, ui.AlignCenter, colCoveredLabelInk)
	}
}

// drawLanes draws the MG fire lanes standing (rules 13.9): a thin line in
// the laying side's colour from the firer's hex along the lane, and in each
// lane hex a Fire Lane marker, a bar across a pale disc, side by side
// where lanes cross (13.91).
func (a *Counters) drawLanes(dst *ebiten.Image, b *battle.Battle, cam Camera, hexPx float64) {
	lanes := b.FireLanes()
	if len(lanes) == 0 {
		return
	}
	at := func(h board.Hex) ui.Point {
		x, y := cam.WorldToScreen(b.Board().Layout.Center(h))
		return ui.Pt(float32(x), float32(y))
	}
	width := float32(max(hexPx*0.045, 1))
	for _, l := range lanes {
		prev := at(l.Hexes[0])
		if u := b.Unit(l.Firer); u != nil && u.OnMap() {
			prev = at(u.Pose.Hex)
		}
		for _, h := range l.Hexes {
			p := at(h)
			a.batch.Segment(dst, prev, p, width, SideColour(l.Side))
			prev = p
		}
	}
	r := float32(max(hexPx*0.11, 3))
	placed := map[board.Hex]int{}
	for _, l := range lanes {
		for _, h := range l.Hexes {
			k := placed[h]
			placed[h] = k + 1
			c := at(h)
			c.X += float32(k)*2.2*r - float32(0.12*hexPx)
			c.Y -= float32(0.3 * hexPx)
			a.batch.Disc(dst, c, r, colSniperSight)
			a.batch.Segment(dst, ui.Pt(c.X-r*0.8, c.Y+r*0.5), ui.Pt(c.X+r*0.8, c.Y-r*0.5), max(r*0.3, 1), SideColour(l.Side))
		}
	}
}

// drawSniper draws the Sniper marker of side (rules 17.2: in plain view
// once placed) centred on c, for counters of size s: a sight picture, a
// ring and cross hairs in the side's colour on a pale disc.
func (a *Counters) drawSniper(dst *ebiten.Image, c ui.Point, s float32, side maps.Side) {
	r := max(s*0.22, 3)
	col := SideColour(side)
	a.batch.Disc(dst, c, r, col)
	a.batch.Disc(dst, c, r*0.7, colSniperSight)
	a.batch.Segment(dst, ui.Pt(c.X-r, c.Y), ui.Pt(c.X+r, c.Y), max(r*0.15, 1), col)
	a.batch.Segment(dst, ui.Pt(c.X, c.Y-r), ui.Pt(c.X, c.Y+r), max(r*0.15, 1), col)
}

// prepare readies the cache for a frame whose hexes are hexPx pixels tall
// and returns the counter size in pixels. Crossing to another zoom step
// drops the images drawn for the old one.
func (a *Counters) prepare(hexPx float64) float64 {
	size := counterScale * hexPx
	step := int(math.Ceil(math.Log(max(size, 1)) / math.Log(faceStep)))
	if step != a.step {
		a.release()
		a.step = step
		a.size = int(math.Ceil(math.Pow(faceStep, float64(step))))
		if a.size >= minFaceSize {
			a.drawMarkers(a.fonts)
		}
	}
	return size
}

// release frees the images of the current zoom step.
func (a *Counters) release() {
	for k, img := range a.faces {
		img.Deallocate()
		delete(a.faces, k)
	}
	for i, img := range a.markers {
		if img != nil {
			img.Deallocate()
			a.markers[i] = nil
		}
	}
	for i, img := range a.smoke {
		if img != nil {
			img.Deallocate()
			a.smoke[i] = nil
		}
	}
	for k, img := range a.tags {
		img.Deallocate()
		delete(a.tags, k)
	}
}

// countStacks counts the units in each hex, the passengers of each
// carrier and the declared shots at each unit, reusing the maps of the
// last frame.
func (a *Counters) countStacks(b *battle.Battle) {
	clear(a.stack)
	clear(a.placed)
	clear(a.riders)
	clear(a.declared)
	a.arrows = a.arrows[:0]
	for _, d := range b.DeclaredShots() {
		a.declared[d.Fire.Target]++
	}
	for _, u := range b.Units() {
		switch {
		case u.OnMap():
			a.stack[u.Pose.Hex]++
		case u.Active():
			a.riders[u.Carrier]++
		}
	}
}

// screenDirections returns, for each direction, the unit vector on screen
// from a hex's centre towards its neighbour that way. The camera only
// scales and moves, so the world vector serves, for either stagger axis.
func screenDirections(l board.Layout) [6]ui.Point {
	var out [6]ui.Point
	h := board.Hex{Q: 2, R: 2}
	cx, cy := l.Center(h)
	for d := range board.Direction(6) {
		nx, ny := l.Center(h.Neighbor(d))
		r := math.Hypot(nx-cx, ny-cy)
		out[d] = ui.Pt(float32((nx-cx)/r), float32((ny-cy)/r))
	}
	return out
}

// faced reports whether units of kind k have a facing to show.
func faced(k units.Kind) bool { return k == units.AFV || k == units.Vehicle || k == units.Gun }

// drawCounter draws unit u's counter of side s centred on c.
func (a *Counters) drawCounter(dst *ebiten.Image, f *ui.Fonts, u *battle.Unit, c ui.Point, s float32, dirs *[6]ui.Point, selected bool) {
	half := s / 2
	if a.size < minFaceSize {
		r := max(half, 2)
		if selected {
			a.batch.Disc(dst, c, r+2, SelectedColour)
		}
		a.batch.Disc(dst, c, r, SideColour(u.Side))
		a.batch.Disc(dst, c, r*0.65, nationColour(u.Type.Nation))
		return
	}
	shade := max(1, s/24)
	a.batch.Rect(dst, c.X-half+shade, c.Y-half+shade, s, s, colCounterShade)
	if selected {
		w := max(2, s/12)
		a.batch.Rect(dst, c.X-half-w, c.Y-half-w, s+2*w, s+2*w, SelectedColour)
	}
	a.batch.Flush(dst)

	key := faceKey{t: u.Type, rules: a.rules.Name(), side: u.Side, name: u.Name}
	img := a.faces[key]
	if img == nil {
		img = a.drawFace(f, key)
		a.faces[key] = img
	}
	a.blit(dst, img, c.X-half, c.Y-half, s/float32(a.size))

	if faced(u.Type.Kind) {
		// The arrow starts just inside the counter's edge, wherever the
		// direction crosses it, and points out across the faced hexside.
		d := dirs[u.Pose.Facing%6]
		in := s * (0.5/max(abs32(d.X), abs32(d.Y)) - 0.03)
		tip := ui.Pt(c.X+d.X*(in+s*0.36), c.Y+d.Y*(in+s*0.36))
		base := ui.Pt(c.X+d.X*in, c.Y+d.Y*in)
		w := s * 0.12
		o := max(1, s/30) // the dark outline round the arrow
		p0 := ui.Pt(tip.X+d.X*o*2, tip.Y+d.Y*o*2)
		p1 := ui.Pt(base.X-d.Y*(w+o*2)-d.X*o, base.Y+d.X*(w+o*2)-d.Y*o)
		p2 := ui.Pt(base.X+d.Y*(w+o*2)-d.X*o, base.Y-d.X*(w+o*2)-d.Y*o)
		a.batch.Fan(dst, CounterEdge, p0, p1, p2)
		a.arrows = append(a.arrows, span{min(p0.X, p1.X, p2.X), min(p0.Y, p1.Y, p2.Y), max(p0.X, p1.X, p2.X), max(p0.Y, p1.Y, p2.Y)})
		a.batch.Fan(dst, colFacing, tip,
			ui.Pt(base.X-d.Y*w, base.Y+d.X*w),
			ui.Pt(base.X+d.Y*w, base.Y-d.X*w))
	}
	// The passenger count sits on the bottom-right corner, clear of the
	// printed values.
	riders := a.riders[u.ID]
	badgeR := max(4, s*0.15)
	badge := ui.Pt(c.X+half*0.96, c.Y+half*0.96)
	if riders > 0 {
		a.batch.Disc(dst, badge, badgeR+1, InkLight)
		a.batch.Disc(dst, badge, badgeR, colBadge)
	}
	a.batch.Flush(dst)
	if riders > 0 && a.size >= FullFaceSize {
		ui.DrawText(dst, strconv.Itoa(riders), f.Face(float64(badgeR*1.5), true), float64(badge.X), float64(badge.Y), ui.AlignCenter, InkLight)
	}

	y := c.Y - half + s*0.26
	k := s / float32(a.size)
	tag := func(img *ebiten.Image) {
		w, h := float32(img.Bounds().Dx())*k, float32(img.Bounds().Dy())*k
		a.blit(dst, img, c.X-half-w*0.7, y, k)
		y += h * 1.05
	}
	for i, m := range counterMarkers {
		if u.Has(m.marker) {
			tag(a.markers[i])
		}
	}
	for _, name := range u.StateNames() {
		tag(a.stateTag(f, u, name))
	}
	if l := carriedTag(u); l != "" {
		tag(a.labelTag(f, l, colCarried, InkLight))
	}
	if l, ok := weaponLostTags[u.WeaponLost]; ok {
		tag(a.labelTag(f, l, colWeaponLost, InkLight))
	}
	if img := a.roundsTag(f, u); img != nil {
		tag(img)
	}
	if n := a.declared[u.ID]; n > 0 {
		l := declaredTag
		if n > 1 {
			l += strconv.Itoa(n)
		}
		tag(a.labelTag(f, l, colDeclared, InkDark))
	}
}

// carriedTag is the tag of a support weapon u carries that its counter
// does not print (a placement's or one handed over): the weapon's first
// word, at most five letters ("MG34", "Bren", "M1919"); "" for none.
func carriedTag(u *battle.Unit) string {
	if u.SupportWeapon == "" || u.SupportWeapon == u.Type.Weapon {
		return ""
	}
	word, _, _ := strings.Cut(u.SupportWeapon, " ")
	if r := []rune(word); len(r) > 5 {
		word = string(r[:5])
	}
	return word
}

// weaponLostTags are the tags of a unit's lost weapon (Unit.WeaponLost).
var weaponLostTags = map[string]string{"broken": "BRK", "removed": "RMV"}

// declaredTag marks a unit at which AT shots of this phase are declared
// and not yet rolled (simultaneous fire), with their number past one
// ("AIM2").
const declaredTag = "AIM"

// The lost-weapon and declared-shot tag colours (our own choice): a dark
// red for a weapon out of action; a pale amber, like a fuse, for the
// shots still to be rolled.
var (
	colCarried    = color.RGBA{0x2c, 0x3e, 0x50, 0xff} // a carried weapon's tag: slate (ours)
	colWeaponLost = color.RGBA{0x80, 0x1c, 0x1c, 0xff}
	colDeclared   = color.RGBA{0xff, 0xd8, 0x70, 0xff}
)

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// blit draws img onto dst with its top left at (x, y), scaled by k.
func (a *Counters) blit(dst, img *ebiten.Image, x, y, k float32) {
	var op ebiten.DrawImageOptions
	op.GeoM.Scale(float64(k), float64(k))
	op.GeoM.Translate(float64(x), float64(y))
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(img, &op)
}

// drawSmoke draws a smoke marker of the given level centred on c, for
// counters of size s.
func (a *Counters) drawSmoke(dst *ebiten.Image, c ui.Point, s float32, level int) {
	if level <= 0 || level >= len(a.smoke) {
		return
	}
	if a.size < minFaceSize {
		a.batch.Disc(dst, c, max(s*0.3, 2), colSmoke)
		a.batch.Flush(dst)
		return
	}
	img := a.smoke[level]
	if img == nil {
		return
	}
	k := s / float32(a.size)
	w := float32(img.Bounds().Dx()) * k
	a.blit(dst, img, c.X-w/2, c.Y-w/2, k)
}

// nationColour is the body colour of a nation's counters.
func nationColour(nation string) color.RGBA {
	if c, ok := nationColours[nation]; ok {
		return c
	}
	return colNationOther
}

// SideColour is the strip colour of a side's counters.
func SideColour(side maps.Side) color.RGBA {
	if c, ok := sideColours[maps.Side(strings.ToLower(string(side)))]; ok {
		return c
	}
	return colSideOther
}

// inkOn returns dark or light ink, whichever reads better on c.
func inkOn(c color.RGBA) color.RGBA {
	if 0.299*float64(c.R)+0.587*float64(c.G)+0.114*float64(c.B) > 140 {
		return InkDark
	}
	return InkLight
}

// drawFace draws the face of a counter at the current step's size: body,
// side strip with the name, type symbol and printed values. A small face
// prints only the unit's main value, larger, and an AFV's, vehicle's or
// Gun's name, short, in a strip that takes its symbol's room.
func (a *Counters) drawFace(f *ui.Fonts, key faceKey) *ebiten.Image {
	n := a.size
	s := float32(n)
	img := ebiten.NewImage(n, n)
	body := nationColour(key.t.Nation)
	edge := faceEdge(s)
	a.batch.Rect(img, 0, 0, s, s, CounterEdge)
	a.batch.Rect(img, edge, edge, s-2*edge, s-2*edge, body)
	full, large := n >= FullFaceSize, n >= largeFaceSize
	strip, fw, fh, fy := s*0.18, s*0.56, s*0.3, s*0.43
	named := !full && !key.t.Kind.Infantry()
	switch {
	case large:
		strip, fw, fh, fy = s*0.24, s*0.5, s*0.26, s*0.48
	case full:
		// A mid-sized face (the default zoom): a taller strip and larger
		// type, a smaller symbol, so name and values read at about 9 px.
		strip, fw, fh, fy = s*0.3, s*0.4, s*0.18, s*0.44
	case named:
		// A small AFV's, vehicle's or Gun's face: its symbol says little
		// (a Panther, a Pz IV and a SdKfz 251 share it), so the strip
		// takes the symbol's room and prints the name short (smallName),
		// light on the side's colour, as large as it fits (our own
		// choice: dark type on the body was some 5 pixels tall at the fit
		// zoom of a 30×20 map in a 1024×600 window, and could not be read).
		strip = s * smallStrip
	}
	a.batch.Rect(img, edge, edge, s-2*edge, strip, SideColour(key.side))
	ink := inkOn(body)
	if named {
		a.batch.Flush(img)
		name, fit := smallNameFit(f, key.name, key.t.Nation, s)
		fit.draw(img, name, float64(s)/2, float64(edge+strip/2), InkLight)
		a.drawMainValue(img, f, key.t, s, ink)
		return img
	}
	lw := max(1, s/28)
	a.batch.Outline(img, (s-fw)/2, fy-fh/2, fw, fh, lw, ink)
	a.drawSymbol(img, key.t.Kind, ui.Pt(s/2, fy), fw, fh, lw, ink)
	a.batch.Flush(img)
	if !full {
		a.drawMainValue(img, f, key.t, s, ink)
		return img
	}
	nameSize := 0.19
	if !large {
		nameSize = 0.26
	}
	nameFace := f.Face(float64(s)*nameSize, true)
	name := ui.FitText(nameFace, counterName(key.name, key.t.Nation), float64(s-3*edge))
	ui.DrawText(img, name, nameFace, float64(s)/2, float64(edge+strip/2), ui.AlignCenter, InkLight)
	if large {
		a.drawValues(img, f, key.t, s, ink)
	} else {
		a.drawCompactValues(img, f, key.t, s, ink)
	}
	return img
}

// drawCompactValues prints the values a mid-sized face keeps, larger: an
// AFV's anti-tank attack and armour front/rear, a vehicle's transport
// class and movement points, a gun's anti-tank attack and casualty
// rating, infantry's AP firepower-range-casualty rating, a leader's
// modifier (the unit's card, on hover, has every value). Attack and
// armour are the active ruleset's (faceRatings).
func (a *Counters) drawCompactValues(img *ebiten.Image, f *ui.Fonts, t *units.Type, s float32, ink color.RGBA) {
	y, size := float64(s)*0.76, float64(s)*0.3
	attack, armour := faceRatings(a.rules, t)
	switch t.Kind {
	case units.AFV:
		right := a.printAttack(img, f, t, attack, size, s*0.05, y, s*0.17, ink)
		printFit(img, f, armour, size*0.9, right+s*0.02, s*0.97, y, ink)
	case units.Vehicle:
		printFit(img, f, t.Transport, size, s*0.04, s*0.46, y, ink)
		printFit(img, f, strconv.Itoa(t.MP), size, s*0.54, s*0.96, y, ink)
	case units.Gun:
		printFit(img, f, attack, size, s*0.04, s*0.5, y, ink)
		printFit(img, f, strconv.Itoa(t.CR), size, s*0.54, s*0.96, y, ink)
	case units.Squad, units.HalfSquad:
		printFit(img, f, infantryValues(t), size*0.97, s*0.04, s*0.96, y, ink)
	case units.Leader:
		printFit(img, f, strconv.Itoa(t.Modifier), size, s*0.04, s*0.96, y, ink)
	}
}

// drawMainValue prints the value a small counter keeps: the anti-tank
// attack of an AFV or gun (on a white disc when turreted), the transport
// class of a vehicle, the AP firepower of infantry, a leader's modifier.
func (a *Counters) drawMainValue(img *ebiten.Image, f *ui.Fonts, t *units.Type, s float32, ink color.RGBA) {
	y, size := float64(s)*0.77, float64(s)*0.3
	attack, _ := faceRatings(a.rules, t)
	switch t.Kind {
	case units.AFV:
		a.printAttack(img, f, t, attack, size, s*0.3, y, s*0.2, ink)
	case units.Gun:
		printFit(img, f, attack, size, s*0.04, s*0.96, y, ink)
	case units.Vehicle:
		printFit(img, f, t.Transport, size, s*0.04, s*0.96, y, ink)
	case units.Squad, units.HalfSquad:
		printFit(img, f, strconv.Itoa(t.APFP), size, s*0.04, s*0.96, y, ink)
	case units.Leader:
		printFit(img, f, strconv.Itoa(t.Modifier), size, s*0.04, s*0.96, y, ink)
	}
}

// printAttack prints an AFV's anti-tank attack at y from x0 on, in type
// of at most size pixels no wider than 3r, on a white disc of radius r
// (stretched to a pill round a wider figure) when its gun is in a turret,
// and returns the right edge of what it drew.
func (a *Counters) printAttack(img *ebiten.Image, f *ui.Fonts, t *units.Type, attack string, size float64, x0 float32, y float64, r float32, ink color.RGBA) float32 {
	fit := fitValue(f, attack, size, float64(3*r))
	reach := max(0, float32(fit.width)/2+r*0.4-r) // from the pill's centre to each end's centre
	c := ui.Pt(x0+r+reach, float32(y))
	if t.Turret {
		a.batch.Disc(img, ui.Pt(c.X-reach, c.Y), r, colTurretDisc)
		a.batch.Disc(img, ui.Pt(c.X+reach, c.Y), r, colTurretDisc)
		if reach > 0 {
			a.batch.Rect(img, c.X-reach, c.Y-r, 2*reach, 2*r, colTurretDisc)
		}
		a.batch.Flush(img)
		ink = InkDark
	}
	fit.draw(img, attack, float64(c.X), y, ink)
	return c.X + reach + r
}

// printFit prints s in bold centred between x0 and x1 at y, in type of at
// most size pixels, narrowed or smaller when that is what it takes to fit.
func printFit(img *ebiten.Image, f *ui.Fonts, s string, size float64, x0, x1 float32, y float64, ink color.RGBA) {
	fitValue(f, s, size, float64(x1-x0)).draw(img, s, float64(x0+x1)/2, y, ink)
}

// minNarrow is the most a printed value is narrowed to fit (our own
// choice): figures narrowed further than this read worse than smaller
// ones.
const minNarrow = 0.75

// fitted is a bold face and the horizontal scale in which a value fits
// its room on a counter, and the value's width drawn so.
type fitted struct {
	face   ui.Face
	narrow float64 // horizontal scale, minNarrow to 1
	width  float64
}

// fitValue returns how s fits width pixels in bold type of at most size
// pixels: first narrowed down to minNarrow, then smaller.
func fitValue(f *ui.Fonts, s string, size, width float64) fitted {
	fc := f.Face(size, true)
	w := ui.TextWidth(fc, s)
	switch {
	case w <= width:
		return fitted{fc, 1, w}
	case w*minNarrow <= width:
		return fitted{fc, width / w, width}
	}
	fc = f.Face(size*width/(w*minNarrow)*0.95, true) // faces come in half-pixel sizes: a little room to spare
	return fitted{fc, minNarrow, ui.TextWidth(fc, s) * minNarrow}
}

// draw draws s as fitted, centred on (x, y).
func (ft fitted) draw(dst *ebiten.Image, s string, x, y float64, c color.RGBA) {
	var op text.DrawOptions
	op.PrimaryAlign = text.AlignCenter
	m := ft.face.GoText.Metrics()
	op.GeoM.Translate(0, math.Round(y-(m.HAscent+m.HDescent)/2))
	op.GeoM.Scale(ft.narrow, 1)
	op.GeoM.Translate(x, 0)
	op.ColorScale.ScaleWithColor(c)
	text.Draw(dst, s, ft.face.GoText, &op)
}

// infantryValues is infantry's AP firepower-range-casualty rating, as
// printed on its counter ("4-6-5").
func infantryValues(t *units.Type) string {
	return strconv.Itoa(t.APFP) + "-" + strconv.Itoa(t.Range) + "-" + strconv.Itoa(t.CR)
}

// faceRatings returns the anti-tank attack and the armour front/rear a
// counter of type t prints under ruleset r: the ruleset's own ratings
// (combat.Rater, read by the names faceAttack and faceArmour list), else
// the catalogue's ATFP and armour letters. A type the ruleset gives no
// attack prints "-"; armour is "" for all but AFVs.
func faceRatings(r combat.Ruleset, t *units.Type) (attack, armour string) {
	tr := Rated(r, t)
	if !tr.Rated {
		if t.Kind == units.AFV {
			armour = t.Armour.String()
		}
		return t.ATFP.String(), armour
	}
	attack = "-"
	var front, rear string
	found := false
	for _, x := range tr.Ratings {
		switch {
		case !found && (faceAttack[x.Name] || strings.HasPrefix(x.Name, "pen ")):
			attack, found = firstFigure(x.Value), true
		case faceArmour[x.Name] == "front" && front == "":
			front = x.Value
		case faceArmour[x.Name] == "rear" && rear == "":
			rear = x.Value
		}
	}
	if t.Kind != units.AFV || front == "" {
		return attack, ""
	}
	if rear == "" || rear == front {
		return attack, front
	}
	return attack, front + "/" + rear
}

// faceAttack names the ratings, among those the registered rulesets give
// (combat.Rater), that a face prints as the unit's anti-tank attack: the
// first of them, or of those named "pen …" (penetration by range, of
// which the face prints the nearest). A counters test checks each
// ruleset's names still match.
var faceAttack = map[string]bool{"ATFP": true, "A.P. Strike": true, "to-kill": true, "fire table": true}

// faceArmour names the armour ratings a face prints as front/rear.
var faceArmour = map[string]string{
	"armour front": "front", "armour dice front": "front", "armour": "front",
	"armour rear": "rear", "armour dice rear": "rear",
}

// firstFigure is the first figure of a rating's value, leaving out range
// bands ("250m", "contact") and a letter naming the figure:
// "15/14/13/11/10" gives "15", "250m P16/-0 500m P15/-1" gives "16", "E"
// gives "E".
func firstFigure(v string) string {
	for _, f := range strings.Fields(v) {
		if f == "contact" || len(f) > 1 && strings.HasSuffix(f, "m") {
			continue
		}
		if i := strings.IndexByte(f, '/'); i > 0 {
			f = f[:i]
		}
		if len(f) > 1 && f[0] >= 'A' && f[0] <= 'Z' && f[1] >= '0' && f[1] <= '9' {
			f = f[1:] // "P16": the figure, not the letter naming it
		}
		return f
	}
	return "-"
}

// drawSymbol draws the NATO-like symbol of kind k in a frame fw×fh centred
// on c: a track outline for AFVs, wheels for vehicles, a barrel for guns,
// a cross for infantry and a star for leaders.
func (a *Counters) drawSymbol(dst *ebiten.Image, k units.Kind, c ui.Point, fw, fh, lw float32, ink color.RGBA) {
	switch k {
	case units.AFV:
		a.batch.Ellipse(dst, c, fw*0.34, fh*0.28, lw, ink)
	case units.Vehicle:
		a.batch.Segment(dst, ui.Pt(c.X-fw*0.35, c.Y-fh*0.05), ui.Pt(c.X+fw*0.35, c.Y-fh*0.05), lw, ink)
		a.batch.Disc(dst, ui.Pt(c.X-fw*0.2, c.Y+fh*0.22), fh*0.14, ink)
		a.batch.Disc(dst, ui.Pt(c.X+fw*0.2, c.Y+fh*0.22), fh*0.14, ink)
	case units.Gun:
		a.batch.Segment(dst, ui.Pt(c.X-fw*0.3, c.Y+fh*0.22), ui.Pt(c.X+fw*0.4, c.Y-fh*0.25), lw*1.8, ink)
		a.batch.Disc(dst, ui.Pt(c.X-fw*0.18, c.Y+fh*0.22), fh*0.16, ink)
	case units.Squad, units.HalfSquad:
		a.batch.Segment(dst, ui.Pt(c.X-fw/2, c.Y-fh/2), ui.Pt(c.X+fw/2, c.Y+fh/2), lw, ink)
		a.batch.Segment(dst, ui.Pt(c.X-fw/2, c.Y+fh/2), ui.Pt(c.X+fw/2, c.Y-fh/2), lw, ink)
	case units.Leader:
		a.batch.Star(dst, c, fh*0.45, ink)
	}
}

// drawValues prints a counter's values along its bottom: for an AFV its
// anti-tank attack (on a white disc when turreted), armour front/rear
// and movement points; for a vehicle its casualty rating, transport class
// and movement points; for a gun its anti-tank attack, a shield when it
// has one, and its casualty rating; for infantry AP firepower-range-
// casualty rating; for a leader its modifier. Each value fits its third
// of the face.
func (a *Counters) drawValues(img *ebiten.Image, f *ui.Fonts, t *units.Type, s float32, ink color.RGBA) {
	y := float64(s) * 0.8
	big, small := float64(s)*0.25, float64(s)*0.2
	attack, armour := faceRatings(a.rules, t)
	switch t.Kind {
	case units.AFV:
		right := a.printAttack(img, f, t, attack, big, s*0.05, y, s*0.15, ink)
		printFit(img, f, armour, big, right+s*0.04, s*0.95, y, ink)
		// The movement points beside the symbol, clear of the values.
		printFit(img, f, strconv.Itoa(t.MP), small, s*0.77, s*0.97, float64(s)*0.48, ink)
	case units.Vehicle:
		printFit(img, f, strconv.Itoa(t.CR), big, s*0.05, s*0.33, y, ink)
		printFit(img, f, t.Transport, small, s*0.35, s*0.65, y, ink)
		printFit(img, f, strconv.Itoa(t.MP), small, s*0.67, s*0.95, y, ink)
	case units.Gun:
		printFit(img, f, attack, big, s*0.05, s*0.4, y, ink)
		if t.GunShield {
			a.batch.Shield(img, ui.Pt(s/2, float32(y)), s*0.1, ink)
			a.batch.Flush(img)
		}
		printFit(img, f, strconv.Itoa(t.CR), big, s*0.67, s*0.95, y, ink)
	case units.Squad, units.HalfSquad:
		printFit(img, f, infantryValues(t), big, s*0.05, s*0.95, y, ink)
	case units.Leader:
		printFit(img, f, strconv.Itoa(t.Modifier), big, s*0.05, s*0.95, y, ink)
	}
}

// nationWords are the words a counter name leaves out: the nation is
// already the counter's colour.
var nationWords = map[string]bool{"US": true, "German": true, "British": true, "Soviet": true, "Squad": true, "Team": true}

// counterWords are the short forms a counter's strip prints for long
// words of unit names (our own choice: a mid-sized counter holds about
// five letters; "" leaves the word out).
var counterWords = map[string]string{
	"Leader": "Ldr", "Panzerschreck": "PzSch", "Bazooka": "Bzka", "Halftrack": "HT", "Truck": "Trk",
	"Half": "½", "Sherman": "", "Firefly": "Ffly",
}

// counterName shortens a unit name for the strip of its counter.
func counterName(name, nation string) string {
	words := strings.Fields(name)
	kept := words[:0:0]
	for _, w := range words {
		if short, ok := counterWords[w]; ok {
			w = short
		}
		if w != "" && !nationWords[w] && w != nation {
			kept = append(kept, w)
		}
	}
	if len(kept) == 0 {
		return name
	}
	return strings.Join(kept, " ")
}

// smallStrip is the height of a small named face's strip, in face sizes
// (our own choice): clear of the main value below it.
const smallStrip = 0.5

// faceEdge is the width of the dark edge round a face of size s.
func faceEdge(s float32) float32 { return max(1, s/32) }

// smallNameFit returns the name a small named face of size s prints for
// a unit of nation called name (smallName), and how it fits the strip.
func smallNameFit(f *ui.Fonts, name, nation string, s float32) (string, fitted) {
	edge := faceEdge(s)
	short := smallName(name, nation)
	return short, fitValue(f, short, float64(s*smallStrip)*0.9, float64(s-3*edge))
}

// smallWords are the shorter forms a small face's name prints for words
// of counterName's (our own choice; "" leaves the word out): a family
// that a vehicle's designation starts with goes, its rest tells it apart
// ("Pz IV H" prints "IV H", "SdKfz 251" "251"); a long name is cut to
// what a wargamer calls it.
var smallWords = map[string]string{
	"Pz": "", "SdKfz": "", "Panther": "Pnthr", "M4A3E8": "E8", "T-34/85": "T34", "6-Pndr": "6pdr",
}

// smallNameRunes is the most letters, spaces included, that the words
// after its first may take a small face's name to (our own choice: about
// what a counter of 20 pixels shows legibly).
const smallNameRunes = 5

// smallName shortens a unit name for a small face: counterName's words
// in their small forms (smallWords), the first of them and as many of the
// next as keep it within smallNameRunes ("Tiger I" prints "Tiger",
// "M3 Halftrack" "M3 HT", "GMC Truck" "GMC"). A gun named by its calibre
// prints the calibre's figure alone ("57mm M1" prints "57": "mm" is
// as wide as the figures and left them unreadable at 20 pixels).
func smallName(name, nation string) string {
	var kept []string
	n := 0
	for _, w := range strings.Fields(counterName(name, nation)) {
		if short, ok := smallWords[w]; ok {
			w = short
		}
		if w == "" {
			continue
		}
		if mm, ok := strings.CutSuffix(w, "mm"); ok && len(kept) == 0 && mm != "" && strings.Trim(mm, "0123456789") == "" {
			return mm
		}
		r := len([]rune(w))
		if len(kept) > 0 {
			r++ // the space before it
			if n+r > smallNameRunes {
				break
			}
		}
		kept = append(kept, w)
		n += r
	}
	if len(kept) == 0 {
		return counterName(name, nation)
	}
	return strings.Join(kept, " ")
}

// tagImage draws a tag of height h with text on fill, for the current step.
func (a *Counters) tagImage(tf ui.Face, h float32, s string, fill, ink color.RGBA) *ebiten.Image {
	w := max(h, float32(ui.TextWidth(tf, s))+h*0.4)
	img := ebiten.NewImage(int(math.Ceil(float64(w))), int(math.Ceil(float64(h))))
	a.batch.Rect(img, 0, 0, w, h, CounterEdge)
	a.batch.Rect(img, 1, 1, w-2, h-2, fill)
	a.batch.Flush(img)
	if a.size >= FullFaceSize {
		ui.DrawText(img, s, tf, float64(w)/2, float64(h)/2, ui.AlignCenter, ink)
	}
	return img
}

// stateTag returns the tag of a ruleset state as a counter shows it: the
// state's tag, with its count when it counts up past one ("SHK2"), drawn
// once per zoom step.
func (a *Counters) stateTag(f *ui.Fonts, u *battle.Unit, name string) *ebiten.Image {
	spec, _ := combat.FindState(a.states, name)
	label := spec.Tag
	if label == "" {
		label = name
	}
	if n := u.StateCount(name); spec.Counter && n > 1 {
		label += strconv.Itoa(n)
	}
	return a.labelTag(f, label, colStateTag, InkLight)
}

// minTagHeight is the least height of a lettered tag, in face pixels
// (our own choice): at the default zoom, where a face is drawn about a
// tenth larger than shown, its letters are then about 10 pixels tall on
// screen, as legible as the values.
const minTagHeight = 14

// tagHeight is the height of the current step's tags: a quarter of the
// face, lettered ones at least minTagHeight.
func (a *Counters) tagHeight() float32 {
	h := float32(a.size) * 0.26
	if a.size >= FullFaceSize {
		h = max(h, minTagHeight)
	}
	return max(6, h)
}

// labelTag returns a tag with label on fill, drawn once per zoom step (a
// label is always drawn in the same colours).
func (a *Counters) labelTag(f *ui.Fonts, label string, fill, ink color.RGBA) *ebiten.Image {
	if img, ok := a.tags[label]; ok {
		return img
	}
	h := a.tagHeight()
	img := a.tagImage(f.Face(float64(h)*0.8, true), h, label, fill, ink)
	a.tags[label] = img
	return img
}

// drawMarkers draws the marker tags and smoke markers of the current step.
func (a *Counters) drawMarkers(f *ui.Fonts) {
	s := float32(a.size)
	h := a.tagHeight()
	face := f.Face(float64(h)*0.8, true)
	for i, m := range counterMarkers {
		a.markers[i] = a.tagImage(face, h, m.text, m.fill, m.ink)
	}
	side := int(math.Ceil(float64(s) * 0.6))
	for level := 1; level < len(a.smoke); level++ {
		img := ebiten.NewImage(side, side)
		r := float32(side) / 2
		c := ui.Pt(r, r)
		a.batch.Disc(img, ui.Pt(c.X-r*0.38, c.Y+r*0.12), r*0.55, colSmokeShade)
		a.batch.Disc(img, ui.Pt(c.X+r*0.38, c.Y+r*0.12), r*0.55, colSmokeShade)
		a.batch.Disc(img, ui.Pt(c.X, c.Y-r*0.2), r*0.6, colSmokeShade)
		a.batch.Disc(img, ui.Pt(c.X-r*0.38, c.Y+r*0.12), r*0.5, colSmoke)
		a.batch.Disc(img, ui.Pt(c.X+r*0.38, c.Y+r*0.12), r*0.5, colSmoke)
		a.batch.Disc(img, ui.Pt(c.X, c.Y-r*0.2), r*0.55, colSmoke)
		a.batch.Flush(img)
		if a.size >= FullFaceSize {
			ui.DrawText(img, strconv.Itoa(level), f.Face(float64(r)*0.9, true), float64(c.X), float64(c.Y), ui.AlignCenter, InkDark)
		}
		a.smoke[level] = img
	}
}

// At returns the unit whose counter is drawn under screen point pt in a
// stack of two or more units in hex h of side v.Side's view (the topmost
// there), or nil: the fanned counters of a stack can each be picked.
func (a *Counters) At(v *battle.View, cam Camera, h board.Hex, pt image.Point) *battle.Unit {
	var stack []*battle.Unit
	for _, u := range v.Known().Units() {
		if u.OnMap() && u.Pose.Hex == h {
			stack = append(stack, u)
		}
	}
	if len(stack) < 2 {
		return nil
	}
	size := a.Size(cam)
	x, y := cam.WorldToScreen(v.Board().Layout.Center(h))
	var top *battle.Unit
	for k, u := range stack { // in the order drawn: the last one is on top
		off := (float64(k) - float64(len(stack)-1)/2) * StackStep * size
		s := size
		if u.Type.Kind == units.HalfSquad {
			s *= HalfSquadScale
		}
		cx, cy := x+off, y-off
		if math.Abs(float64(pt.X)-cx) <= s/2 && math.Abs(float64(pt.Y)-cy) <= s/2 {
			top = u
		}
	}
	return top
}
