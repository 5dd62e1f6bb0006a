import * as shops from './shops';
import * as suffixes from './suffixes';
import { systemColumns } from './systems';
import { completeAmounts, Reading, type NameReader, type Reader } from './values';

export { withoutHint } from './hints';
export { attributeLabel, completeAmounts, isNoValue, isPrice, severalCurrencies } from './values';
export type { ColumnValue, ConventionScope } from './values';

/**
 * How other systems' exports name their columns (node-contract.md, "Exports of other systems"),
 * read by Map Automatically in version 2 for the columns that match no attribute as they are (a
 * column naming one keeps going to it): one reader per convention, each stating its rule, applied
 * in this order. A bare amount none gives a currency or unit warns (completeAmounts).
 */
const READERS = [
	shops.namePairs,
	shops.magentoAttributes,
	systemColumns,
	shops.variantGrams,
	shops.variantImage,
	// The columns left, one at a time: each by the first of these its name follows.
	byName(suffixes.unitColumn, suffixes.unitInHeader, suffixes.akeneoSuffixes),
	suffixes.ownChannelFirst,
	suffixes.accountCurrency,
];

/**
 * The columns no convention has read, one at a time in the row's order (a unit column completes
 * the values read before it), each by the first of `readers` whose pattern its name matches.
 */
function byName(...readers: NameReader[]): Reader {
	return (r) => {
		for (const column of r.unmatched) {
			if (r.used.has(column)) continue;
			const reader = readers.find((n) => n.name.test(column.trim()));
			reader?.read(r, column, reader.name.exec(column.trim())!);
		}
	};
}

/**
 * What the conventions read in a row (the arguments are Reading's): the values they give, the
 * columns they used, the warnings. The columns of `unmatched` they did not use went nowhere.
 */
export function conventionValues(...row: ConstructorParameters<typeof Reading>): Reading {
	const r = new Reading(...row);
	// Every reader reads the columns that match no attribute, or what those gave: none, nothing.
	if (r.unmatched.length) for (const read of READERS) read(r);
	const amounts = [...r.direct, ...r.values, ...[...r.otherLanguages.values()].flat()];
	r.warnings.push(...completeAmounts(amounts, r.scope.currency));
	return r;
}
