/**
 * The credential's "Multi-Select Field Names" (`multiSelectForm`): every product write (v1 and v2,
 * Create, Update, Create or Update) names multi-select values the way the credential says. The
 * sandbox account `plainform` reads only `color[]`, `demo` only `color-multi-select[]`; each
 * ignores the other form, so a wrong setting shows as values that never arrive.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPim, type PimCredentials } from '../../harness/in-process';
import {
	attributes,
	channels,
	defineBelow,
	productWrite,
	type ProductWriteOperation,
} from '../../harness/product-write';
import { useSandbox } from '../helpers/sandbox';

const env = useSandbox({
	accounts: [
		{ domain: 'plainform', token: 'plainform-token', products: 5, multiSelectForm: 'plain' },
	],
});

beforeEach(() => env.sb.reset());

const plain = (domain = 'plainform'): PimCredentials => ({
	...env.creds(domain),
	multiSelectForm: 'plain',
});
const suffix = (domain = 'plainform'): PimCredentials => ({
	...env.creds(domain),
	multiSelectForm: 'suffix',
});
const writes = () => env.sb.log.filter((r) => r.method !== 'GET');

/** The account's first family and channel (active), this SKU. */
const product = (sku: string) => ({
	sku,
	familyCode: env.sb.account('plainform').families[0].code,
	channels: channels({ code: env.sb.account('plainform').channels[0].code, status: true }),
});

const v1Create = (sku: string): INodeParameters =>
	productWrite('create', {
		...product(sku),
		attributes: attributes({ name: 'Tee' }),
		multiSelectAttributes: { attribute: [{ code: 'color', values: ['Red', 'Green'] }] },
	});

const v2 = (operation: ProductWriteOperation, sku: string): INodeParameters =>
	productWrite(operation, {
		...product(sku),
		columns: defineBelow({ name: 'Tee', color: ['Red', 'Green'] }),
	});

describe('multi-select field names (credential multiSelectForm)', () => {
	it('v1 Create with the plain form sends color[] and the PIM stores the values', async () => {
		env.sb.clearLog();
		const { error } = await runPim(plain(), v1Create('MS-1'));
		expect(error).toBeUndefined();
		expect(writes()[0].rawBody).toContain('color[]=Red&color[]=Green');
		expect(writes()[0].rawBody).not.toContain('multi-select');
		expect(env.sb.account('plainform').productBySku('MS-1')!.multiSelect.color).toEqual([
			'Red',
			'Green',
		]);
	});

	it('the default form against a plain-form PIM loses the values: the setting matters', async () => {
		env.sb.clearLog();
		const { error } = await runPim(suffix(), v1Create('MS-2'));
		expect(error).toBeUndefined();
		expect(writes()[0].rawBody).toContain('color-multi-select[]=Red');
		const stored = env.sb.account('plainform').productBySku('MS-2')!;
		expect(stored.values.name).toBe('Tee');
		expect(stored.multiSelect.color).toBeUndefined();
	});

	it('a credential saved before the field existed uses the default form', async () => {
		env.sb.clearLog();
		const { error } = await runPim(env.creds('demo'), v1Create('MS-3'));
		expect(error).toBeUndefined();
		expect(writes()[0].rawBody).toContain('color-multi-select[]=Red&color-multi-select[]=Green');
		expect(env.sb.account('demo').productBySku('MS-3')!.multiSelect.color).toEqual([
			'Red',
			'Green',
		]);
	});

	it('the plain form against a default PIM loses the values too', async () => {
		const { error } = await runPim(plain('demo'), v1Create('MS-4'));
		expect(error).toBeUndefined();
		expect(env.sb.account('demo').productBySku('MS-4')!.multiSelect.color).toBeUndefined();
	});

	it('v2 Create, Update and Create or Update (both branches) use the plain form', async () => {
		const account = env.sb.account('plainform');
		env.sb.clearLog();
		expect((await runPim(plain(), v2('create', 'MS-5'), { version: 2 })).error).toBeUndefined();
		expect(account.productBySku('MS-5')!.multiSelect.color).toEqual(['Red', 'Green']);

		const update = v2('update', 'MS-5');
		(update.columns as IDataObject).value = { color: ['Blue'] };
		expect((await runPim(plain(), update, { version: 2 })).error).toBeUndefined();
		expect(account.productBySku('MS-5')!.multiSelect.color).toEqual(['Red', 'Green', 'Blue']);

		expect((await runPim(plain(), v2('upsert', 'MS-6'), { version: 2 })).error).toBeUndefined();
		const upsertUpdate = v2('upsert', 'MS-6');
		(upsertUpdate.columns as IDataObject).value = { color: ['Navy'] };
		expect((await runPim(plain(), upsertUpdate, { version: 2 })).error).toBeUndefined();
		expect(account.productBySku('MS-6')!.multiSelect.color).toEqual(['Red', 'Green', 'Navy']);

		const bodies = writes().map((w) => w.rawBody ?? '');
		expect(bodies).toHaveLength(4);
		for (const body of bodies) {
			expect(body).toMatch(/color\[\]=/);
			expect(body).not.toContain('multi-select');
		}
	});
});
