package fix

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiff checks a diff written by hand in diff -u's format: two hunks
// apart, a line changed at the very end without a newline.
func TestDiff(t *testing.T) {
	t.Parallel()
	old := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\nlast"
	new := "1\n2 changed\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\nLAST"
	want := `--- a/post.md
+++ b/post.md
@@ -1,5 +1,5 @@
 1
-2
+2 changed
 3
 4
 5
@@ -10,4 +10,4 @@
 10
 11
 12
-last
\ No newline at end of file
+LAST
\ No newline at end of file
`
	if got := Diff("post.md", []byte(old), []byte(new)); got != want {
		t.Errorf("Diff:\n%s\nwant:\n%s", got, want)
	}
	if got := Diff("post.md", []byte(old), []byte(old)); got != "" {
		t.Errorf("Diff of equal texts = %q, want \"\"", got)
	}
}

// TestDiffLikeGNU checks Diff on random edits of a text against GNU tools:
// patch applies it to the old text and gets the new one, and it changes as
// many lines as diff -u does (both are shortest; where a run of equal lines
// lets either place a change, they may differ). Skipped without them.
func TestDiffLikeGNU(t *testing.T) {
	t.Parallel()
	diffTool, err1 := exec.LookPath("diff")
	patchTool, err2 := exec.LookPath("patch")
	if err1 != nil || err2 != nil {
		t.Skip("no diff or patch on PATH")
	}
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"a\n", "b\n", "c\n", "the same line\n", "x\n", "\n"}
	for n := range 200 {
		var a []string
		for range r.IntN(40) {
			a = append(a, words[r.IntN(len(words))])
		}
		b := append([]string(nil), a...)
		for range r.IntN(5) {
			i := r.IntN(len(b) + 1)
			switch r.IntN(3) {
			case 0:
				b = append(b[:i], append([]string{"new\n"}, b[i:]...)...)
			case 1:
				if i < len(b) {
					b = append(b[:i], b[i+1:]...)
				}
			default:
				if i < len(b) {
					b[i] = "changed\n"
				}
			}
		}
		if n%7 == 0 && len(b) > 0 {
			b[len(b)-1] = "no newline" // and the old text keeps its newline
		}
		old, new := strings.Join(a, ""), strings.Join(b, "")
		pa, pb, pd := filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "d")
		os.WriteFile(pa, []byte(old), 0o644)
		os.WriteFile(pb, []byte(new), 0o644)
		want, _ := exec.Command(diffTool, "-u", "--label", "a/f", "--label", "b/f", pa, pb).Output()
		got := Diff("f", []byte(old), []byte(new))
		if changed(got) != changed(string(want)) {
			t.Fatalf("case %d: Diff changes %d lines, diff -u %d\nDiff:\n%s\ndiff -u:\n%s", n, changed(got), changed(string(want)), got, want)
		}
		os.WriteFile(pd, []byte(got), 0o644)
		if out, err := exec.Command(patchTool, "-s", pa, pd).CombinedOutput(); err != nil && got != "" {
			t.Fatalf("case %d: patch: %v %s\nDiff:\n%s", n, err, out, got)
		}
		if patched, _ := os.ReadFile(pa); string(patched) != new {
			t.Fatalf("case %d: patched %q, want %q\nDiff:\n%s", n, patched, new, got)
		}
	}
}

// changed counts a diff's removed and added lines.
func changed(d string) int {
	n := 0
	for _, l := range strings.Split(d, "\n") {
		if strings.HasPrefix(l, "-") && !strings.HasPrefix(l, "---") || strings.HasPrefix(l, "+") && !strings.HasPrefix(l, "+++") {
			n++
		}
	}
	return n
}
