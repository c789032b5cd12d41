package markdown

import (
	"bytes"
	"os"
	"testing"
)

// BenchmarkParse compares Parse on a 100 KiB draft with goldmark's own parse
// of it, for a draft whose prose has no bare URL (goldmark's linkify is
// skipped) and for the same draft with one (Parse falls back to linkify
// after a first parse without it: the worst case).
func BenchmarkParse(b *testing.B) {
	post, err := os.ReadFile("../../testdata/drafts/sample-post.md")
	if err != nil {
		b.Fatal(err)
	}
	var plain []byte
	for len(plain) < 100<<10 {
		plain = append(plain, post...)
	}
	bare := bytes.Replace(plain, []byte("People\nstopped waiting."), []byte("People\nstopped waiting (see www.example.com)."), 1)
	for _, c := range []struct {
		name string
		src  []byte
	}{{"plain", plain}, {"bare-url", bare}} {
		b.Run("goldmark/"+c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.src)))
			for b.Loop() {
				ParseTree(c.src)
			}
		})
		b.Run("parse/"+c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.src)))
			for b.Loop() {
				Parse(c.src)
			}
		})
	}
}
