package server

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"hexfire/assets"
	"hexfire/maps"
	"hexfire/remote"
	"hexfire/server/servertest"
)

// uploadFiles are the files of a scenario to upload: a shipped map with
// its tileset and the tileset's image beside it, the map's reference to
// the tileset made a plain name.
func uploadFiles(t *testing.T) map[string][]byte {
	t.Helper()
	read := func(name string) []byte {
		data, err := fs.ReadFile(assets.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	tmx := bytes.ReplaceAll(read("scenarios/villers-bocage.tmx"), []byte(`source="../tiles/hexfire-flat.tsx"`), []byte(`source="hexfire-flat.tsx"`))
	return map[string][]byte{"villers.tmx": tmx, "hexfire-flat.tsx": read("tiles/hexfire-flat.tsx"), "hexfire-flat.png": read("tiles/hexfire-flat.png")}
}

// uploadBody is the body of POST /battles that uploads files, the map
// being scenario, with the other fields of extra (JSON members).
func uploadBody(t *testing.T, scenario string, files map[string][]byte, extra string) string {
	t.Helper()
	encoded := map[string]string{}
	for name, data := range files {
		encoded[name] = base64.StdEncoding.EncodeToString(data)
	}
	data, err := json.Marshal(map[string]any{"scenario": scenario, "files": encoded})
	if err != nil {
		t.Fatal(err)
	}
	if extra != "" {
		data = append(append(data[:len(data)-1], ','), extra+"}"...)
	}
	return string(data)
}

// TestUploadedScenarioPlays: a battle created with its scenario's files
// uploaded is played on that map; its seats fetch the files with GET
// /scenario; a restart rebuilds it from the files stored with it.
func TestUploadedScenarioPlays(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hexfire.db")
	ts := startServer(t, path, Options{})
	files := uploadFiles(t)
	r := ts.newBattle(uploadBody(t, "villers.tmx", files, `"fog":false`))
	allies, w := ts.join(r.Allies)
	if w.Type != remote.TypeWelcome || !bytes.Contains(w.raw, []byte(`"scenario":"upload:villers.tmx"`)) {
		t.Fatalf("the welcome does not name the uploaded map: %.200s", w.raw)
	}
	axis, _ := ts.join(r.Axis)
	seats := map[maps.Side]*seatConn{maps.Allies: allies, maps.Axis: axis}
	endPhases(t, seats, 4)

	req, _ := http.NewRequest(http.MethodGet, ts.http.URL+"/scenario", nil)
	req.Header.Set("Authorization", "Bearer "+r.Axis)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var answer remote.ScenarioAnswer
	err = json.NewDecoder(resp.Body).Decode(&answer)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK || answer.Scenario != "upload:villers.tmx" || len(answer.Files) != 3 ||
		!bytes.Equal(answer.Files["villers.tmx"], files["villers.tmx"]) {
		t.Fatalf("GET /scenario: %d %v, %s with %d files", resp.StatusCode, err, answer.Scenario, len(answer.Files))
	}

	before := allies.view
	ts.stop()
	ts = startServer(t, path, Options{})
	allies, wa := ts.join(r.Allies)
	axis, _ = ts.join(r.Axis)
	if !bytes.Equal(wa.View, before) {
		t.Fatal("after a restart the uploaded battle's view differs")
	}
	endPhases(t, map[maps.Side]*seatConn{maps.Allies: allies, maps.Axis: axis}, 1)
}

// size is the bytes of files together.
func size(files map[string][]byte) int {
	n := 0
	for _, data := range files {
		n += len(data)
	}
	return n
}

// TestUploadRefusals: an upload that is not a map and its files, within
// the limits, is refused with the file and the field at fault.
func TestUploadRefusals(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "hexfire.db"), Options{})
	good := uploadFiles(t)
	with := func(edit func(map[string][]byte)) map[string][]byte {
		files := map[string][]byte{}
		for name, data := range good {
			files[name] = data
		}
		edit(files)
		return files
	}
	many := with(func(f map[string][]byte) {
		for i := range maps.MaxFilesCount {
			f[fmt.Sprintf("extra%d.png", i)] = []byte("x")
		}
	})
	for _, c := range []struct {
		name, body, want string
	}{
		{"a folder", uploadBody(t, "villers.tmx", with(func(f map[string][]byte) { f["../evil.tsx"] = []byte("x") }), ""), `field "files": file name "../evil.tsx"`},
		{"a path", uploadBody(t, "villers.tmx", with(func(f map[string][]byte) { f["tiles/a.tsx"] = []byte("x") }), ""), `file name "tiles/a.tsx": a plain file name`},
		{"a hidden name", uploadBody(t, "villers.tmx", with(func(f map[string][]byte) { f[".x"] = []byte("x") }), ""), `file name ".x": starts with '.'`},
		{"too many files", uploadBody(t, "villers.tmx", many, ""), "files, at most 16"},
		{"too many bytes", uploadBody(t, "villers.tmx", with(func(f map[string][]byte) { f["big.png"] = make([]byte, maps.MaxFilesBytes+1-size(good)) }), ""), "bytes of files in all: at most"},
		{"no such map", uploadBody(t, "other.tmx", good, ""), `field "scenario": "other.tmx" is not a .tmx among the files`},
		{"not base64", strings.Replace(uploadBody(t, "villers.tmx", good, ""), `"hexfire-flat.tsx":"`, `"hexfire-flat.tsx":"%%%`, 1), `file "hexfire-flat.tsx" is not in base64`},
		{"a missing tileset", uploadBody(t, "villers.tmx", with(func(f map[string][]byte) { delete(f, "hexfire-flat.tsx"); delete(f, "hexfire-flat.png") }), ""), "hexfire-flat.tsx"},
		{"a missing image", uploadBody(t, "villers.tmx", with(func(f map[string][]byte) { delete(f, "hexfire-flat.png") }), ""), "hexfire-flat.png"},
		{"a file never used", uploadBody(t, "villers.tmx", with(func(f map[string][]byte) { f["notes.txt"] = []byte("hi") }), ""), `file "notes.txt": the map "villers.tmx" never refers to it`},
		{"malformed XML", uploadBody(t, "villers.tmx", with(func(f map[string][]byte) { f["villers.tmx"] = f["villers.tmx"][:200] }), ""), "villers.tmx"},
		{"a bad tile size", uploadBody(t, "villers.tmx", with(func(f map[string][]byte) {
			f["hexfire-flat.tsx"] = bytes.Replace(f["hexfire-flat.tsx"], []byte(`tilewidth="`), []byte(`tilewidth="99999`), 1)
		}), ""), "hexfire-flat.tsx"},
	} {
		status, data := ts.create(c.body)
		var answer struct{ Error string }
		json.Unmarshal(data, &answer)
		if status != http.StatusBadRequest || !strings.Contains(answer.Error, c.want) {
			t.Errorf("%s: %d %s, want 400 saying %q", c.name, status, data, c.want)
		} else {
			t.Logf("%s: %s", c.name, answer.Error)
		}
	}
	// A body over what the largest upload takes is cut off unread.
	resp, err := http.Post(ts.http.URL+"/battles", "application/json", io.MultiReader(strings.NewReader(`{"files":{"a.tmx":"`), strings.NewReader(strings.Repeat("A", 4<<20))))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a 4 MB body: %d, want 413", resp.StatusCode)
	}
}

// TestUploadSharedPostgres: a battle uploaded through one server is
// served by another sharing its PostgreSQL, which rebuilds it from the
// files stored with it.
func TestUploadSharedPostgres(t *testing.T) {
	db := servertest.PostgresURL(t)
	a := serveStore(t, sharedStore(t, "postgres", db), Options{})
	b := serveStore(t, sharedStore(t, "postgres", db), Options{})
	r := a.newBattle(uploadBody(t, "villers.tmx", uploadFiles(t), `"fog":true`))
	allies, _ := a.join(r.Allies)
	axis, _ := b.join(r.Axis)
	endPhases(t, map[maps.Side]*seatConn{maps.Allies: allies, maps.Axis: axis}, 3)
	_, again := b.join(r.Allies)
	if !bytes.Equal(again.View, allies.view) {
		t.Error("the second server's Allied view of the uploaded battle is not the first's")
	}
}
