package maps

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/lafriks/go-tiled"

	"hexfire/board"
	"hexfire/fileio"
)

// FortificationsLayer is the name of the object layer whose objects are
// fortifications and entrenchments (rules 20): foxholes, trenches,
// sandbags, bunkers, minefields and barbed wire.
const FortificationsLayer = "fortifications"

// placeForts puts the objects of the fortifications layers on the board,
// checking each one's kind, facing and site; two in one hex are an error
// (rules 20.4: a hex holds one position). outsideTemplates is as for
// placeUnits.
func placeForts(l *loader, b *board.Board, groups []positionedGroup, outsideTemplates map[string]string) error {
	for _, g := range groups {
		for _, o := range g.group.Objects {
			if err := placeFort(b, o, g.offX, g.offY); err != nil {
				if tpl, ok := outsideTemplates[o.TemplateSource]; ok {
					err = l.hideOutside(tpl, err)
				}
				return fmt.Errorf("layer %s: object %d %s: %w", fileio.Quote(g.group.Name), o.ID, fileio.Quote(o.Name), err)
			}
		}
	}
	return nil
}

func placeFort(b *board.Board, o *tiled.Object, offX, offY float64) error {
	obj, props := resolveTemplate(o)
	var f board.Fort
	kind := ""
	hasFacing := false
	for _, prop := range props {
		if err := checkProperty(prop); err != nil {
			return err
		}
		v := strings.TrimSpace(prop.Value)
		switch prop.Name {
		case "kind":
			k, err := board.ParseFortKind(v)
			if err != nil {
				return fmt.Errorf("kind %s: %w", fileio.Quote(prop.Value), err)
			}
			f.Kind, kind = k, v
		case "facing":
			n, err := strconv.Atoi(v)
			if err != nil || !board.Direction(n).Valid() {
				return fmt.Errorf("facing %s: want a direction 0..5", fileio.Quote(prop.Value))
			}
			f.Facing, hasFacing = board.Direction(n), true
		case "hidden":
			return fmt.Errorf("hidden %s: only a unit is set up hidden, not a fortification", fileio.Quote(prop.Value))
		}
	}
	if kind == "" && obj.Class != "" {
		k, err := board.ParseFortKind(obj.Class)
		if err != nil {
			return fmt.Errorf("class %s: %w", fileio.Quote(obj.Class), err)
		}
		f.Kind = k
	}
	if f.Kind == board.NoFort {
		return fmt.Errorf("no kind: set the property \"kind\" to foxhole, trench, sandbags, bunker, earth-bunker, minefield or wire")
	}
	if hasFacing && !f.Kind.IsBunker() {
		return fmt.Errorf("facing: only a bunker has a facing, not a %s", f.Kind)
	}
	x, y := objectCentre(obj)
	x, y = x+offX, y+offY
	h := b.Layout.HexAt(x, y)
	if !b.Contains(h) {
		return fmt.Errorf("position (%g, %g) is off the %dx%d map", x, y, b.Width, b.Height)
	}
	if old := b.Fort(h); old.Kind != board.NoFort {
		return fmt.Errorf("hex %s already holds a %s: one fortification a hex", b.Label(h), old.Kind)
	}
	return b.SetFort(h, f)
}
