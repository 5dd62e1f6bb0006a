/**
 * Import File's progress line in n8n's log (#72): the part of the file read and the time left at
 * the pace so far, once n8n tells the file's size.
 */
import { whereInFile } from '../../nodes/Pim/resources/product/fileImport/importRun';

it('says the part read and the time left at the pace so far', () => {
	// A quarter of the file in 30 s: three quarters left at that pace, 90 s.
	expect(whereInFile({ bytes: 250, size: 1000 }, 30_000)).toBe(
		' (25 % of the file, about 90 s left)',
	);
	expect(whereInFile({ bytes: 999, size: 1000 }, 100_000)).toBe(
		' (99 % of the file, about 1 s left)',
	);
});

it('says the whole file once it is read, and nothing without a size', () => {
	expect(whereInFile({ bytes: 1000, size: 1000 }, 5_000)).toBe(' (the whole file)');
	expect(whereInFile({ bytes: 1200, size: 1000 }, 5_000)).toBe(' (the whole file)');
	expect(whereInFile({ bytes: 500 }, 5_000)).toBe('');
	expect(whereInFile({ bytes: 0, size: 1000 }, 5_000)).toBe('');
});
