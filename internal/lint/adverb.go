package lint

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// adverb flags -ly adverbs, which often prop up a weak verb ("walked
// slowly" for "ambled"). Weasel words ending in -ly ("really") are left to
// weasel-word, and capitalised words inside a sentence are names.
var adverb = register(&Rule{
	ID: "adverb", acceptable: true,
	sentence: checkAdverb,
})

func checkAdverb(p *pass, r *Rule, s *sentence) {
	for i, t := range s.toks {
		if t.flags&(isNotAdverb|isWeasel) != 0 || !isLyAdverb(t.lower) {
			continue
		}
		word := s.block.Text[t.start:t.end]
		if r, _ := utf8.DecodeRuneInString(word); i > 0 && unicode.IsUpper(r) {
			continue // a name: "Kelly", "Reilly"
		}
		p.reportText(r, s.block, t.start, t.end,
			fmt.Sprintf("%q is an adverb; a stronger verb or adjective often says it better", word))
	}
}

// isLyAdverb reports whether a lower-case word not in notAdverbs is an
// adverb in -ly.
func isLyAdverb(w string) bool {
	return len(w) > 4 && strings.HasSuffix(w, "ly") && !strings.ContainsAny(w, "-'0123456789")
}

// notAdverbs end in -ly but are adjectives, nouns or verbs ("friendly",
// "family", "apply"), or adverbs too common and neutral to flag ("only",
// "likely", "early").
var notAdverbs = set(
	"only", "early", "likely", "unlikely", "daily", "weekly", "monthly", "yearly", "hourly",
	"nightly", "quarterly", "apply", "reply", "supply", "imply", "comply", "rely", "multiply",
	"ally", "rally", "tally", "bully", "dally", "sully", "july", "italy", "belly", "jelly",
	"holy", "ugly", "silly", "lovely", "friendly", "unfriendly", "lonely", "lively", "costly",
	"deadly", "elderly", "orderly", "disorderly", "curly", "hilly", "jolly", "oily", "wily",
	"chilly", "smelly", "woolly", "frilly", "anomaly", "homily", "assembly", "family",
	"butterfly", "dragonfly", "firefly", "folly", "gully", "doily", "monopoly", "melancholy",
	"holly", "lily", "underbelly", "bodily", "kindly", "manly", "womanly", "heavenly",
	"worldly", "scholarly", "cowardly", "leisurely", "timely", "untimely", "courtly",
	"stately", "comely", "homely", "ghastly", "sickly", "surly", "burly", "beastly",
	"brotherly", "sisterly", "fatherly", "motherly", "neighborly", "neighbourly", "miserly",
	"unruly", "unseemly", "unsightly", "wobbly", "bubbly", "crumbly", "prickly", "bristly",
	"squiggly", "wrinkly", "sparkly", "rely", "resupply", "reapply", "panoply", "rolly",
	"poly", "rally", "grizzly", "gnarly", "measly", "pearly", "saintly", "shapely", "sprightly",
	"deathly", "earthly", "unearthly", "otherworldly", "northerly", "southerly", "easterly",
	"westerly",
)
