package lint

// cliche flags worn-out phrases: the reader has met them so often that they
// no longer see them: an existence list, data/cliche.txt.
var cliche = &Rule{
	ID: "cliche", Kind: Style, Severity: Suggestion, acceptable: true,
	Doc:     `Clichés ("at the end of the day", "low-hanging fruit").`,
	message: existenceMessage("%q is a cliché; say plainly what you mean"),
	phrases: existenceData("cliche.txt"),
}
