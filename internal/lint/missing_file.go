package lint

import (
	"fmt"
	"net/url"
	"strings"
)

// missingFile flags a relative link or image whose file is not in the
// workspace. Links with a scheme ("https:", "mailto:"), protocol-relative
// and site-absolute paths ("/about") are not files of the draft's workspace
// and are not checked. The rule runs only when Options.FileExists is set.
var missingFile = &Rule{
	ID: "missing-file", Kind: Structure, Severity: Error,
	Doc: "A relative link or image to a file that is not in the workspace.",
	document: func(p *pass, r *Rule) {
		exists := map[string]bool{} // each path is looked up once: a lookup is a stat
		check := func(start int, dest string) {
			path, ok := localPath(dest)
			if !ok {
				return
			}
			found, seen := exists[path]
			if !seen {
				found = p.opts.FileExists(path)
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
}

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
