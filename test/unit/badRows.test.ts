/**
 * The one rule of a refused run (shared/badRows.ts): the rows at fault, by problem, for a run of
 * items (by index) and a catalogue file (by line), each counted even past those it keeps.
 */
import { Faults, FILE_LINES, ITEMS } from '../../nodes/Pim/shared/badRows';

const hinted = (message: string, description: string) =>
	Object.assign(new Error(message), { description });

it('names the rows of one problem together, in the order of their places, each with its SKU', () => {
	const faults = new Faults(ITEMS);
	expect(faults.add(7, 'B', hinted('Parameter "Family" is bad', 'Pick one.'))).toBe(
		'Parameter "Family" is bad. Pick one.',
	);
	faults.add(2, 'A', hinted('Parameter "Family" is bad', 'Pick one.'));
	faults.add(4, undefined, new Error('Parameter "SKU" is required'));
	expect(faults.first()).toBe(2);
	expect(faults.headline(10)).toBe('Nothing was written: 3 of 10 items have a problem');
	expect(faults.described()).toBe(
		'items 2 (SKU A), 7 (SKU B): Parameter "Family" is bad. Pick one. | item 4: Parameter "SKU" is required.',
	);
});

it('a file: counts every bad row, lists those it keeps, names the others by count', () => {
	const faults = new Faults(FILE_LINES, 3);
	for (let line = 2; line < 12; line++) faults.add(line, `S${line}`, new Error('The row is short'));
	expect(faults.count).toBe(10);
	expect(faults.list().map((f) => f.place)).toEqual([2, 3, 4]);
	expect(faults.headline(40)).toBe('Nothing was written: 10 of 40 rows of the file have a problem');
	expect(faults.described()).toBe(
		'lines 2 (SKU S2), 3 (SKU S3), 4 (SKU S4): The row is short | and 7 more rows of the file.',
	);
});

it('five rows per problem are named, the others counted', () => {
	const faults = new Faults(ITEMS);
	for (let i = 0; i < 8; i++) faults.add(i, undefined, new Error('Bad'));
	expect(faults.described()).toBe('items 0, 1, 2, 3, 4, … 8 items in all: Bad.');
});
