package prompts

import "strings"

// Complete offers values for argument that start with prefix: the declared
// values, workspace files, or language names. It never fails: an unknown
// argument or one without a completion source gets an empty list.
func (t *Template) Complete(argument, prefix string, env Env) []string {
	out := []string{}
	for _, a := range t.Arguments {
		if a.Name != argument {
			continue
		}
		switch {
		case len(a.Values) > 0:
			for _, v := range a.Values {
				if hasPrefixFold(v, prefix) {
					out = append(out, v)
				}
			}
		case a.Complete == "files" && env.ListFiles != nil:
			out = append(out, env.ListFiles(prefix)...)
		case a.Complete == "languages":
			out = completeLanguage(prefix)
		}
		break
	}
	return out
}

func hasPrefixFold(s, prefix string) bool {
	return strings.HasPrefix(strings.ToLower(s), strings.ToLower(prefix))
}
