// Package benchdraft makes drafts of a chosen size from the shipped sample
// post, so that the benchmarks and the measuring scripts read the same prose.
package benchdraft

import (
	"bytes"
	"os"
)

// Sample is the sample post, relative to the module root.
const Sample = "testdata/drafts/sample-post.md"

// Repeat reads the post at path and repeats it until it is exactly size
// bytes long. With frontMatterOnce, the front matter stays at the top only
// and the body (from the first "# " heading) is what repeats, as in one
// long article.
func Repeat(path string, size int, frontMatterOnce bool) ([]byte, error) {
	post, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	body := post
	if frontMatterOnce {
		body = post[bytes.Index(post, []byte("\n# ")):]
	}
	out := append([]byte{}, post...)
	for len(out) < size {
		out = append(out, body...)
	}
	return out[:size], nil
}
