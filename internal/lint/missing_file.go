package lint

import (
	"fmt"
	"net/url"
	pathpkg "path"
	"strings"
)

// missingFile flags a relative link or image whose file is not in the
// workspace. Links with a scheme ("https:", "mailto:"), protocol-relative
// and site-absolute paths ("/about") are not files of the draft's workspace
// and are not checked. A link to a page of a docs site built from markdown
// ("conversion.html" beside "conversion.md") is not missing. The rule runs
// only when Options.FileExists is set.
var missingFile = register(&Rule{
	ID: "missing-file",
	document: func(p *pass, r *Rule) {
		exists := map[string]bool{} // each path is looked up once: a lookup is a stat
		check := func(start int, dest string) {
			path, ok := localPath(dest)
			if !ok {
				return
			}
			found, seen := exists[path]
			if !seen {
				found = p.opts.FileExists(path) || builtPage(path, p.opts.FileExists)
				exists[path] = found
			}
			if found {
				return
			}
			p.reportAt(r, start, dest, dest, fmt.Sprintf(
				"%q is not in the workspace; fix the path or add the file", path))
		}
		for _, l := range p.doc.Links {
			if p.cancelled() {
				return
			}
			if !l.Auto {
				check(l.Start, l.Destination)
			}
		}
		for _, img := range p.doc.Images {
			if p.cancelled() {
				return
			}
			check(img.Start, img.Destination)
		}
	},
})

// localPath returns the file path of a relative link destination, without
// fragment or query and unescaped, or false when dest is not a relative path.
func localPath(dest string) (string, bool) {
	dest = strings.TrimSpace(dest)
	if dest == "" || strings.HasPrefix(dest, "#") || strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "?") {
		return "", false
	}
	u, err := url.Parse(dest)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Path == "" {
		return "", false
	}
	return u.Path, true
}

// builtPage reports whether an .html link names the page a docs site
// generator builds from a markdown file beside it: "conversion.html" from
// "conversion.md" or "conversion.markdown".
func builtPage(p string, exists func(string) bool) bool {
	ext := strings.ToLower(pathpkg.Ext(p))
	if ext != ".html" && ext != ".htm" {
		return false
	}
	stem := p[:len(p)-len(ext)]
	return exists(stem+".md") || exists(stem+".markdown")
}
