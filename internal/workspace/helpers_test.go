package workspace

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// secret is the content of a file outside the workspace; no message may quote it.
const secret = "TOP SECRET: the butler did it"

// fixture is a workspace on disk:
//
//	base/
//	  outside/secret.md       secret content, outside every root
//	  ws/                     the first root
//	    post.md, bom.md, my draft.md, drafts/intro.md, dir/
//	    inner-link.md -> post.md
//	    inner-dir -> drafts
//	    passwd.md -> /etc/passwd
//	    out-dir -> ../outside
//	    dangling.md -> ../outside/gone.md
//	    fifo.md (a named pipe), random.bin (3 MB), big.md (17 MiB), bad-utf8.md
//	  ws2/notes.md            the second root
type fixture struct {
	base, ws, ws2 string
	w             *Workspace
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	fx := &fixture{base: base, ws: filepath.Join(base, "ws"), ws2: filepath.Join(base, "ws2")}
	write := func(rel, content string) {
		p := filepath.Join(base, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, rel string) {
		if err := os.Symlink(target, filepath.Join(base, rel)); err != nil {
			t.Fatal(err)
		}
	}
	write("outside/secret.md", secret)
	write("ws/post.md", "# Post\n\nHello.\n")
	write("ws/bom.md", "\xEF\xBB\xBF# With a byte order mark\n")
	write("ws/my draft.md", "draft\n")
	write("ws/drafts/intro.md", "intro\n")
	write("ws/bad-utf8.md", "line one\nline two\nline \xff three\n")
	write("ws2/notes.md", "notes\n")
	if err := os.Mkdir(filepath.Join(fx.ws, "dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	link("post.md", "ws/inner-link.md")
	link("drafts", "ws/inner-dir")
	link("/etc/passwd", "ws/passwd.md")
	link("../outside", "ws/out-dir")
	link("../outside/gone.md", "ws/dangling.md")
	if err := syscall.Mkfifo(filepath.Join(fx.ws, "fifo.md"), 0o644); err != nil {
		t.Fatal(err)
	}
	random := make([]byte, 3_000_000)
	rand.NewChaCha8([32]byte{}).Read(random)
	write("ws/random.bin", string(random))
	big, err := os.Create(filepath.Join(fx.ws, "big.md"))
	if err != nil {
		t.Fatal(err)
	}
	// A sparse file: its size is what matters, and the stat refuses it before any read.
	if err := big.Truncate(17 << 20); err != nil {
		t.Fatal(err)
	}
	big.Close()

	fx.w, err = New(fx.ws, fx.ws2)
	if err != nil {
		t.Fatal(err)
	}
	return fx
}
