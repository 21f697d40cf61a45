// Package buildinfo tells which build of Hexfire is running: the module
// version and the commit that the Go toolchain stamps into every binary
// built from a git checkout with -buildvcs (runtime/debug.ReadBuildInfo),
// or the version a release build stamps (cmd/release).
package buildinfo

import (
	"fmt"
	"runtime/debug"
)

// release is the version of a release build, set by cmd/release with
// -ldflags "-X hexfire/buildinfo.release=vX.Y.Z"; empty in any other
// build, whose version is the module's.
var release string

// Line is the -version line of a program: its name, the release version
// or else the module version, the commit with its time, and "modified"
// when the checkout had changes not committed.
func Line(program string) string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return program + ": no build information (not built with module support)"
	}
	return format(program, release, info)
}

// format writes the version line from build information; a release
// version, when not empty, stands in for the module's.
func format(program, releaseVersion string, info *debug.BuildInfo) string {
	version := info.Main.Version
	if releaseVersion != "" {
		version = releaseVersion
	}
	if version == "" {
		version = "(devel)"
	}
	vcs := map[string]string{}
	for _, s := range info.Settings {
		vcs[s.Key] = s.Value
	}
	commit := "commit unknown (built without version control information, as go run does)"
	if rev := vcs["vcs.revision"]; rev != "" {
		commit = "commit " + rev
		if t := vcs["vcs.time"]; t != "" {
			commit += " of " + t
		}
		if vcs["vcs.modified"] == "true" {
			commit += ", modified"
		}
	}
	return fmt.Sprintf("%s %s, %s, %s %s/%s", program, version, commit, info.GoVersion, setting(info, "GOOS"), setting(info, "GOARCH"))
}

// setting is the value of a build setting, "?" when it is missing.
func setting(info *debug.BuildInfo, key string) string {
	for _, s := range info.Settings {
		if s.Key == key {
			return s.Value
		}
	}
	return "?"
}
