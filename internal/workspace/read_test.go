package workspace

import (
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadFileRefuses(t *testing.T) {
	fx := newFixture(t)
	ws := fx.ws
	workspace := fx.ws + ", " + fx.ws2
	tests := []struct {
		name, path string
		kind       error
		msg        string // the whole message, when it matters
	}{
		{"parent", "../x", ErrOutside,
			`path "../x" is outside the workspace ` + workspace + `; pass a path inside it`},
		{"parent of existing file", "../outside/secret.md", ErrOutside, ""},
		{"deep parent", "drafts/../../../../etc/passwd", ErrOutside, ""},
		{"absolute outside", "/etc/passwd", ErrOutside, ""},
		{"absolute outside missing", "/nonexistent/x.md", ErrOutside, ""},
		{"absolute sibling with root as prefix", fx.ws + "-evil/x.md", ErrOutside, ""},
		{"link to /etc/passwd", "passwd.md", ErrOutside,
			`path "passwd.md" is outside the workspace ` + workspace + `; pass a path inside it`},
		{"linked directory outside", "out-dir/secret.md", ErrOutside, ""},
		{"linked directory outside, missing file", "out-dir/nothing.md", ErrOutside, ""},
		{"dangling link outside", "dangling.md", ErrOutside, ""},
		{"file URI outside", "file://" + fx.base + "/outside/secret.md", ErrOutside, ""},
		{"file URI with encoded dots", "file://" + ws + "/%2e%2e/outside/secret.md", ErrOutside, ""},
		{"encoded dots are a name", "%2e%2e/outside/secret.md", ErrNotFound, ""},
		{"encoded slash and dots are a name", "..%2foutside%2fsecret.md", ErrNotFound, ""},
		{"NUL byte", "post.md\x00.txt", ErrInvalidPath,
			`path "post.md\x00.txt" contains a NUL byte; pass a plain file path`},
		{"encoded NUL in file URI", "file://" + ws + "/post.md%00", ErrInvalidPath, ""},
		{"empty", "", ErrInvalidPath, ""},
		{"longer than PATH_MAX", strings.Repeat("a/", 2100) + "x.md", ErrInvalidPath,
			`path "a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/"... is too long (4204 bytes); pass a shorter path`},
		{"file URI on another host", "file://example.com" + ws + "/post.md", ErrInvalidPath, ""},
		{"FIFO", "fifo.md", ErrNotRegular,
			`path "fifo.md" is a named pipe, not a regular file; pass a markdown file`},
		{"directory", "dir", ErrNotRegular, `path "dir" is a directory; pass a markdown file`},
		{"root itself", ".", ErrNotRegular, ""},
		{"random binary", "random.bin", ErrBinary,
			`file "random.bin" looks binary, not text; pass a markdown file`},
		{"17 MiB", "big.md", ErrTooLarge,
			`file "big.md" is larger than 16 MiB; pass a smaller file or split it`},
		{"invalid UTF-8", "bad-utf8.md", ErrBinary,
			`file "bad-utf8.md" is not valid UTF-8 (line 3); save it as UTF-8 and try again`},
		{"missing", "x.md", ErrNotFound,
			`no file "x.md" in the workspace ` + workspace + `; check the name`},
		{"missing with a close match", "pots.md", ErrNotFound,
			`no file "pots.md" in the workspace ` + workspace + `; check the name (did you mean "post.md"?)`},
		{"below a file", "post.md/x.md", ErrNotFound, ""},
	}
	passwd, _ := os.ReadFile("/etc/passwd")
	firstLine, _, _ := strings.Cut(string(passwd), "\n")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			abs, data, err := fx.w.ReadFile(tt.path)
			if !errors.Is(err, tt.kind) {
				t.Fatalf("ReadFile(%q) = %q, %d bytes, %v; want an error of kind %v", tt.path, abs, len(data), err, tt.kind)
			}
			if abs != "" || data != nil {
				t.Errorf("ReadFile(%q) returned %q and %d bytes with its error", tt.path, abs, len(data))
			}
			msg := err.Error()
			if tt.msg != "" {
				if diff := cmp.Diff(tt.msg, msg); diff != "" {
					t.Errorf("ReadFile(%q) message (-want +got):\n%s", tt.path, diff)
				}
			}
			for _, leak := range []string{secret, firstLine, "/outside", "/etc/passwd"} {
				if strings.Contains(msg, leak) && !strings.Contains(tt.path, leak) {
					t.Errorf("ReadFile(%q) message %q leaks %q", tt.path, msg, leak)
				}
			}
			// A refusal leaves the workspace usable.
			if _, data, err := fx.w.ReadFile("post.md"); err != nil || string(data) != "# Post\n\nHello.\n" {
				t.Errorf("ReadFile(post.md) after a refusal = %q, %v", data, err)
			}
		})
	}
}

func TestReadFileReads(t *testing.T) {
	fx := newFixture(t)
	post := filepath.Join(fx.ws, "post.md")
	tests := []struct {
		name, path, abs, data string
	}{
		{"relative", "post.md", post, "# Post\n\nHello.\n"},
		{"relative with dot segments", "./drafts/../post.md", post, "# Post\n\nHello.\n"},
		{"absolute inside", post, post, "# Post\n\nHello.\n"},
		{"file URI", "file://" + post, post, "# Post\n\nHello.\n"},
		{"file URI on localhost", "file://localhost" + post, post, "# Post\n\nHello.\n"},
		{"file URI with an escaped space", (&url.URL{Scheme: "file", Path: filepath.Join(fx.ws, "my draft.md")}).String(),
			filepath.Join(fx.ws, "my draft.md"), "draft\n"},
		{"link inside pointing inside", "inner-link.md", post, "# Post\n\nHello.\n"},
		{"linked directory inside", "inner-dir/intro.md", filepath.Join(fx.ws, "drafts", "intro.md"), "intro\n"},
		{"byte order mark stripped", "bom.md", filepath.Join(fx.ws, "bom.md"), "# With a byte order mark\n"},
		{"second root, absolute", filepath.Join(fx.ws2, "notes.md"), filepath.Join(fx.ws2, "notes.md"), "notes\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			abs, data, err := fx.w.ReadFile(tt.path)
			if err != nil {
				t.Fatalf("ReadFile(%q): %v", tt.path, err)
			}
			if diff := cmp.Diff([]string{tt.abs, tt.data}, []string{abs, string(data)}); diff != "" {
				t.Errorf("ReadFile(%q) (-want +got):\n%s", tt.path, diff)
			}
		})
	}
}

// TestOpenRechecks swaps the file between the check and the open, which
// ReadFile cannot be made to do on demand.
func TestOpenRechecks(t *testing.T) {
	fx := newFixture(t)
	abs := filepath.Join(fx.ws, "post.md")
	before, err := os.Lstat(abs)
	if err != nil {
		t.Fatal(err)
	}

	replacement := filepath.Join(fx.ws, "replacement.md")
	if err := os.WriteFile(replacement, []byte("other"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(replacement, abs); err != nil {
		t.Fatal(err)
	}
	if f, err := fx.w.open("post.md", abs, before); !errors.Is(err, ErrOutside) {
		f.Close()
		t.Errorf("open after swapping in another file: %v; want ErrOutside", err)
	}

	if err := os.Remove(abs); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(abs, 0o644); err != nil {
		t.Fatal(err)
	}
	// O_NONBLOCK: this returns at once instead of waiting for a writer.
	if f, err := fx.w.open("post.md", abs, before); !errors.Is(err, ErrNotRegular) {
		f.Close()
		t.Errorf("open after swapping in a named pipe: %v; want ErrNotRegular", err)
	}
}
