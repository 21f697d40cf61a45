// Command release writes Hexfire's release archives to a folder: for
// Linux amd64 and arm64 a .tar.gz, for Windows amd64 a .zip, each of one
// folder with the programs (hexfire, hexfire-cli and hexfire-server),
// README.md, LICENSE and THIRD-PARTY-NOTICES; a zip of the web site that
// cmd/hexfire-web writes, with the two licence files; and SHA256SUMS of
// them all.
//
//	release -version v1.2.3 -out dist                          every archive
//	release -version v1.2.3 -out dist -targets linux/amd64,web  some of them
//	release -notices THIRD-PARTY-NOTICES                       write the notices alone
//
// Every program is built with -trimpath and -buildvcs=true, with the
// version stamped into package buildinfo, which its -version prints.
// Every archive lists its files in a fixed order, each with the commit's
// time, fixed modes and no owner, so the same commit and version give the
// same bytes. The Linux game links X11 and GL through cgo: for another
// processor than this one's it needs Debian's cross gcc and that
// processor's -dev packages (.ci/run installs them).
//
// It never links ebiten: the programs are built by the go command.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"

	"hexfire/fileio"
)

func main() {
	err := run(os.Args[1:])
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}

// semanticVersion is the form of -version: v, three numbers, and an
// optional pre-release and build part (semver.org).
var semanticVersion = regexp.MustCompile(`^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)

func run(args []string) error {
	flags := flag.NewFlagSet("release", flag.ContinueOnError)
	version := flags.String("version", "", "the release's version, like v1.2.3: in the archives' names and every program's -version")
	out := flags.String("out", "", "write the archives and SHA256SUMS to this folder (made if missing)")
	all := []string{}
	for _, pl := range platforms {
		all = append(all, pl.String())
	}
	all = append(all, webTarget)
	targets := flags.String("targets", strings.Join(all, ","), "the archives to write, comma-separated: platforms and "+webTarget+" (the web site)")
	noticesFile := flags.String("notices", "", "write the third-party notices of the linked modules to this file and do nothing else")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q (flags start with -)", flags.Args())
	}
	if *noticesFile != "" {
		if *version != "" || *out != "" {
			return errors.New("-notices goes alone: it writes the notices file and builds nothing")
		}
		root, err := moduleRoot()
		if err != nil {
			return err
		}
		text, err := notices(root)
		if err != nil {
			return err
		}
		return fileio.WriteFileAtomic(*noticesFile, text)
	}
	if !semanticVersion.MatchString(*version) {
		return fmt.Errorf("-version %s: want a semantic version such as v1.2.3", fileio.Quote(*version))
	}
	if *out == "" {
		return errors.New("give -out DIR, the folder to write the archives to")
	}
	list, err := parseTargets(*targets)
	if err != nil {
		return err
	}
	_, err = release(options{version: *version, out: *out, targets: list}, os.Stdout)
	return err
}
