package buildinfo

import (
	"runtime/debug"
	"testing"
)

func TestFormat(t *testing.T) {
	target := []debug.BuildSetting{{Key: "GOOS", Value: "windows"}, {Key: "GOARCH", Value: "amd64"}}
	for _, c := range []struct {
		name     string
		release  string
		version  string
		settings []debug.BuildSetting
		want     string
	}{
		{"a clean checkout", "", "v0.0.0-20261201010203-0123456789ab", append([]debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
			{Key: "vcs.time", Value: "2026-12-01T01:02:03Z"}, {Key: "vcs.modified", Value: "false"}}, target...),
			"hexfire v0.0.0-20261201010203-0123456789ab, commit 0123456789abcdef0123456789abcdef01234567 of 2026-12-01T01:02:03Z, go1.26.8 windows/amd64"},
		{"changes not committed", "", "v0.0.0-20261201010203-0123456789ab+dirty", append([]debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"}, {Key: "vcs.modified", Value: "true"}}, target...),
			"hexfire v0.0.0-20261201010203-0123456789ab+dirty, commit 0123456789abcdef0123456789abcdef01234567, modified, go1.26.8 windows/amd64"},
		{"a release", "v1.2.3", "v0.0.0-20261201010203-0123456789ab", append([]debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
			{Key: "vcs.time", Value: "2026-12-01T01:02:03Z"}, {Key: "vcs.modified", Value: "false"}}, target...),
			"hexfire v1.2.3, commit 0123456789abcdef0123456789abcdef01234567 of 2026-12-01T01:02:03Z, go1.26.8 windows/amd64"},
		{"go run: no version control", "", "", nil,
			"hexfire (devel), commit unknown (built without version control information, as go run does), go1.26.8 ?/?"},
	} {
		info := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "hexfire", Version: c.version}, Settings: c.settings}
		if have := format("hexfire", c.release, info); have != c.want {
			t.Errorf("%s:\n have %s\n want %s", c.name, have, c.want)
		}
	}
}
