// Command hexfire is the Hexfire game: a WWII tactical wargame on a hex map.
//
//	hexfire                                   open the game window
//	hexfire -screenshot out.png [-select E4] [-hover C1] [-frames N] [-width W -height H] [-show-help]
//	                                          render to a PNG and exit
package main

import (
	"flag"
	"fmt"
	"log"
	"os"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/board"
	"hexfire/game"
)

// defaultBoard is a 24×16 demonstration map. Temporary: the default view
// will come from maps.Default when the maps package lands.
const defaultBoard = `
W  W  o  o  .  .  .  .  .  .  .  .  .  .  .  s  .  .  .  .  .  .  .  .
W  W  W  W  .  .  .  .  .  .  .  .  .  .  .  s  .  .  .  .  .  .  W1 .
W  W  W  W  .  .  .  .  .  .  .  .  .  .  .  s  .  .1 .1 W1 W1 .1 .1 W1
W  W  W  W  W  W  .  .  .  .  .  .  .  .  .  s  .  .1 .2 .2 .2 .2 .1 .
.  W  W  W  W  .  .  .  .  .  .  .  .  .  .  s  .  .1 .2 W2 .2 .2 .1 .
.  .  .  .  .  .  .  .  .  .  .  .  .  .  .  s  .  .1 .2 .2 .2 .2 .1 .
.  .  .  .  .  .  B  .  .  .  .  B  .  .  .  s  .  .1 .1 .1 .1 .1 .1 .
.  .  .  .  .  B  B  B  B  .  .  .+ .  .  .  s  .  .  .  .  .  .  .  .
r  r  r  r  r  r  r  r  r  r  r  r  r  r  r  =  r  r  r  r  r  r  r  r
.  .  .  .  .  B  B  B  .  .  .  .  .  .  .  s  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  o  o  o  .  .  .  .  s  .  .  .  .  .  W  W  W
.  ~  ~  .  .  .  .  .  o  o  o  .  .  .  .  s  f  f  f  f  W  W  W  W
.  ~  ~  m  .  .  .  .  .  .  c  c  c  c  .  s  f  f  f  f  .  W  W  W
.  .  m  .  .  .  .  .  .  .  c  c  c  c  .  s  f  f  f  f  .  W  W  W
.  .  .  .  .  .  .  .  .  .  c  c  c  c  .  s  .  c  c  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .  .  .  .  .  .  s  .  c  c  .  .  .  .  .
wall F7 F8
wall H7 H8
wall I7 I8
wall F10 F11
wall G10 G11
wall H10 H11
hedge K12 K13
hedge L12 L13
hedge M12 M13
hedge N12 N13
hedgerow Q11 Q12
hedgerow R11 R12
hedgerow S11 S12
`

func main() {
	shot := flag.String("screenshot", "", "render to this PNG file and exit")
	sel := flag.String("select", "", "hex to select, like E4")
	hover := flag.String("hover", "", "hex to show hovered in a screenshot, like C1")
	frames := flag.Int("frames", 3, "frames to run before a screenshot")
	width := flag.Int("width", 1280, "window or screenshot width in pixels")
	height := flag.Int("height", 800, "window or screenshot height in pixels")
	showHelp := flag.Bool("show-help", false, "open the help overlay at the start")
	flag.Parse()

	b, err := board.ParseASCII(board.DefaultLayout, defaultBoard)
	if err != nil {
		log.Fatalf("hexfire: default board: %v", err)
	}
	status := game.Placeholder{Name: "Hexfire - demonstration board"}

	if *shot != "" {
		err := game.Screenshot(b, game.ScreenshotOptions{
			Path: *shot, Select: *sel, Hover: *hover, Frames: *frames,
			Width: *width, Height: *height, Status: status, ShowHelp: *showHelp,
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, "hexfire:", err)
			os.Exit(1)
		}
		return
	}

	g, err := game.NewGame(b, game.Options{Status: status, Select: *sel, ShowHelp: *showHelp})
	if err != nil {
		log.Fatalf("hexfire: %v", err)
	}
	ebiten.SetWindowSize(*width, *height)
	ebiten.SetWindowTitle("Hexfire")
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	if err := ebiten.RunGame(g); err != nil {
		log.Fatalf("hexfire: %v", err)
	}
}
