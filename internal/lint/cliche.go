package lint

// cliche flags worn-out phrases: the reader has met them so often that they
// no longer see them: an existence list, data/cliche.txt.
var cliche = register(&Rule{
	ID: "cliche", acceptable: true,
	message: existenceMessage("%q is a cliché; say plainly what you mean"),
	phrases: existenceData("cliche.txt"),
})
