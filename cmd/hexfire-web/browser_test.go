package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// grass is the open ground's colour in the game's frames (the desktop's
// go run . -seed 1 -screenshot).
var grass = color.RGBA{0xa9, 0xc4, 0x7c, 0xff}

// The window the browser test plays in, as the desktop's default window.
const (
	pageWidth  = 1280
	pageHeight = 800
)

// TestBrowser builds the site, serves it on the loopback address and plays
// it in headless Chromium with software GL: the first frame shows the map
// and its counters, a click selects a unit, Shift+C's screenshot is
// downloaded as a PNG, a save written with Shift+S comes back from the
// browser's storage with Shift+L, opens again when picked as a file and is
// downloaded as one; the computer opponent (?ai=allies) plays its phase;
// the study table's export (E) is downloaded as a PNG, and its save
// (Ctrl+S) as a Tiled map.
func TestBrowser(t *testing.T) {
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("skipped: no chromium on PATH (Debian: apt-get install chromium); the web build is not tested in a browser")
	}
	wire := &wireCount{h: Handler(testSite(t))}
	srv := httptest.NewServer(wire)
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	b, err := startBrowser(ctx, chromium, pageWidth, pageHeight)
	if err != nil {
		t.Fatal(err)
	}
	defer b.close()
	page := b.page
	// What the game hands the browser as files (F12's screenshots, the
	// saves) is downloaded here.
	downloads := t.TempDir()
	if err := page.call(10*time.Second, "Page.setDownloadBehavior", map[string]any{"behavior": "allow", "downloadPath": downloads}, nil); err != nil {
		t.Fatal(err)
	}

	// The first frame: ?seed=1 opens the battle on the default map at once.
	times := openGame(t, page, srv.URL+"/?seed=1")
	t.Logf("after the navigation started: downloaded %.1f s, compiled %.1f s, the game's Go code started %.1f s, first frame %.1f s",
		times.Downloaded/1000, times.Compiled/1000, times.Started/1000, times.FirstFrame/1000)
	time.Sleep(500 * time.Millisecond) // a few more frames: the map is drawn in its first frames
	passHandOver(t, page, "handover")
	sent, encoding := wire.wasm()
	t.Logf("%s sent as %q: %d bytes on the wire", wasmName, encoding, sent)
	if encoding == "" {
		t.Errorf("Chromium was sent %s uncompressed (%d bytes)", wasmName, sent)
	}

	shot := screenshot(t, page, "first")
	if shot.Bounds().Dx() != pageWidth || shot.Bounds().Dy() != pageHeight {
		t.Fatalf("screenshot is %v, want %d×%d", shot.Bounds().Size(), pageWidth, pageHeight)
	}
	mapArea := image.Rect(10, 40, 900, 760)
	for _, c := range []struct {
		what  string
		col   color.RGBA
		tol   int
		least int
	}{
		// Colours of the game's frame of this battle once its hand-over
		// is passed, and how many pixels of each the desktop's frame has
		// (go run . -seed 1 -ai axis -screenshot, the board the Allies
		// see: 283,294, 2,900, 689 and 1,359; the title menu has none but
		// 289 of the grey): the open ground, the US counters' olive drab,
		// the German counters' field grey (only the two German units the
		// Allies have spotted under the scenario's fog, and the contact
		// counter) and the Allied side's blue strip.
		{"open ground", grass, 8, 200000},
		{"US olive drab counters", color.RGBA{0x5b, 0x6b, 0x2e, 0xff}, 6, 2000},
		{"German field grey counters", color.RGBA{0x9c, 0xa5, 0xa2, 0xff}, 6, 500},
		{"the Allies' blue strips", color.RGBA{0x1f, 0x4e, 0xa6, 0xff}, 6, 1000},
	} {
		if n := countNear(shot, mapArea, c.col, c.tol); n < c.least {
			t.Errorf("first frame: %d pixels of %s (%v) in %v, want at least %d", n, c.what, c.col, mapArea, c.least)
		}
	}

	// A click on the M4A3E8 in E4 selects it: the panel, which said that
	// no unit is selected, now describes it.
	panel := image.Rect(925, 35, 1275, 70)
	if err := page.click(183, 222); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	selected := screenshot(t, page, "selected")
	if n := countDiffering(shot, selected, panel); n < 200 {
		t.Errorf("after clicking the unit in E4: %d pixels of the panel's first line changed, want a unit's name there (200 or more)", n)
	}

	// Shift+C (F12, which browsers keep for their developer tools) takes
	// a screenshot, which the browser downloads: a PNG of the window, the
	// battle's map in it.
	if err := page.press("ShiftLeft+KeyC"); err != nil {
		t.Fatal(err)
	}
	kept := waitForPNG(t, page, downloads, "hexfire-*.png", nil)
	if n := countNear(kept.img, mapArea, grass, 8); n < 200000 {
		t.Errorf("the downloaded screenshot %s: %d pixels of open ground, want the battle (200000 or more)", kept.name, n)
	}

	// Shift+S (F5, which browsers keep for reloading) saves to the
	// browser's storage; ending the phase changes the autosave; Shift+L
	// (F9) and Y to confirm load the save, and the autosave written after
	// the load is the saved battle again.
	if err := page.press("ShiftLeft+KeyS"); err != nil {
		t.Fatal(err)
	}
	saved := waitForSave(t, page, "hexfire-save.json", func(s save) bool { return true })
	for _, k := range []string{"Space", "KeyY"} {
		if err := page.press(k); err != nil {
			t.Fatal(err)
		}
	}
	waitForSave(t, page, "autosave.json", func(s save) bool { return s.Digest != saved.Digest })
	for _, k := range []string{"ShiftLeft+KeyL", "KeyY"} {
		if err := page.press(k); err != nil {
			t.Fatal(err)
		}
	}
	loaded := waitForSave(t, page, "autosave.json", func(s save) bool { return s.Digest == saved.Digest })
	if len(loaded.Orders) != len(saved.Orders) {
		t.Errorf("loaded %d orders, saved %d", len(loaded.Orders), len(saved.Orders))
	}
	passHandOver(t, page, "loaded")

	// The save comes back as a file the player picks: Q and Y leave the
	// battle for the menu, Files, "Open a scenario or a save…" opens the
	// page's file dialog (taken over by the test), and the file put in it
	// is kept in the storage and opens its battle.
	for _, k := range []string{"KeyQ", "KeyY"} {
		if err := page.press(k); err != nil {
			t.Fatal(err)
		}
	}
	menuShot := screenshot(t, page, "menu")
	if n := countNear(menuShot, mapArea, grass, 8); n > 100 {
		t.Fatalf("after Q and Y: %d pixels of open ground, want the title menu", n)
	}
	upload := filepath.Join(t.TempDir(), "uploaded.json")
	if err := os.WriteFile(upload, storedBytes(t, page, "hexfire-save.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := page.call(10*time.Second, "Page.setInterceptFileChooserDialog", map[string]any{"enabled": true}, nil); err != nil {
		t.Fatal(err)
	}
	if err := page.click(640, 542); err != nil { // Files, the seventh button
		t.Fatal(err)
	}
	if err := page.click(640, 260); err != nil { // Open a scenario or a save…
		t.Fatal(err)
	}
	if err := page.setFiles("hexfire-file", upload); err != nil {
		t.Fatal(err)
	}
	waitFor(t, page, 20*time.Second, "the picked save in the storage", func() (bool, error) {
		var kept bool
		err := page.eval(`localStorage.getItem("hexfire/saves/uploaded.json") !== null`, &kept)
		return kept, err
	})
	if err := page.frames(3); err != nil {
		t.Fatal(err)
	}
	passHandOver(t, page, "uploaded-handover")
	if n := countNear(screenshot(t, page, "uploaded"), mapArea, grass, 8); n < 200000 {
		t.Errorf("after picking the save: %d pixels of open ground, want its battle (200000 or more)", n)
	}

	// Files' "Download hexfire-save.json" hands the save to the browser,
	// which writes it to its download folder byte for byte.
	for _, k := range []string{"KeyQ", "KeyY"} {
		if err := page.press(k); err != nil {
			t.Fatal(err)
		}
	}
	for _, at := range []image.Point{{640, 542}, {640, 310}} { // Files; Download hexfire-save.json, the second button
		if err := page.click(at.X, at.Y); err != nil {
			t.Fatal(err)
		}
	}
	want := storedBytes(t, page, "hexfire-save.json")
	var got []byte
	waitFor(t, page, 20*time.Second, "the downloaded save", func() (bool, error) {
		data, err := os.ReadFile(filepath.Join(downloads, "hexfire-save.json"))
		got = data
		return err == nil && len(data) == len(want), nil
	})
	if !bytes.Equal(got, want) {
		t.Errorf("downloaded %d bytes, not the %d of the stored save", len(got), len(want))
	}

	// The computer opponent: ?seed=1&ai=allies starts the battle with the
	// computer playing the Allies, who act first, at the quickest pace the
	// settings take (an order a tick: software GL draws a frame a second
	// on a loaded box). It gives its orders, each kept in the autosave with
	// its reasoning, and ends its Fire phase.
	if err := page.eval(`(() => {
		const key = "hexfire/settings.json", stored = localStorage.getItem(key);
		const settings = stored ? JSON.parse(atob(stored)) : {};
		settings.pace = 1;
		localStorage.setItem(key, btoa(JSON.stringify(settings)));
	})()`, nil); err != nil {
		t.Fatal(err)
	}
	openGame(t, page, srv.URL+"/?seed=1&ai=allies")
	shown := time.Now()
	played := waitForSave(t, page, "autosave.json", func(s save) bool {
		for _, o := range s.Orders {
			if o.Order == "end-phase" && o.Why != "" {
				return true
			}
		}
		return false
	})
	for i, o := range played.Orders {
		if o.Why == "" {
			t.Errorf("the computer's phase: order %d (%s) has no reasoning, so the player gave it", i+1, o.Order)
		}
	}
	t.Logf("the computer's phase: %d orders, %.1f s after its first frame", len(played.Orders), time.Since(shown).Seconds())

	// The study table (?study) exports its view with E: another PNG of
	// the window, the map in it, downloaded.
	openGame(t, page, srv.URL+"/?study")
	if err := page.press("KeyE"); err != nil {
		t.Fatal(err)
	}
	exported := waitForPNG(t, page, downloads, "hexfire-*.png", map[string]bool{kept.name: true})
	if n := countNear(exported.img, mapArea, grass, 8); n < 200000 {
		t.Errorf("the study's exported %s: %d pixels of open ground, want the map (200000 or more)", exported.name, n)
	}
	// Its save (Ctrl+S) downloads the study as a Tiled map whose tilesets
	// are the embedded scenarios' (the Files screen opens it again:
	// game's TestStudyStoredOpensFromFiles).
	if err := page.press("ControlLeft+KeyS"); err != nil {
		t.Fatal(err)
	}
	var study []byte
	waitFor(t, page, 20*time.Second, "a downloaded hexfire-study.tmx", func() (bool, error) {
		data, err := os.ReadFile(filepath.Join(downloads, "hexfire-study.tmx"))
		study = data
		return err == nil, nil
	})
	for _, want := range []string{`<objectgroup`, `name="units"`, `source="../tiles/`} {
		if !bytes.Contains(study, []byte(want)) {
			t.Errorf("the downloaded study (%d bytes) lacks %s", len(study), want)
		}
	}
}

// testSite builds the site for a browser test in a directory of the
// test's, or takes the one HEXFIRE_WEB_SITE names (built before, to try
// a test quickly). It skips the test in -short.
func testSite(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("skipped in -short: building the WebAssembly file takes a minute or more")
	}
	if dir := os.Getenv("HEXFIRE_WEB_SITE"); dir != "" {
		return dir
	}
	dir := t.TempDir()
	start := time.Now()
	size, err := Build(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("built the site in %.0f s; %s is %d bytes", time.Since(start).Seconds(), wasmName, size)
	return dir
}

// passHandOver checks that the screen shows the hand-over of a hot-seat
// battle under fog, which hides the board (none of its open ground shows)
// and names the player to take the seat in the gold of a cover's title,
// and passes it with Space.
func passHandOver(t *testing.T, page *cdpConn, name string) {
	t.Helper()
	shot := screenshot(t, page, name)
	board, title := image.Rect(10, 40, 900, 760), image.Rect(400, 330, 880, 390)
	if n := countNear(shot, board, grass, 8); n > 100 {
		t.Errorf("%s: %d pixels of open ground, want the hand-over screen hiding the board", name, n)
	}
	if n := countNear(shot, title, coverTitleGold, 40); n < 300 {
		t.Errorf("%s: %d pixels of the cover's gold title in %v, want \"Pass to the Allied player\" (300 or more)", name, n, title)
	}
	if err := page.press("Space"); err != nil {
		t.Fatal(err)
	}
	if err := page.frames(3); err != nil {
		t.Fatal(err)
	}
}

// openGame opens the page at url and waits for the game's first frame,
// failing the test if the page says the game cannot run or failed. It
// returns the page's timings (window.hexfireTimes), in ms from the start
// of the navigation.
func openGame(t *testing.T, page *cdpConn, url string) pageTimes {
	t.Helper()
	if err := page.call(10*time.Second, "Page.navigate", map[string]any{"url": url}, nil); err != nil {
		t.Fatal(err)
	}
	var times pageTimes
	waitFor(t, page, 60*time.Second, "the first frame of "+url, func() (bool, error) {
		var state struct {
			Times   *pageTimes `json:"times"`
			Failure string     `json:"failure"`
			NoGL    bool       `json:"nogl"`
		}
		err := page.eval(`(() => {
			const failed = document.getElementById("failed"), nogl = document.getElementById("nowebgl");
			if (!failed || !nogl) return {}; // the page is not loaded yet
			return {times: window.hexfireTimes, nogl: !nogl.hidden,
				failure: failed.hidden ? "" : document.getElementById("failure").textContent};
		})()`, &state)
		switch {
		case err != nil:
			return false, err
		case state.NoGL:
			return false, fmt.Errorf("the page says this browser has no WebGL 2")
		case state.Failure != "":
			return false, fmt.Errorf("the page says the game failed: %s", state.Failure)
		}
		if state.Times != nil {
			times = *state.Times
		}
		return times.FirstFrame > 0, nil
	})
	return times
}

// pageTimes are index.html's window.hexfireTimes.
type pageTimes struct{ Downloaded, Compiled, Started, FirstFrame float64 }

// keptPNG is a PNG the game had the browser download.
type keptPNG struct {
	name string
	img  *image.RGBA
}

// waitForPNG waits for a file matching pattern in dir, other than those
// in seen, and checks that it is a PNG of the window's size.
func waitForPNG(t *testing.T, page *cdpConn, dir, pattern string, seen map[string]bool) keptPNG {
	t.Helper()
	var name string
	waitFor(t, page, 20*time.Second, "a downloaded "+pattern, func() (bool, error) {
		// Chromium writes NAME.crdownload and renames it when it is whole.
		found, err := filepath.Glob(filepath.Join(dir, pattern))
		for _, f := range found {
			if !seen[filepath.Base(f)] {
				name = filepath.Base(f)
			}
		}
		return name != "", err
	})
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	if shots := os.Getenv("HEXFIRE_WEB_SHOTS"); shots != "" {
		if err := os.WriteFile(filepath.Join(shots, "downloaded-"+name), data, 0o644); err != nil {
			t.Error(err)
		}
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the downloaded %s: %v", name, err)
	}
	if img.Bounds() != image.Rect(0, 0, pageWidth, pageHeight) {
		t.Errorf("the downloaded %s is %v, want the window's %d×%d", name, img.Bounds(), pageWidth, pageHeight)
	}
	return keptPNG{name, toRGBA(img)}
}

// storedBytes returns the file called name in the browser's storage.
func storedBytes(t *testing.T, page *cdpConn, name string) []byte {
	t.Helper()
	var stored string
	if err := page.eval(fmt.Sprintf("localStorage.getItem(%q) || \"\"", "hexfire/"+name), &stored); err != nil {
		t.Fatal(err)
	}
	data, err := base64.StdEncoding.DecodeString(stored)
	if err != nil || len(data) == 0 {
		t.Fatalf("%s in the storage: %d bytes, %v", name, len(data), err)
	}
	return data
}

// TestPageWithoutWebGL loads the page in Chromium with WebGL turned off:
// it says so and starts no download (only index.html is served).
func TestPageWithoutWebGL(t *testing.T) {
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("skipped: no chromium on PATH (Debian: apt-get install chromium); the page is not tested in a browser")
	}
	dir := t.TempDir()
	if err := writeIndex(dir, 1); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	profile := t.TempDir()
	out, err := exec.CommandContext(ctx, chromium, "--headless=new", "--no-sandbox", "--disable-3d-apis", "--no-first-run",
		"--user-data-dir="+profile, "--dump-dom", srv.URL+"/").Output()
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	dom := string(out)
	for _, want := range []string{`<div id="nowebgl" class="cover">`, `<div id="loading" class="cover" hidden="">`, "WebGL 2"} {
		if !strings.Contains(dom, want) {
			t.Errorf("the page without WebGL has no %s", want)
		}
	}
}

// save is what the test reads of a save file.
type save struct {
	Scenario string `json:"scenario"`
	Orders   []struct {
		Order string `json:"order"`
		Why   string `json:"why"` // the computer's reasoning; the player's orders have none
	} `json:"orders"`
	Digest string `json:"digest"`
}

// limitForSave bounds the wait for a save: several of the game's frames,
// which software GL on a loaded machine draws slowly.
var limitForSave = time.Minute

// waitForSave waits until the save called name in the browser's storage
// satisfies ok, and returns it.
func waitForSave(t *testing.T, page *cdpConn, name string, ok func(save) bool) save {
	t.Helper()
	var s save
	waitFor(t, page, limitForSave, "the storage's "+name, func() (bool, error) {
		var stored string
		if err := page.eval(fmt.Sprintf("localStorage.getItem(%q) || \"\"", "hexfire/"+name), &stored); err != nil {
			return false, err
		}
		if stored == "" {
			return false, nil
		}
		data, err := base64.StdEncoding.DecodeString(stored)
		if err != nil {
			return false, err
		}
		s = save{}
		if err := json.Unmarshal(data, &s); err != nil {
			return false, err
		}
		return ok(s), nil
	})
	return s
}

// waitFor polls done every 100 ms until it reports true, failing the test
// on its error or after limit.
func waitFor(t *testing.T, page *cdpConn, limit time.Duration, what string, done func() (bool, error)) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		ok, err := done()
		if err != nil {
			screenshot(t, page, "failed")
			t.Fatalf("waiting for %s: %v", what, err)
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			screenshot(t, page, "failed")
			t.Fatalf("no %s within %v", what, limit)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// screenshot captures the page; with HEXFIRE_WEB_SHOTS=DIR set it is
// also written there as NAME.png, to look at (and waitForPNG writes the
// PNG files downloaded there as downloaded-NAME).
func screenshot(t *testing.T, page *cdpConn, name string) *image.RGBA {
	t.Helper()
	data, err := page.screenshot()
	if err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("HEXFIRE_WEB_SHOTS"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name+".png"), data, 0o644); err != nil {
			t.Error(err)
		}
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return toRGBA(img)
}

// toRGBA copies img into an RGBA image.
func toRGBA(img image.Image) *image.RGBA {
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	return rgba
}

// countNear counts the pixels of r in img within tol of c in each channel.
func countNear(img *image.RGBA, r image.Rectangle, c color.RGBA, tol int) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := img.RGBAAt(x, y)
			if near(p.R, c.R, tol) && near(p.G, c.G, tol) && near(p.B, c.B, tol) {
				n++
			}
		}
	}
	return n
}

func near(a, b uint8, tol int) bool { return max(int(a)-int(b), int(b)-int(a)) <= tol }

// countDiffering counts the pixels of r that differ between a and b.
func countDiffering(a, b *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				n++
			}
		}
	}
	return n
}

// wireCount serves h and counts the bytes of the WebAssembly file's body
// it sends, with their Content-Encoding.
type wireCount struct {
	h        http.Handler
	mu       sync.Mutex
	bytes    int64
	encoding string
}

func (c *wireCount) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !strings.HasSuffix(r.URL.Path, wasmName) {
		c.h.ServeHTTP(w, r)
		return
	}
	cw := &countingWriter{ResponseWriter: w}
	c.h.ServeHTTP(cw, r)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.bytes += cw.n
	c.encoding = w.Header().Get("Content-Encoding")
}

// wasm returns the bytes of the WebAssembly file sent so far and the
// encoding of the last time it was.
func (c *wireCount) wasm() (int64, string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes, c.encoding
}

// countingWriter counts the body bytes written through it.
type countingWriter struct {
	http.ResponseWriter
	n int64
}

func (w *countingWriter) Write(p []byte) (int, error) {
	n, err := w.ResponseWriter.Write(p)
	w.n += int64(n)
	return n, err
}

// coverTitleGold is the colour of the title of a screen covering the map
// (ui.ColPanelKey, #ffc800).
var coverTitleGold = color.RGBA{0xff, 0xc8, 0x00, 0xff}
