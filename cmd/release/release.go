package main

import (
	"bytes"
	"crypto/sha256"
	"debug/buildinfo"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"hexfire/fileio"
)

// program is a command the release builds for every platform.
type program struct {
	name string // the binary's name, without .exe
	pkg  string // its package, relative to the module's root
	game bool   // it links ebiten, which needs cgo (X11 and GL) on Linux
}

// programs are the commands in every platform's archive, in the
// archive's order. A new command joins with one line here;
// TestEveryCommandShipped fails while a folder of cmd/ is neither here
// nor known to be left out.
var programs = []program{
	{name: "hexfire", pkg: ".", game: true},
	{name: "hexfire-cli", pkg: "./cmd/hexfire-cli"},
	{name: "hexfire-server", pkg: "./cmd/hexfire-server"},
}

// needsCgo tells whether p is built with cgo for pl: the game on Linux.
func (p program) needsCgo(pl platform) bool { return p.game && pl.goos == "linux" }

// binary is p's file name on pl.
func (p program) binary(pl platform) string {
	if pl.goos == "windows" {
		return p.name + ".exe"
	}
	return p.name
}

// platform is a GOOS and GOARCH the release builds for.
type platform struct{ goos, goarch string }

func (pl platform) String() string { return pl.goos + "/" + pl.goarch }

// platforms are the systems with an archive of the programs. macOS is not
// one: ebiten's window on darwin is GLFW's Objective-C, built by cgo
// against Apple's SDK, which Linux has not (README, "On each desktop").
var platforms = []platform{{"linux", "amd64"}, {"linux", "arm64"}, {"windows", "amd64"}}

// webPlatform is the platform of the game in the web site.
var webPlatform = platform{"js", "wasm"}

// webTarget names the web site among -targets.
const webTarget = "web"

// debianTriplets are the GNU triplets of Debian's cross compilers and
// multiarch library folders, by GOARCH, for building the Linux game for
// another processor than this one's.
var debianTriplets = map[string]string{"amd64": "x86_64-linux-gnu", "arm64": "aarch64-linux-gnu"}

// versionVariable is the variable of package buildinfo that a release's
// version is stamped into (-ldflags -X).
const versionVariable = "hexfire/buildinfo.release"

// maxDocBytes bounds the README and LICENSE read into an archive (our own
// choice: the README is 15 KB).
const maxDocBytes = 4 << 20

// options are what a release is asked for.
type options struct {
	version string
	out     string     // the folder the archives are written to
	targets []platform // of platforms and webPlatform, in the order written
}

// release builds the archives that o asks for into o.out, then
// SHA256SUMS of them, telling progress to log. It returns the archives'
// names.
func release(o options, log io.Writer) ([]string, error) {
	root, err := moduleRoot()
	if err != nil {
		return nil, err
	}
	b := builder{root: root, version: o.version, log: log}
	if b.modTime, err = commitTime(root); err != nil {
		return nil, err
	}
	if status, err := command(root, nil, "git", "status", "--porcelain"); err != nil {
		return nil, err
	} else if len(status) > 0 {
		fmt.Fprintf(log, "release: %s has changes not committed: every -version says \"modified\"\n", root)
	}
	if b.readme, b.licences, err = documents(root); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return nil, err
	}
	if b.tmp, err = os.MkdirTemp("", "hexfire-release-"); err != nil {
		return nil, err
	}
	defer os.RemoveAll(b.tmp)

	var names []string
	for _, pl := range o.targets {
		start := time.Now()
		name, archive, err := b.archive(pl)
		if err != nil {
			return nil, err
		}
		if err := fileio.WriteFileAtomic(filepath.Join(o.out, name), archive); err != nil {
			return nil, err
		}
		fmt.Fprintf(log, "release: wrote %s (%d bytes) in %.0f s\n", filepath.Join(o.out, name), len(archive), time.Since(start).Seconds())
		names = append(names, name)
	}
	if err := writeSums(o.out, names); err != nil {
		return nil, err
	}
	return names, nil
}

// builder writes the archives of one release.
type builder struct {
	root, tmp string // the module's folder; a temporary folder for the builds
	version   string
	modTime   time.Time // of every file in every archive: the commit's
	readme    entry
	licences  []entry // LICENSE and the third-party notices
	log       io.Writer
	checked   bool // whether a binary was checked for the commit's stamp
}

// archive builds the archive of pl (the web site for webPlatform) and
// returns its name and bytes: a folder of the programs, the README and
// the licences, as a zip on Windows and a .tar.gz elsewhere; the site and
// the licences as a zip.
func (b *builder) archive(pl platform) (string, []byte, error) {
	var buf bytes.Buffer
	if pl == webPlatform {
		folder := "hexfire-" + b.version + "-" + webTarget
		files, err := webSite(b.root, filepath.Join(b.tmp, webTarget))
		if err == nil {
			err = writeZip(&buf, inFolder(folder, append(files, b.licences...)), b.modTime)
		}
		if err != nil {
			return "", nil, fmt.Errorf("%s.zip: %w", folder, err)
		}
		return folder + ".zip", buf.Bytes(), nil
	}
	folder := fmt.Sprintf("hexfire-%s-%s-%s", b.version, pl.goos, pl.goarch)
	files, err := buildPrograms(b.root, filepath.Join(b.tmp, pl.goos+"-"+pl.goarch), pl, b.version)
	if err != nil {
		return "", nil, err
	}
	if !b.checked && !stampedWithCommit(files[0].data) {
		fmt.Fprintf(b.log, "release: the go command found no git checkout at %s (it does not follow the .git file of a git worktree): every -version says \"commit unknown\"; release from a clone\n", b.root)
	}
	b.checked = true
	files = inFolder(folder, append(append(files, b.readme), b.licences...))
	name, write := folder+".tar.gz", writeTarGz
	if pl.goos == "windows" {
		name, write = folder+".zip", writeZip
	}
	if err := write(&buf, files, b.modTime); err != nil {
		return "", nil, fmt.Errorf("%s: %w", name, err)
	}
	return name, buf.Bytes(), nil
}

// parseTargets reads -targets: platforms such as linux/amd64 and
// webTarget, comma-separated, each once.
func parseTargets(list string) ([]platform, error) {
	var targets []platform
	for _, name := range strings.Split(list, ",") {
		pl, err := parseTarget(strings.TrimSpace(name))
		if err != nil {
			return nil, err
		}
		if slices.Contains(targets, pl) {
			return nil, fmt.Errorf("-targets %s: %s twice", fileio.Quote(list), fileio.Quote(name))
		}
		targets = append(targets, pl)
	}
	return targets, nil
}

// parseTarget finds the platform that a name of -targets names.
func parseTarget(name string) (platform, error) {
	if name == webTarget {
		return webPlatform, nil
	}
	known := []string{}
	for _, pl := range platforms {
		if pl.String() == name {
			return pl, nil
		}
		known = append(known, pl.String())
	}
	return platform{}, fmt.Errorf("-targets: unknown target %s (want %s or %s)", fileio.Quote(name), strings.Join(known, ", "), webTarget)
}

// moduleRoot is the folder of the hexfire module, which the programs'
// packages are relative to.
func moduleRoot() (string, error) {
	out, err := command("", nil, "go", "list", "-m", "-f", "{{.Dir}}")
	if err != nil {
		return "", fmt.Errorf("finding the hexfire module: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// commitTime is the time of the commit checked out in root, which every
// file of every archive carries.
func commitTime(root string) (time.Time, error) {
	out, err := command(root, nil, "git", "log", "-1", "--format=%ct")
	if err != nil {
		return time.Time{}, fmt.Errorf("the commit's time: %w", err)
	}
	seconds, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("the commit's time: git log printed %s: %w", fileio.Quote(string(out)), err)
	}
	return time.Unix(seconds, 0).UTC(), nil
}

// documents are the files beside the programs in every archive: the
// README, and the licences, LICENSE and the third-party notices (which
// the web site has too). The notices are written from the module cache
// (notices); the rest is read from root.
func documents(root string) (readme entry, licences []entry, err error) {
	read := func(name string) (entry, error) {
		data, err := fileio.ReadFile(filepath.Join(root, name), maxDocBytes)
		return entry{name: name, mode: 0o644, data: data}, err
	}
	if readme, err = read("README.md"); err != nil {
		return entry{}, nil, err
	}
	licence, err := read("LICENSE")
	if err != nil {
		return entry{}, nil, err
	}
	text, err := notices(root)
	if err != nil {
		return entry{}, nil, fmt.Errorf("writing %s: %w", noticesName, err)
	}
	return readme, []entry{licence, {name: noticesName, mode: 0o644, data: text}}, nil
}

// buildPrograms builds every program for pl into dir and returns them as
// archive entries. Each is built with -trimpath (no folder of this machine
// in the binary) and -buildvcs=true (the commit, its time and whether the
// tree was modified, whatever GOFLAGS says), stripped of its symbol table
// and DWARF (-s -w), with version stamped into package buildinfo.
func buildPrograms(root, dir string, pl platform, version string) ([]entry, error) {
	var files []entry
	for _, p := range programs {
		env := goEnv(pl, p.needsCgo(pl))
		if p.needsCgo(pl) {
			cross, err := crossCompiler(pl)
			if err != nil {
				return nil, fmt.Errorf("%s for %s: %w", p.name, pl, err)
			}
			// The game answers -version without a display before Go starts,
			// in C (display_unix.go), and takes the release's version from
			// this definition as package buildinfo does from -X.
			env = append(append(env, cross...), "CGO_CFLAGS=-O2 -g -DHEXFIRE_RELEASE="+version)
		}
		out := filepath.Join(dir, p.binary(pl))
		ldflags := "-ldflags=-s -w -X " + versionVariable + "=" + version
		if _, err := command(root, env, "go", "build", "-trimpath", "-buildvcs=true", ldflags, "-o", out, p.pkg); err != nil {
			return nil, fmt.Errorf("building %s for %s: %w", p.name, pl, err)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			return nil, err
		}
		files = append(files, entry{name: p.binary(pl), mode: 0o755, data: data})
	}
	return files, nil
}

// stampedWithCommit tells whether the go command stamped the commit into
// a binary (vcs.revision).
func stampedWithCommit(binary []byte) bool {
	info, err := buildinfo.Read(bytes.NewReader(binary))
	if err != nil {
		return false
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" {
			return true
		}
	}
	return false
}

// goEnv is the go command's environment for pl, with cgo or without.
func goEnv(pl platform, cgo bool) []string {
	cgoEnabled := "CGO_ENABLED=0"
	if cgo {
		cgoEnabled = "CGO_ENABLED=1"
	}
	return []string{"GOOS=" + pl.goos, "GOARCH=" + pl.goarch, cgoEnabled}
}

// crossCompiler is the environment that builds cgo for pl on this
// machine: none for its own platform; for Linux on another processor,
// Debian's cross gcc and that processor's multiarch pkg-config folder.
func crossCompiler(pl platform) ([]string, error) {
	if pl.goos == runtime.GOOS && pl.goarch == runtime.GOARCH {
		return nil, nil
	}
	triplet, ok := debianTriplets[pl.goarch]
	if runtime.GOOS != "linux" || pl.goos != "linux" || !ok {
		return nil, fmt.Errorf("cgo for %s is built here only on %s", pl, runtime.GOOS+"/"+runtime.GOARCH)
	}
	cc := triplet + "-gcc"
	if _, err := exec.LookPath(cc); err != nil {
		return nil, fmt.Errorf("no C compiler %s for cgo (Debian: dpkg --add-architecture %s, then gcc-%s and the :%s X11, GL and ALSA -dev packages, as .ci/run installs): %w",
			cc, pl.goarch, strings.ReplaceAll(triplet, "_", "-"), pl.goarch, err)
	}
	return []string{"CC=" + cc, "PKG_CONFIG_LIBDIR=/usr/lib/" + triplet + "/pkgconfig:/usr/share/pkgconfig"}, nil
}

// webSite writes the web site to dir with cmd/hexfire-web and returns its
// files, sorted by name.
func webSite(root, dir string) ([]entry, error) {
	if _, err := command(root, nil, "go", "run", "./cmd/hexfire-web", "-out", dir); err != nil {
		return nil, err
	}
	list, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []entry
	for _, f := range list {
		if !f.Type().IsRegular() {
			return nil, fmt.Errorf("%s in the site is %s, not a file", filepath.Join(dir, f.Name()), f.Type())
		}
		data, err := os.ReadFile(filepath.Join(dir, f.Name()))
		if err != nil {
			return nil, err
		}
		files = append(files, entry{name: f.Name(), mode: 0o644, data: data})
	}
	return files, nil
}

// writeSums writes dir's SHA256SUMS: the SHA-256 of each named archive in
// dir, sorted by name, in the form sha256sum -c checks.
func writeSums(dir string, names []string) error {
	sorted := slices.Sorted(slices.Values(names))
	var b strings.Builder
	for _, name := range sorted {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%x  %s\n", sha256.Sum256(data), name)
	}
	return fileio.WriteFileAtomic(filepath.Join(dir, "SHA256SUMS"), []byte(b.String()))
}

// command runs name with args in dir ("" for here), with env added to
// this process's environment, and returns its standard output; an error
// names the command and its environment and carries what it printed on
// standard error.
func command(dir string, env []string, name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s %s (in %s, with %s): %w\n%s", name, strings.Join(args, " "), dir, strings.Join(env, " "), err, bytes.TrimSpace(stderr.Bytes()))
	}
	return out, nil
}
