package prompts

import "strings"

// language is a language writers localize into, by English name, with the
// BCP 47 tags (RFC 5646; region and script subtags from the IANA Language
// Subtag Registry) a writer may type instead.
type language struct {
	name string
	tags []string
}

// languages lists common localization targets, with the regional variants
// that change spelling or vocabulary enough to matter. Sorted by name.
var languages = []language{
	{"Arabic", []string{"ar"}},
	{"Bengali", []string{"bn"}},
	{"Bulgarian", []string{"bg"}},
	{"Catalan", []string{"ca"}},
	{"Chinese (Simplified)", []string{"zh-Hans", "zh-CN", "zh-SG"}},
	{"Chinese (Traditional)", []string{"zh-Hant", "zh-TW", "zh-HK"}},
	{"Croatian", []string{"hr"}},
	{"Czech", []string{"cs"}},
	{"Danish", []string{"da"}},
	{"Dutch", []string{"nl"}},
	{"English (United Kingdom)", []string{"en-GB"}},
	{"English (United States)", []string{"en-US"}},
	{"Estonian", []string{"et"}},
	{"Filipino", []string{"fil", "tl"}},
	{"Finnish", []string{"fi"}},
	{"French (Canada)", []string{"fr-CA"}},
	{"French (France)", []string{"fr-FR"}},
	{"German", []string{"de"}},
	{"Greek", []string{"el"}},
	{"Hebrew", []string{"he"}},
	{"Hindi", []string{"hi"}},
	{"Hungarian", []string{"hu"}},
	{"Indonesian", []string{"id"}},
	{"Italian", []string{"it"}},
	{"Japanese", []string{"ja"}},
	{"Korean", []string{"ko"}},
	{"Latvian", []string{"lv"}},
	{"Lithuanian", []string{"lt"}},
	{"Malay", []string{"ms"}},
	{"Norwegian (Bokmål)", []string{"nb", "no"}},
	{"Persian", []string{"fa"}},
	{"Polish", []string{"pl"}},
	{"Portuguese (Brazil)", []string{"pt-BR"}},
	{"Portuguese (Portugal)", []string{"pt-PT"}},
	{"Romanian", []string{"ro"}},
	{"Russian", []string{"ru"}},
	{"Serbian", []string{"sr"}},
	{"Slovak", []string{"sk"}},
	{"Slovenian", []string{"sl"}},
	{"Spanish (Latin America)", []string{"es-419", "es-MX"}},
	{"Spanish (Spain)", []string{"es-ES"}},
	{"Swahili", []string{"sw"}},
	{"Swedish", []string{"sv"}},
	{"Thai", []string{"th"}},
	{"Turkish", []string{"tr"}},
	{"Ukrainian", []string{"uk"}},
	{"Urdu", []string{"ur"}},
	{"Vietnamese", []string{"vi"}},
}

// completeLanguage returns the names of the languages whose name or one of
// whose tags starts with prefix, ignoring case; "_" may stand for "-" in a tag.
// Tags are matched from two characters on, so that "e" offers the languages
// whose names start with E, not Greek for "el".
func completeLanguage(prefix string) []string {
	tagPrefix := strings.ReplaceAll(prefix, "_", "-")
	out := []string{}
	for _, l := range languages {
		match := hasPrefixFold(l.name, prefix)
		for _, tag := range l.tags {
			if len(tagPrefix) < 2 {
				break
			}
			match = match || hasPrefixFold(tag, tagPrefix)
		}
		if match {
			out = append(out, l.name)
		}
	}
	return out
}
