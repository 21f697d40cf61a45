package game

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/fileio"
	"hexfire/maps"
	"hexfire/units"
)

// ScreenshotOptions describe a screenshot run.
type ScreenshotOptions struct {
	Path          string // the PNG to write
	Select, Hover string // hex labels to select and to show hovered ("" for none)
	Frames        int    // frames to run before the capture; 0 means 3
	Width, Height int    // screen size in pixels; 0 means 1280×800
	ShowHelp      bool   // draw the help overlay
	Viewshed      bool   // shade what the selected unit cannot see
	// Scene, when set, renders that screen of the app instead of the
	// battle: "menu", "picker", "briefing" (of b's scenario), "victory"
	// (of b, ended or not), "study" (the study table on b's scenario,
	// Select and Hover as study.pose takes them), "settings", "help" or
	// "quick" (the quick battle's choices) or "tutorial" (the first step
	// of Learn to play, on b's seed). Catalogue is then the app's
	// unit catalogue.
	Scene     string
	Catalogue *units.Catalogue
	// Side is the side whose view a battle shows, with no hand-over
	// screen over it ("": the side to act, covered under fog).
	Side maps.Side
	// Replay, when not nil, shows b in the replay viewer of this recorded
	// battle, as Options.Replay does.
	Replay *battle.Battle
	// NewPlayer makes the computer players of a scene that starts a
	// battle of its own (the tutorial), as Options.NewPlayer.
	NewPlayer func(v *battle.View, seed uint64, level string) (Player, error)
}

// sceneNames are the values of ScreenshotOptions.Scene.
var sceneNames = []string{"menu", "picker", "briefing", "victory", "study", "settings", "help", "quick", "tutorial"}

// KnownScene reports whether name is a scene Screenshot can render.
func KnownScene(name string) bool { return slices.Contains(sceneNames, name) }

// sceneApp returns an app of the given fixed size showing the named
// scene, for battle b; newPlayer makes the computer players of a battle
// it starts (the tutorial's).
func sceneApp(b *battle.Battle, name string, cat *units.Catalogue, size image.Point, newPlayer func(*battle.View, uint64, string) (Player, error)) (*App, error) {
	a, err := NewApp(AppOptions{Battle: Options{Size: size, Scripted: true, NewPlayer: newPlayer}, Catalogue: cat})
	if err != nil {
		return nil, err
	}
	a.LayoutF(float64(size.X), float64(size.Y))
	switch name {
	case "menu":
	case "picker":
		a.goTo(newPicker(a))
	case "briefing":
		e := scenarioEntry{source: b.Config().Source, sc: b.Scenario()}
		if e.victory, err = victoryOf(e.sc); err != nil {
			return nil, err
		}
		a.goTo(newBriefing(a, e, b.Config().Ruleset, nil))
	case "victory":
		a.goTo(newVictory(a, b, false))
	case "settings":
		a.goTo(newSettings(a))
	case "help":
		a.goTo(&helpScreen{})
	case "quick":
		a.goTo(newQuick(a))
	case "study":
		if err := a.StartStudy(b.Config().Source); err != nil {
			return nil, err
		}
	case "tutorial":
		a.opts.NewSeed = func() (uint64, error) { return b.Config().Seed, nil }
		if err := a.startTutorial(); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("game: scene %q: want one of %s", name, strings.Join(sceneNames, ", "))
	}
	return a, nil
}

// Screenshot runs the game on battle b with a fixed hover and selection,
// every preview of them drawn, the real keyboard and mouse ignored, for
// opts.Frames frames, writes the last frame to opts.Path and returns. It
// calls ebiten.RunGame, which a process may call only once.
func Screenshot(b *battle.Battle, opts ScreenshotOptions) error {
	if opts.Path == "" {
		return errors.New("game: screenshot: no output path")
	}
	if opts.Frames <= 0 {
		opts.Frames = 3
	}
	if opts.Width == 0 && opts.Height == 0 {
		opts.Width, opts.Height = 1280, 800
	}
	if opts.Width < 1 || opts.Height < 1 || opts.Width > 8192 || opts.Height > 8192 {
		return fmt.Errorf("game: screenshot size %dx%d: each side must be from 1 to 8192", opts.Width, opts.Height)
	}
	var shown drawnGame
	if opts.Scene != "" {
		a, err := sceneApp(b, opts.Scene, opts.Catalogue, image.Pt(opts.Width, opts.Height), opts.NewPlayer)
		if err != nil {
			return err
		}
		if s, ok := a.scene.(*study); ok {
			if err := s.pose(opts.Select, opts.Hover); err != nil {
				return err
			}
		}
		shown = a
	} else {
		g, err := New(b, Options{
			Select: opts.Select, Hover: opts.Hover, Viewshed: opts.Viewshed,
			Size: image.Pt(opts.Width, opts.Height), Scripted: true, ShowHelp: opts.ShowHelp, Viewer: opts.Side, Replay: opts.Replay,
		})
		if err != nil {
			return err
		}
		shown = g
	}
	run := &screenshotRun{drawnGame: shown, frames: opts.Frames, path: opts.Path}
	ebiten.SetWindowSize(opts.Width, opts.Height)
	ebiten.SetWindowTitle("Hexfire screenshot")
	if err := ebiten.RunGameWithOptions(run, &ebiten.RunGameOptions{InitUnfocused: true}); err != nil {
		return err
	}
	return run.err
}

// drawnGame is what a screenshot shows: the battle alone, or the app.
type drawnGame interface {
	ebiten.Game
	LayoutF(w, h float64) (float64, float64)
}

// screenshotRun wraps a Game or an App: it counts the frames drawn,
// captures the last one and ends the run once the file is written.
type screenshotRun struct {
	drawnGame
	frames, drawn int
	path          string
	shot          *image.RGBA
	err           error
}

func (r *screenshotRun) Update() error {
	if r.shot != nil {
		r.err = writePNG(r.path, r.shot)
		return ebiten.Termination
	}
	return r.drawnGame.Update()
}

func (r *screenshotRun) Draw(screen *ebiten.Image) {
	r.drawnGame.Draw(screen)
	r.drawn++
	if r.drawn == r.frames {
		r.shot = capture(screen)
	}
}

// capture reads the pixels of an opaque screen image back from the GPU.
func capture(screen *ebiten.Image) *image.RGBA {
	img := image.NewRGBA(screen.Bounds())
	screen.ReadPixels(img.Pix)
	return img
}

// writePNG writes img to path atomically (fileio.WriteFileAtomic), so a
// reader never sees half a file.
func writePNG(path string, img image.Image) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return fmt.Errorf("screenshot %s: %w", path, err)
	}
	if err := fileio.WriteFileAtomic(path, buf.Bytes()); err != nil {
		return fmt.Errorf("screenshot %s: %w", path, err)
	}
	return nil
}
