/**
 * Import File's window of rows (fileWindow.ts): 20 rows or a row's bound of characters at a time,
 * a product group never cut and refused past its bounds, rows without a group never holding the
 * window open, and what a refusal leaves to write.
 */
import { FILE_BOUNDS } from '../../nodes/Pim/shared/file/bounds';
import { RowWindow } from '../../nodes/Pim/resources/product/sources/fileWindow';

/** Feeds rows (line from 2) with their groups; returns the windows handed on, as lines. */
function windows(groups: Array<string | undefined>, chars = () => 10) {
	const window = new RowWindow<{ line: number }>();
	const out: number[][] = [];
	groups.forEach((group, i) => {
		const full = window.add({ line: i + 2 }, group, chars());
		if (full) out.push(full.map((r) => r.line));
	});
	return { out, window };
}

const lines = (from: number, to: number) =>
	Array.from({ length: to - from + 1 }, (_, i) => from + i);

it('20 rows at a time when rows have no group (no Group By, or an empty value)', () => {
	const { out, window } = windows(Array(45).fill(undefined));
	expect(out).toEqual([lines(2, 21), lines(22, 41)]);
	expect(window.rest().map((r) => r.line)).toEqual(lines(42, 46));
});

it('a product group is never cut: the window grows past 20 rows until the group ends', () => {
	const groups = [...Array(15).fill('a'), ...Array(30).fill('b'), 'c'];
	const { out } = windows(groups);
	// 15 rows of a, then b joins (the window is not full yet) and holds it open until c.
	expect(out).toEqual([lines(2, 46)]);
});

it('a window of long rows is handed on at a row of characters', () => {
	const { out } = windows(Array(10).fill(undefined), () => FILE_BOUNDS.row / 2);
	expect(out.map((w) => w.length)).toEqual([2, 2, 2, 2]);
});

it('a group past its rows is refused at the line that passes the bound', () => {
	expect(() => windows(Array(FILE_BOUNDS.groupRows + 1).fill('same'))).toThrow(
		`The file is refused at line ${FILE_BOUNDS.groupRows + 2}: the product group "same" has more than 2,500 rows`,
	);
	expect(() => windows(Array(FILE_BOUNDS.groupRows).fill('same'))).not.toThrow();
});

it('a refusal leaves the rows before it, but the group it cuts', () => {
	const { window } = windows(['a', 'a', undefined, 'b', 'b']);
	expect(window.beforeRefusal()).toEqual({
		rows: [{ line: 2 }, { line: 3 }, { line: 4 }],
		cut: { group: 'b', line: 5 },
	});
	const plain = windows([undefined, undefined]).window;
	expect(plain.beforeRefusal()).toEqual({ rows: [{ line: 2 }, { line: 3 }] });
});
