//go:build linux || freebsd || netbsd || openbsd || dragonfly

package main

/*
#cgo LDFLAGS: -lX11
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <X11/Xlib.h>

// needDisplay stops the program with one clear line when there is no X
// display to open: DISPLAY unset, or naming a display no server answers
// on. Ebiten opens the display while Go initialises its packages, before
// main runs, and without one it panics with a long GLFW trace; a C
// constructor runs before any of that. It opens the display as GLFW
// will (Xlib, which GLFW links anyway) and closes it again, with Xlib's
// own complaints (such as "Authorization required") silenced: the line
// printed here says what is wrong.
__attribute__((constructor)) static void needDisplay(void) {
	const char *d = getenv("DISPLAY");
	if (d == NULL || d[0] == '\0') {
		fputs("hexfire: no display (DISPLAY is not set): the game needs a graphical session; "
			"on a server use xvfb-run, or hexfire-cli, which needs none\n", stderr);
		exit(1);
	}
	fflush(stderr);
	int saved = dup(2), null = open("/dev/null", O_WRONLY);
	if (saved >= 0 && null >= 0) {
		dup2(null, 2);
	}
	Display *x = XOpenDisplay(NULL);
	if (saved >= 0 && null >= 0) {
		dup2(saved, 2);
	}
	if (saved >= 0) {
		close(saved);
	}
	if (null >= 0) {
		close(null);
	}
	if (x == NULL) {
		fprintf(stderr, "hexfire: cannot open display %s (no X server answers there, or it refuses us): "
			"the game needs a graphical session; on a server use xvfb-run, or hexfire-cli, which needs none\n", d);
		exit(1);
	}
	XCloseDisplay(x);
}
*/
import "C"
