package lint

import "fmt"

// cliche flags worn-out phrases: the reader has met them so often that they
// no longer see them. The list is this project's own.
var cliche = &Rule{
	ID: "cliche", Kind: Style, Severity: Suggestion, acceptable: true,
	Doc: `Clichés ("at the end of the day", "low-hanging fruit").`,
	message: func(match string, _ *phrase) string {
		return fmt.Sprintf("%q is a cliché; say plainly what you mean", match)
	},
	phrases: words(
		"at the end of the day", "think outside the box", "thinking outside the box",
		"outside the box", "low-hanging fruit", "move the needle", "moves the needle",
		"game changer", "game-changer", "paradigm shift", "elephant in the room",
		"perfect storm", "best of both worlds", "tip of the iceberg",
		"back to square one", "back to the drawing board", "in a nutshell",
		"avoid it like the plague", "like the plague", "last but not least",
		"needle in a haystack", "only time will tell", "when all is said and done",
		"few and far between", "hit the ground running", "push the envelope",
		"pushing the envelope", "raise the bar", "raising the bar",
		"reinvent the wheel", "reinventing the wheel", "silver bullet",
		"at the drop of a hat", "easier said than done", "blessing in disguise",
		"read between the lines", "break the ice", "calm before the storm",
		"crystal clear", "level playing field", "par for the course",
		"since the dawn of time", "whole new ballgame", "ahead of the curve",
		"on the same page", "touch base", "circle back", "at the end of the tunnel",
		"light at the end of the tunnel", "the ball is in your court", "ballpark figure",
		"bang for the buck", "bang for your buck", "double-edged sword",
		"go the extra mile", "going forward", "in this day and age",
		"it goes without saying", "needless to say", "nip it in the bud",
		"the bottom line", "win-win", "without further ado", "writing on the wall",
	),
}
