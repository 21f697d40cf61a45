package main

import (
	"context"
	"image"
	"net/http/httptest"
	"os/exec"
	"strings"
	"testing"
	"time"

	"hexfire/combat/elimination"
	"hexfire/game"
	"hexfire/remote"
	"hexfire/server"
	"hexfire/server/loopback"
	"hexfire/units"
)

// TestBrowserRemote plays over distance from the page: on a server on
// loopback that lets the site's origin in (server.Options.Origins), the
// menu's Play over distance creates a battle (fetch, POST /battles), the
// invite is kept in the browser's storage, and the player's token joins
// it over the browser's own WebSocket: the battle scene opens on the
// welcome's view; an order given there reaches the other seat, and the
// page shows the update that follows it.
func TestBrowserRemote(t *testing.T) {
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("skipped: no chromium on PATH (Debian: apt-get install chromium); the web build is not tested in a browser")
	}
	site := httptest.NewServer(Handler(testSite(t)))
	defer site.Close()
	cat, err := units.Default(elimination.Ruleset{})
	if err != nil {
		t.Fatal(err)
	}
	ws, _ := loopback.Serve(t, server.Options{Catalogue: cat, Origins: []string{site.URL}})

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	b, err := startBrowser(ctx, chromium, pageWidth, pageHeight)
	if err != nil {
		t.Fatal(err)
	}
	defer b.close()
	page := b.page
	openGame(t, page, site.URL+"/")
	press := func(keys ...string) {
		t.Helper()
		for _, k := range keys {
			if err := page.press(k); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The buttons where a window of 1280×800 draws them.
	click := func(what string, x, y int) {
		t.Helper()
		if err := page.click(x, y); err != nil {
			t.Fatalf("clicking %s: %v", what, err)
		}
	}
	click("Play over distance", 640, 583)
	click("Server", 640, 180) // typed in place of the default address
	for range len(game.DefaultServer) {
		press("Backspace")
	}
	if err := page.typeText(ws); err != nil {
		t.Fatal(err)
	}
	press("Escape")
	click("Create a battle: you play the Allies", 640, 330)
	waitFor(t, page, 30*time.Second, "the invite in the storage", func() (bool, error) {
		var stored string
		err := page.eval(`localStorage.getItem("hexfire/invite-1.txt") || ""`, &stored)
		return stored != "", err
	})
	invite := storedBytes(t, page, "invite-1.txt")
	if !strings.Contains(string(invite), "battle 1 on "+ws) {
		t.Fatalf("the invite: %q", invite)
	}
	click("Join with the token", 640, 280)
	board := image.Rect(10, 40, 900, 760)
	var joined *image.RGBA
	waitFor(t, page, 30*time.Second, "the battle scene", func() (bool, error) {
		joined = screenshot(t, page, "remote")
		return countNear(joined, board, grass, 8) > 200000, nil
	})

	// The Allies end their Fire phase from the page: the Axis seat, a
	// client of this machine, is sent the new view, and the page's top
	// line names the next phase.
	lines := strings.Split(strings.TrimSpace(string(invite)), "\n")
	axis := remote.Open(ws, lines[len(lines)-1], cat)
	defer axis.Close()
	var version int
	waitFor(t, page, 30*time.Second, "the Axis seat's welcome", func() (bool, error) {
		st := axis.Status()
		version = st.Version
		return st.State == remote.Connected, nil
	})
	press("Space", "KeyY") // end the phase, though units could still act
	waitFor(t, page, 30*time.Second, "the Axis seat's update", func() (bool, error) {
		return axis.Status().Version > version, nil
	})
	top := image.Rect(400, 0, 880, 28)
	waitFor(t, page, 30*time.Second, "the next phase on the page", func() (bool, error) {
		return countDiffering(joined, screenshot(t, page, "remote-next"), top) > 50, nil
	})
}
