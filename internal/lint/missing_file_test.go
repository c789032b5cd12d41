package lint

import (
	"strings"
	"testing"

	"github.com/speedgrapher/speedgrapher/internal/markdown"
)

// TestMissingFileLooksUpOnce: a path linked many times is looked up once,
// and every link to it is still reported.
func TestMissingFileLooksUpOnce(t *testing.T) {
	t.Parallel()
	src := strings.Repeat("[a](gone.md) [b](gone.md#x) ![c](img/gone.png)\n\n", 50)
	lookups := map[string]int{}
	findings := Check(markdown.Parse([]byte(src)), Options{Only: []string{"missing-file"},
		FileExists: func(path string) bool { lookups[path]++; return false }})
	if len(findings) != 150 { // 3 links a line, 50 lines: counted from the draft above
		t.Errorf("%d findings; want 150", len(findings))
	}
	want := map[string]int{"gone.md": 1, "img/gone.png": 1}
	for path, n := range lookups {
		if n != want[path] {
			t.Errorf("%q looked up %d times; want %d", path, n, want[path])
		}
	}
	if len(lookups) != len(want) {
		t.Errorf("looked up %v; want %v", lookups, want)
	}
}
