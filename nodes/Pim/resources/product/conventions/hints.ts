/**
 * What an export's header adds to a field's name for the person filling it in: a required mark
 * (`Name *`) or a hint in brackets that is no unit or currency (`Tags (x,y,z...)`, `Active
 * (0/1)`, `(0 = No, 1 = Yes)`, `(yyyy-mm-dd)`): a hint holds `=`, `,`, `/`, `...` or a date's
 * letters. `Weight (kg)` and `Price (EUR)` keep theirs: suffixes.ts reads them.
 */
const REQUIRED_MARK = /\s*\*\s*$/;
const HINT = /\s*\((?=[^()]*(?:=|,|\/|\.\.\.|yyyy|\bmm\b|\bdd\b))[^()]*\)\s*$/i;

/** A field's name without what its header adds (REQUIRED_MARK, HINT); the name itself if nothing. */
export function withoutHint(field: string): string {
	let name = field;
	for (let previous = ''; previous !== name; ) {
		previous = name;
		name = name.replace(REQUIRED_MARK, '').replace(HINT, '');
	}
	return name.trim() === '' ? field : name;
}
