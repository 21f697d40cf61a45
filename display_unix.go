//go:build linux || freebsd || netbsd || openbsd || dragonfly

package main

/*
#cgo LDFLAGS: -lX11
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <X11/Xlib.h>
#include "usage_unix.h"

// The version a release build stamps (cmd/release: CGO_CFLAGS
// -DHEXFIRE_RELEASE=vX.Y.Z), as buildinfo's release variable.
#define HEXFIRE_STR(x) #x
#define HEXFIRE_XSTR(x) HEXFIRE_STR(x)

// soleArg returns the program's one argument when it has exactly one
// (read from /proc/self/cmdline: a constructor runs before Go has the
// arguments), or NULL; the caller frees it.
static char *soleArg(void) {
	int fd = open("/proc/self/cmdline", O_RDONLY);
	if (fd < 0) {
		return NULL;
	}
	char buf[256];
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0) {
		return NULL;
	}
	buf[n] = 0;
	size_t first = strlen(buf) + 1;
	if ((ssize_t)first >= n) {
		return NULL; // no argument
	}
	size_t second = strlen(buf + first) + 1;
	if ((ssize_t)(first + second) != n) {
		return NULL; // more than one, or one longer than the buffer
	}
	return strdup(buf + first);
}

// uvarint reads an unsigned varint at *p, before end, as Go writes it.
static int uvarint(const unsigned char **p, const unsigned char *end, unsigned long long *v) {
	*v = 0;
	for (int shift = 0; *p < end && shift < 64; shift += 7) {
		unsigned char b = *(*p)++;
		*v |= (unsigned long long)(b & 0x7f) << shift;
		if (!(b & 0x80)) {
			return 1;
		}
	}
	return 0;
}

// setting copies into out the value of the line "build\tKEY=VALUE" of
// modinfo, or def.
static void setting(const char *mod, size_t n, const char *key, const char *def, char *out, size_t size) {
	size_t kl = strlen(key);
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && mod[j] != '\n') {
			j++;
		}
		if (j - i > 6 + kl + 1 && memcmp(mod + i, "build\t", 6) == 0 && memcmp(mod + i + 6, key, kl) == 0 && mod[i + 6 + kl] == '=') {
			size_t v = i + 6 + kl + 1, l = j - v < size - 1 ? j - v : size - 1;
			memcpy(out, mod + v, l);
			out[l] = 0;
			return;
		}
		i = j + 1;
	}
	snprintf(out, size, "%s", def);
}

// printVersion prints the line -version prints, as package buildinfo
// writes it (Line), from the build information the Go toolchain put in the
// executable (its ".go.buildinfo" blob, which runtime/debug reads): it
// must be printed before Go starts, which without a display it never
// does. It returns 0 when it could not read the information.
static int printVersion(void) {
	int fd = open("/proc/self/exe", O_RDONLY);
	if (fd < 0) {
		return 0;
	}
	struct stat st;
	if (fstat(fd, &st) != 0 || st.st_size < 64) {
		close(fd);
		return 0;
	}
	const unsigned char *img = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (img == MAP_FAILED) {
		return 0;
	}
	const unsigned char *end = img + st.st_size, *p = img;
	static const char magic[] = "\xff Go buildinf:";
	int ok = 0;
	for (; p + 32 < end; p += 16) { // the blob is 16-byte aligned
		if (memcmp(p, magic, 14) == 0 && (p[15] & 2)) {
			break;
		}
	}
	const unsigned char *q = p + 32;
	unsigned long long gl, ml;
	if (p + 32 < end && uvarint(&q, end, &gl) && gl < 64 && q + gl < end) {
		char gover[64];
		memcpy(gover, q, gl);
		gover[gl] = 0;
		q += gl;
		if (uvarint(&q, end, &ml) && q + ml <= end) {
			const char *mod = (const char *)q;
			size_t n = ml;
			if (n >= 33 && mod[n - 17] == '\n') { // the sentinels around it
				mod += 16, n -= 32;
			}
			char version[256] = "(devel)", rev[128], tm[64], modified[16], goos[32], goarch[32];
			for (size_t i = 0; i < n;) { // "mod\tPATH\tVERSION\t..."
				size_t j = i;
				while (j < n && mod[j] != '\n') {
					j++;
				}
				if (j - i > 4 && memcmp(mod + i, "mod\t", 4) == 0) {
					const char *f = memchr(mod + i + 4, '\t', j - i - 4);
					if (f != NULL) {
						const char *e = memchr(f + 1, '\t', mod + j - f - 1);
						size_t l = (e ? e : mod + j) - (f + 1);
						if (l > 0 && l < sizeof version) {
							memcpy(version, f + 1, l);
							version[l] = 0;
						}
					}
					break;
				}
				i = j + 1;
			}
#ifdef HEXFIRE_RELEASE
			snprintf(version, sizeof version, "%s", HEXFIRE_XSTR(HEXFIRE_RELEASE));
#endif
			setting(mod, n, "vcs.revision", "", rev, sizeof rev);
			setting(mod, n, "vcs.time", "", tm, sizeof tm);
			setting(mod, n, "vcs.modified", "", modified, sizeof modified);
			setting(mod, n, "GOOS", "?", goos, sizeof goos);
			setting(mod, n, "GOARCH", "?", goarch, sizeof goarch);
			if (rev[0] == 0) {
				printf("hexfire %s, commit unknown (built without version control information, as go run does), %s %s/%s\n", version, gover, goos, goarch);
			} else {
				printf("hexfire %s, commit %s%s%s%s, %s %s/%s\n", version, rev, tm[0] ? " of " : "", tm,
					strcmp(modified, "true") == 0 ? ", modified" : "", gover, goos, goarch);
			}
			fflush(stdout);
			ok = 1;
		}
	}
	munmap((void *)img, st.st_size);
	return ok;
}

// answerWithoutDisplay answers -version and -h (alone) with no display to
// open, where the game cannot start: the version line, or the usage the
// flag package prints (usage_unix.h, generated from it and checked by
// TestUsageHeaderIsCurrent), as the program would with a display.
static void answerWithoutDisplay(void) {
	char *arg = soleArg();
	if (arg == NULL) {
		return;
	}
	if (strcmp(arg, "-version") == 0 || strcmp(arg, "--version") == 0) {
		if (printVersion()) {
			exit(0);
		}
	} else if (strcmp(arg, "-h") == 0 || strcmp(arg, "-help") == 0 || strcmp(arg, "--help") == 0) {
		fputs(hexfireUsage, stderr);
		exit(0);
	}
	free(arg);
}

// needDisplay stops the program with one clear line when there is no X
// display to open: DISPLAY unset, or naming a display no server answers
// on. Ebiten opens the display while Go initialises its packages, before
// main runs, and without one it panics with a long GLFW trace; a C
// constructor runs before any of that. It opens the display as GLFW
// will (Xlib, which GLFW links anyway) and closes it again, with Xlib's
// own complaints (such as "Authorization required") silenced: the line
// printed here says what is wrong. -version and -h are answered first
// (answerWithoutDisplay).
__attribute__((constructor)) static void needDisplay(void) {
	const char *d = getenv("DISPLAY");
	if (d == NULL || d[0] == '\0') {
		answerWithoutDisplay();
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
		answerWithoutDisplay();
		fprintf(stderr, "hexfire: cannot open display %s (no X server answers there, or it refuses us): "
			"the game needs a graphical session; on a server use xvfb-run, or hexfire-cli, which needs none\n", d);
		exit(1);
	}
	XCloseDisplay(x);
}
*/
import "C"
