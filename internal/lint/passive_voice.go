package lint

import (
	"fmt"
	"strings"
)

// passiveVoice flags a form of "be" followed by a past participle ("was
// written", "are being reviewed", "is not used"), irregular participles
// included.
//
// It flags less than write-good on purpose:
//   - A participle that mostly works as an adjective after "be" ("is
//     interested in", "are located in", "is married", "was tired") is flagged
//     only when "by" follows and names an agent ("was married by a judge").
//   - Words that end in -ed but are not participles ("red", "bed", "hundred",
//     "naked", "indeed") and un- adjectives with no un- verb ("is
//     unexpected", "are unsupported") are not participles.
//   - Hyphenated compounds ("is well-known", "is open-sourced") read as
//     adjectives.
//   - "'s" in "it's", "he's" is "is" or "has"; it counts as "is" only when no
//     object follows the participle ("it's written in Go" is passive; "she's
//     written a book" is not).
//   - Up to two adverbs may stand between the verb and the participle ("is
//     not used", "was quickly rewritten"), which write-good misses.
var passiveVoice = register(&Rule{
	ID: "passive-voice", acceptable: true,
	sentence: checkPassive,
})

func checkPassive(p *pass, r *Rule, s *sentence) {
	for i := 0; i < len(s.toks); i++ {
		be := s.toks[i].lower
		contracted := false
		switch {
		case s.has(i, isBe):
		case s.has(i, isContractedBe):
			contracted = strings.HasSuffix(be, "'s")
		default:
			continue
		}
		// Up to two adverbs between the verb and the participle.
		j := i + 1
		for k := 0; k < 2 && j < len(s.toks) && s.toks[j].joined && isInterposedAdverb(&s.toks[j]); k++ {
			j++
		}
		if j >= len(s.toks) || !s.toks[j].joined || !isParticiple(&s.toks[j]) {
			continue
		}
		next := s.word(j + 1)
		nextJoined := j+1 < len(s.toks) && s.toks[j+1].joined
		if s.has(j, isAdjectival) && !(next == "by" && nextJoined) {
			continue
		}
		if contracted && nextJoined && s.has(j+1, isObjectStart) {
			continue // "she's written a book": "has", not "is"
		}
		// "is being reviewed": start at "is".
		start := i
		if be == "being" && s.has(i-1, isBe) && s.toks[i].joined {
			start = i - 1
		}
		match := s.text(start, j)
		p.reportText(r, s.block, s.toks[start].start, s.toks[j].end,
			fmt.Sprintf("%q is passive voice; say who does it, as the subject", match))
		i = j
	}
}

// isParticiple reports whether a word is a past participle.
func isParticiple(t *token) bool {
	w := t.lower
	if t.flags&isIrregularParticiple != 0 {
		return true
	}
	if !strings.HasSuffix(w, "ed") || len(w) < 4 || strings.ContainsAny(w, "-'0123456789") {
		return false
	}
	if t.flags&isNotParticiple != 0 {
		return false
	}
	if strings.HasSuffix(w, "eed") {
		return t.flags&isEedParticiple != 0
	}
	if strings.HasPrefix(w, "un") && !strings.HasPrefix(w, "under") && !strings.HasPrefix(w, "uni") &&
		!unVerbs[w[:len(w)-2]] && !unVerbs[w[:len(w)-1]] {
		return false // "unexpected": an adjective, there is no verb "unexpect"
	}
	return true
}

// isInterposedAdverb reports whether w may stand between "be" and a
// participle without breaking the passive: "is not used", "was quickly fixed".
func isInterposedAdverb(t *token) bool {
	return t.flags&isInterposed != 0 || strings.HasSuffix(t.lower, "ly") && len(t.lower) > 4 && t.flags&isNotAdverb == 0
}

// contractedBe are pronouns fused with "is" (or "has"), "are" or "am";
// possessives ("the company's") are not among them.
var contractedBe = set("it's", "that's", "what's", "there's", "here's", "who's", "he's", "she's",
	"where's", "this's", "we're", "you're", "they're", "who're", "i'm")

var beVerbs = set("am", "is", "are", "was", "were", "be", "been", "being",
	"isn't", "aren't", "wasn't", "weren't", "ain't")

var interposed = set("not", "never", "also", "often", "always", "already", "just", "still",
	"then", "now", "even", "once", "all", "both", "each", "further", "seldom", "sometimes",
	"rarely", "usually", "generally", "again", "soon", "thus", "therefore", "too")

// objectStarts begin a noun phrase: after "she's written", they show that
// "'s" is "has" and the participle has an object.
var objectStarts = set("a", "an", "the", "this", "that", "these", "those", "my", "your", "his",
	"her", "its", "our", "their", "some", "any", "no", "every", "each", "all", "many", "much",
	"it", "them", "him", "me", "us", "you", "one", "two", "three", "several", "more", "up", "out")

// adjectivalParticiples are participles that after "be" mostly describe a
// state rather than an action done to the subject ("I am interested", "the
// office is located in Lisbon"). They count as passive only before "by".
var adjectivalParticiples = set(
	"interested", "married", "divorced", "engaged", "located", "situated", "based", "related",
	"involved", "concerned", "worried", "excited", "bored", "tired", "pleased", "satisfied",
	"disappointed", "surprised", "amazed", "shocked", "confused", "scared", "frightened",
	"terrified", "embarrassed", "annoyed", "exhausted", "delighted", "thrilled", "impressed",
	"convinced", "determined", "supposed", "accustomed", "acquainted", "aged", "complicated",
	"sophisticated", "advanced", "detailed", "dedicated", "devoted", "committed", "talented",
	"skilled", "experienced", "qualified", "educated", "renowned", "ashamed", "overwhelmed",
	"stressed", "relaxed", "finished", "limited", "hurt", "upset", "bound", "lost",
	"closed", "gifted", "armed", "biased", "blessed", "crowded", "dressed", "drunk",
	"focused", "inclined", "obsessed", "opposed", "prepared", "puzzled", "retired", "stuck",
	"frustrated", "fascinated", "motivated", "disgusted", "horrified", "depressed",
	"distracted", "entitled", "inspired", "obliged", "suited", "worn", "done",
)

// irregularParticiples are English past participles that do not end in -ed
// (a fact of the language; enumerated for this project). Intransitive verbs
// ("gone", "come", "become", "risen", "fallen") cannot be passive and are
// left out; so are forms that are far more often another word ("cost",
// "bet", "quit", "lay").
var irregularParticiples = set(
	"arisen", "awoken", "born", "borne", "beaten", "begun", "bent", "bitten", "bled", "blown",
	"broken", "bred", "brought", "built", "burnt", "bought", "caught", "chosen", "clung",
	"cut", "dealt", "dug", "drawn", "dreamt", "driven", "eaten", "fed", "felt", "fought",
	"found", "fled", "flung", "flown", "forbidden", "forecast", "forgotten", "forgiven",
	"forsaken", "frozen", "gotten", "given", "ground", "grown", "hung", "heard", "hidden",
	"hit", "held", "kept", "knelt", "known", "laid", "led", "leapt", "learnt", "left",
	"lent", "let", "lit", "made", "meant", "met", "mistaken", "misunderstood", "misled",
	"misread", "mislaid", "mown", "overcome", "overtaken", "overthrown", "overseen",
	"overheard", "overdone", "overpaid", "overridden", "overrun", "overwritten", "paid",
	"proven", "put", "read", "rebuilt", "recast", "redone", "remade", "rerun", "reread",
	"reset", "retold", "rethought", "rewritten", "rid", "ridden", "rung", "run", "sawn",
	"said", "seen", "sought", "sold", "sent", "set", "sewn", "shaken", "shed", "shone",
	"shorn", "shot", "shown", "shrunk", "shut", "slain", "slung", "slit", "sung", "sunk",
	"slid", "smitten", "sown", "spoken", "sped", "spelt", "spent", "spilt", "spun", "spat",
	"split", "spread", "sprung", "stolen", "strewn", "stricken", "struck", "strung",
	"striven", "sworn", "swept", "swung", "taken", "taught", "thrust", "torn", "told",
	"thought", "thrown", "trodden", "understood", "undertaken", "undergone", "undone",
	"unbound", "unwound", "upheld", "withdrawn", "withheld", "withstood", "woken", "woven",
	"wed", "won", "wound", "written", "wrung", "hewn", "input", "output", "offset",
	"outgrown", "outdone", "oversold", "broadcast", "burst", "cast", "beset", "misspelt",
	"proofread", "sublet", "waylaid", "upset", "hurt", "bound", "lost", "stuck", "worn",
	"drunk", "done",
)

// notParticiples end in -ed but are not verb forms.
var notParticiples = set(
	"red", "bed", "sled", "shred", "hundred", "sacred", "naked", "wicked", "rugged", "ragged",
	"jagged", "crooked", "kindred", "hatred", "embed", "infrared", "biped", "moped", "beloved",
	"wretched", "learned", "dogged", "aged", "bearded", "talented", "gifted", "sophisticated",
	"unmatched", "ted", "fred", "ned", "ed", "med", "naked", "seabed", "flatbed", "hotbed",
	"watershed", "newlywed", "coed", "sled", "bobsled", "zed", "creed", "jared",
)

// eedParticiples are the -eed words that are participles; "need", "speed",
// "indeed" and "proceed" are not.
var eedParticiples = set("agreed", "freed", "decreed", "guaranteed", "refereed", "emceed", "disagreed", "peed", "treed")

// unVerbs are verbs that start with un-, so "unlocked" may be a participle
// where "unexpected" is not.
var unVerbs = set("undo", "unlock", "unpack", "unload", "unwrap", "unbind", "uninstall", "unset",
	"unmount", "unregister", "unsubscribe", "unzip", "uncover", "unfold", "unleash", "unplug",
	"untie", "unveil", "unearth", "unify", "unite", "unmask", "unravel", "unroll", "unscrew",
	"unseat", "unsettle", "unhook", "unlink", "unload", "unmark", "unpin", "unquote", "unlearn",
	"underestimate", "undermine", "underline", "underscore", "understate", "undertake", "update", "unblock")

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
