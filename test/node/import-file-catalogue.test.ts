/**
 * Import File with On Bad Rows → Stop reads the account's catalogue beside its check pass (#75):
 * the catalogue is read once when the first window's fields and the headers' cover every field
 * the rows compare, again when a later row compares another (the values still exact), and a file
 * refused by its check stops the read, no request outliving the import. Over HTTP against the
 * sandbox.
 */
import { sleep } from 'n8n-workflow';

import { runPim } from '../../harness/in-process';
import { channels, fileItem, productWrite } from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox({ accounts: [{ domain: 'early', token: 'early-token', products: 0 }] });

beforeEach(() => env.sb.reset());

const account = () => env.sb.account('early');
/** The reads of the product list (reads by SKU left out). */
const listReads = () =>
	env.sb.log.filter(
		(r) =>
			r.headers['x-domain'] === 'early' &&
			r.method === 'GET' &&
			r.path === '/api/integration/product' &&
			r.query['filter[sku]'] === undefined,
	);
const writes = () =>
	env.sb.log.filter(
		(r) =>
			r.headers['x-domain'] === 'early' &&
			r.path === '/api/integration/product' &&
			(r.method === 'POST' || r.method === 'PUT'),
	);

const IMPORT = productWrite('importFile', { channels: channels({ code: 'web', status: true }) });

function seed(count: number, values: (i: number) => Record<string, string>): void {
	for (let i = 0; i < count; i++)
		account().createProduct({
			sku: `EARLY-${i}`,
			familyCode: 'Clothing',
			values: values(i),
		});
}

const sheet = (lines: string[]) => fileItem(Buffer.from(lines.join('\n')));

describe('Import File: the catalogue read beside the check pass', () => {
	it('reads the catalogue once when the first rows and the headers name every field compared', async () => {
		seed(2500, (i) => ({ name: `Early ${i}` }));
		const lines = [
			'SKU,Name',
			...Array.from(
				{ length: 2500 },
				(_, i) => `EARLY-${i},Early ${i}${i === 2400 ? ' renamed' : ''}`,
			),
		];
		const { items, error } = await runPim(env.creds('early'), IMPORT, {
			input: [sheet(lines)],
			version: 2,
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ rows: 2500, updated: 1, unchanged: 2499, failed: 0 });
		// Three pages of 1 000, each read once.
		expect(listReads().map((r) => r.query['pagination[currentPage]'])).toEqual(['1', '2', '3']);
		expect(account().productBySku('EARLY-2400')!.values.name).toBe('Early 2400 renamed');
	});

	it('reads it again when a later row compares a field the first rows and the headers did not name', async () => {
		// PrestaShop's `Summary` is read as short_description by the conventions, not by its name:
		// empty in the first window, it is asked about only by row 26.
		seed(30, (i) => ({ name: `Early ${i}`, short_description: `Old ${i}` }));
		const lines = [
			'SKU,Name,Summary',
			...Array.from({ length: 30 }, (_, i) => `EARLY-${i},Early ${i},${i === 25 ? 'New 25' : ''}`),
		];
		const { items, error } = await runPim(env.creds('early'), IMPORT, {
			input: [sheet(lines)],
			version: 2,
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ rows: 30, updated: 1, unchanged: 29, failed: 0 });
		expect(account().productBySku('EARLY-25')!.values.short_description).toBe('New 25');
		expect(account().productBySku('EARLY-24')!.values.short_description).toBe('Old 24');
		// The read beside the check, then the one with every field the rows compare.
		expect(listReads()).toHaveLength(2);
		expect(writes()).toHaveLength(1);
	});

	it('stops the read when the check refuses the file: nothing written, no page past those asked for ahead', async () => {
		seed(20_000, (i) => ({ name: `Early ${i}` }));
		// The PIM at 20 requests a second: the 20 pages would take a second.
		env.sb.setFaults({ rateLimit: { rps: 20 } });
		const lines = ['SKU,Name', 'EARLY-1,Early 1', 'EARLY-2,Early 2,one cell too many'];
		const { error } = await runPim(env.creds('early'), IMPORT, {
			input: [sheet(lines)],
			version: 2,
		});
		expect(error?.message).toMatch(/Nothing was written: 1 of 2 rows/);
		expect(writes()).toHaveLength(0);
		const pages = listReads().length;
		// At most the page in hand and the 4 asked for ahead.
		expect(pages).toBeLessThanOrEqual(5);
		// And none after the import ended.
		await sleep(1500);
		expect(listReads()).toHaveLength(pages);
	});
});
