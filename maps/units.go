package maps

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/lafriks/go-tiled"

	"hexfire/board"
	"hexfire/fileio"
)

// placeUnits turns the objects of the units layers into placements, in
// file order, checking type, side, facing and the hex each lands on.
// outsideTemplates holds the path of each template outside the map's
// folder, by the reference the objects make to it: the errors of their
// objects do not quote them. turns bounds a placement's arrives.
func placeUnits(l *loader, b *board.Board, groups []positionedGroup, types UnitTypes, outsideTemplates map[string]string, turns int) ([]Placement, error) {
	n := 0
	for _, g := range groups {
		n += len(g.group.Objects)
	}
	if n > MaxUnits {
		return nil, fmt.Errorf("layer %s: the units layers hold %d objects, more than the limit of %d units", fileio.Quote(UnitsLayer), n, MaxUnits)
	}
	var out []Placement
	props := 0 // of the units so far, a template's counted at each use
	for _, g := range groups {
		for _, o := range g.group.Objects {
			p, err := placeUnit(b, o, g.offX, g.offY, types, turns, &props)
			if err != nil {
				if tpl, ok := outsideTemplates[o.TemplateSource]; ok {
					err = l.hideOutside(tpl, err)
				}
				return nil, fmt.Errorf("layer %s: object %d %s: %w", fileio.Quote(g.group.Name), o.ID, fileio.Quote(o.Name), err)
			}
			out = append(out, p)
		}
	}
	return out, nil
}

// placeUnit turns one object into a placement; *counted is the number of
// properties of the units placed before it, which it adds its own to.
func placeUnit(b *board.Board, o *tiled.Object, offX, offY float64, types UnitTypes, turns int, counted *int) (Placement, error) {
	obj, props := resolveTemplate(o)
	p := Placement{ID: int(obj.ID), Name: obj.Name}
	if *counted += len(props); *counted > MaxUnitProperties {
		return p, fmt.Errorf("the units hold more than the limit of %d properties in all (a template's counted for each unit that uses it)", MaxUnitProperties)
	}
	p.Properties = make(map[string]string, len(props))
	if err := checkText("the name", obj.Name, MaxNameLength); err != nil {
		return p, err
	}
	var hasType, hasSide bool
	var arrives string // the raw "arrives" value, for its error
	for _, prop := range props {
		if err := checkProperty(prop); err != nil {
			return p, err
		}
		v := strings.TrimSpace(prop.Value)
		switch prop.Name {
		case "type":
			if err := checkText("the unit type", v, MaxNameLength); err != nil {
				return p, err
			}
			p.Type, hasType = v, true
		case "side":
			side, err := parseSide(v)
			if err != nil {
				return p, err
			}
			p.Side, hasSide = side, true
		case "facing":
			n, err := strconv.Atoi(v)
			if err != nil || !board.Direction(n).Valid() {
				return p, fmt.Errorf("facing %s: want a direction 0..5", fileio.Quote(prop.Value))
			}
			p.Facing = board.Direction(n)
		case "script":
			p.Script = prop.Value
		case "hidden":
			h, err := ParseFlag(v)
			if err != nil {
				return p, fmt.Errorf("hidden %w", err)
			}
			p.Hidden = h
		case "arrives":
			a, err := parseArrival(v, turns)
			if err != nil {
				return p, err
			}
			p.Arrives, arrives = a, prop.Value
		default:
			p.Properties[prop.Name] = prop.Value
		}
	}
	if !hasType && obj.Class != "" {
		p.Type, hasType = obj.Class, true
	}
	if !hasType || p.Type == "" {
		return p, fmt.Errorf("no unit type: set the property \"type\" to a catalogue name")
	}
	if !hasSide {
		return p, fmt.Errorf("no side: set the property \"side\" to %s or %s", Allies, Axis)
	}
	mover, err := moverOf(p, types)
	if err != nil {
		return p, err
	}
	x, y := objectCentre(obj)
	x, y = x+offX, y+offY
	p.Hex = b.Layout.HexAt(x, y)
	if !b.Contains(p.Hex) {
		return p, fmt.Errorf("position (%g, %g) is off the %dx%d map", x, y, b.Width, b.Height)
	}
	if t := b.Cell(p.Hex).Terrain; t.EntryCost(mover) == board.Prohibited {
		return p, fmt.Errorf("%s in hex %s: %s may not be on %s", p.Type, b.Label(p.Hex), p.Type, t)
	}
	if p.Arrives.Pending() && p.Arrives.Edge == "" && len(EdgesOf(b, p.Hex)) == 0 {
		return p, fmt.Errorf("arrives %s: hex %s is not on a map edge; place the unit on an edge hex or name the edge (\"%d north\")",
			fileio.Quote(arrives), b.Label(p.Hex), p.Arrives.Turn)
	}
	return p, nil
}

// moverOf is the movement class of placement p: infantry's for a dummy
// (checkDummy), else its catalogue type's.
func moverOf(p Placement, types UnitTypes) (board.Mover, error) {
	if p.Dummy() {
		return board.Foot, checkDummy(p)
	}
	m, err := types.Mover(p.Type)
	if err != nil {
		return 0, fmt.Errorf("unit type %s: %w", fileio.Quote(p.Type), err)
	}
	return m, nil
}

// checkDummy refuses a dummy given strength or arms (strengthProperties),
// or a script: a dummy is a counter with nobody behind it, and the
// computer opponent gives it no orders (docs/AI.md).
func checkDummy(p Placement) error {
	for _, name := range strengthProperties {
		if v, ok := p.Properties[name]; ok {
			return fmt.Errorf("%s %s: a %s has no strength: no weapon, troop quality, rounds or engineers", name, fileio.Quote(v), DummyType)
		}
	}
	if p.Script != "" {
		return fmt.Errorf("script %s: a %s follows no script: the computer opponent holds its dummies", fileio.Quote(p.Script), DummyType)
	}
	return nil
}

// resolveTemplate returns the object with what it leaves out taken from its
// template, and its properties with the template's as defaults.
func resolveTemplate(o *tiled.Object) (tiled.Object, tiled.Properties) {
	if o.Template == nil || o.Template.Object == nil {
		return *o, o.Properties
	}
	t := o.Template.Object
	obj := *o
	if obj.Name == "" {
		obj.Name = t.Name
	}
	if obj.Class == "" {
		obj.Class = t.Class
	}
	if obj.GID == 0 {
		obj.GID = t.GID
	}
	if obj.Width == 0 && obj.Height == 0 {
		obj.Width, obj.Height = t.Width, t.Height
	}
	// The scan bounds both lists to MaxProperties, so the look-ups stay
	// small.
	props := append(tiled.Properties{}, o.Properties...)
	for _, tp := range t.Properties {
		if o.Properties.Get(tp.Name) == nil {
			props = append(props, tp)
		}
	}
	return obj, props
}

// objectCentre is the map pixel that decides an object's hex: a point
// object's position, the middle of a rectangle or ellipse, and the middle
// of a tile object, whose position Tiled stores at the bottom-left corner.
// Rotation is ignored.
func objectCentre(o tiled.Object) (x, y float64) {
	switch {
	case o.GID != 0:
		return o.X + o.Width/2, o.Y - o.Height/2
	case len(o.Polygons) > 0 || len(o.PolyLines) > 0:
		return o.X, o.Y
	default:
		return o.X + o.Width/2, o.Y + o.Height/2
	}
}
