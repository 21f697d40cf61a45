package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"hexfire/fileio"
)

// noticesName is the file of third-party notices, at the module root and
// in every archive.
const noticesName = "THIRD-PARTY-NOTICES"

// maxLicenceBytes bounds a licence file read (our own choice: the longest
// linked, Apache 2.0, is 11 KB).
const maxLicenceBytes = 1 << 20

// licencePrefixes start the names of the files that carry a licence or a
// notice, in upper case.
var licencePrefixes = []string{"LICENSE", "LICENCE", "COPYING", "NOTICE", "PATENTS", "UNLICENSE"}

// isLicenceFile tells whether a file's name is that of a licence or a
// notice.
func isLicenceFile(name string) bool {
	upper := strings.ToUpper(name)
	for _, p := range licencePrefixes {
		if strings.HasPrefix(upper, p) {
			return true
		}
	}
	return false
}

// linkedModule is a module that a shipped binary links, with the licence
// files found beside the packages it links.
type linkedModule struct {
	path, version, dir string
	licences           map[string]bool // paths relative to dir
}

// listedPackage is what go list -json tells of a package.
type listedPackage struct {
	ImportPath string
	Dir        string
	Standard   bool
	Module     *struct {
		Path, Version, Dir string
		Main               bool
	}
}

// linkedModules lists, sorted by path, the modules other than hexfire
// whose packages the shipped programs link on every platform and the game
// links in the web site, with the licence files in each linked package's
// folder and in the folders above it up to the module's root (so a
// package that carries code under its own licence brings that licence
// too). It reads the module cache through go list, in root.
func linkedModules(root string) ([]*linkedModule, error) {
	type build struct {
		env []string
		pkg string
	}
	builds := []build{{goEnv(webPlatform, false), "."}}
	for _, pl := range platforms {
		for _, p := range programs {
			builds = append(builds, build{goEnv(pl, p.needsCgo(pl)), p.pkg})
		}
	}
	modules := map[string]*linkedModule{}
	for _, b := range builds {
		out, err := command(root, b.env, "go", "list", "-deps", "-json=ImportPath,Dir,Standard,Module", b.pkg)
		if err != nil {
			return nil, err
		}
		dec := json.NewDecoder(bytes.NewReader(out))
		for {
			var pkg listedPackage
			if err := dec.Decode(&pkg); err == io.EOF {
				break
			} else if err != nil {
				return nil, fmt.Errorf("reading go list -deps %s (%s): %w", b.pkg, strings.Join(b.env, " "), err)
			}
			if pkg.Standard || pkg.Module == nil || pkg.Module.Main {
				continue
			}
			key := pkg.Module.Path + "@" + pkg.Module.Version
			m := modules[key]
			if m == nil {
				m = &linkedModule{path: pkg.Module.Path, version: pkg.Module.Version, dir: pkg.Module.Dir, licences: map[string]bool{}}
				modules[key] = m
			}
			if err := m.addLicencesAbove(pkg.Dir); err != nil {
				return nil, fmt.Errorf("package %s: %w", pkg.ImportPath, err)
			}
		}
	}
	list := make([]*linkedModule, 0, len(modules))
	for _, m := range modules {
		if len(m.licences) == 0 {
			return nil, fmt.Errorf("module %s %s: no licence file in %s", m.path, m.version, m.dir)
		}
		list = append(list, m)
	}
	slices.SortFunc(list, func(a, b *linkedModule) int { return strings.Compare(a.path+"@"+a.version, b.path+"@"+b.version) })
	return list, nil
}

// addLicencesAbove records the licence files in dir, a package's folder in
// the module, and in each folder above it up to the module's root.
func (m *linkedModule) addLicencesAbove(dir string) error {
	rel, err := filepath.Rel(m.dir, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("folder %s is not in its module's %s", dir, m.dir)
	}
	for {
		files, err := os.ReadDir(filepath.Join(m.dir, rel))
		if err != nil {
			return err
		}
		for _, f := range files {
			if f.Type().IsRegular() && isLicenceFile(f.Name()) {
				m.licences[filepath.ToSlash(filepath.Join(rel, f.Name()))] = true
			}
		}
		if rel == "." {
			return nil
		}
		rel = filepath.Dir(rel)
	}
}

// notices writes the third-party notices: Go's licence, for the runtime
// and standard library in every binary, then each linked module's
// licence files (linkedModules), all read from the toolchain and the
// module cache.
func notices(root string) ([]byte, error) {
	modules, err := linkedModules(root)
	if err != nil {
		return nil, err
	}
	goroot, err := command(root, nil, "go", "env", "GOROOT")
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("Third-party notices for Hexfire\n\n" +
		"Hexfire's programs and its web site link the Go runtime and standard\n" +
		"library and the Go modules below. Each is distributed under the licence\n" +
		"that follows its name. This file is written from the Go toolchain and\n" +
		"the module cache by: go run ./cmd/release -notices " + noticesName + "\n")
	section := func(title, dir string, files []string) error {
		fmt.Fprintf(&b, "\n%s\n%s\n", strings.Repeat("=", 72), title)
		for _, name := range files {
			text, err := fileio.ReadFile(filepath.Join(dir, filepath.FromSlash(name)), maxLicenceBytes)
			if err != nil {
				return err
			}
			fmt.Fprintf(&b, "\n--- %s\n\n%s", name, text)
			if !bytes.HasSuffix(text, []byte("\n")) {
				b.WriteByte('\n')
			}
		}
		return nil
	}
	if err := section("Go (the runtime and standard library)", strings.TrimSpace(string(goroot)), []string{"LICENSE", "PATENTS"}); err != nil {
		return nil, err
	}
	for _, m := range modules {
		files := make([]string, 0, len(m.licences))
		for name := range m.licences {
			files = append(files, name)
		}
		slices.Sort(files)
		if err := section(m.path+" "+m.version, m.dir, files); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}
